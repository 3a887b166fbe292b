// Between the `domains` table and the `domain` entity: column names, and the SMS password that is
// never sent back in clear (UNCHANGED_SECRET stands for "one is stored").
import type { Selectable, Updateable } from 'kysely';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { Db, Domains } from '../../db/schema.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import type { Domain } from '../../../core/generated/api-types.ts';

export interface DomainAdmin {
  id: string;
  username: string;
}

export interface DomainReply {
  id: string;
  name: string;
  systemName: string;
  smsMemberCode: string;
  smsMemberPwd: string;
  description: string;
  logoUrl: string;
  status: 0 | 1;
  users: DomainAdmin[];
}

/** The writable fields of the entity as a create or update body carries them. */
export type DomainInput = Partial<Omit<Domain, 'id' | 'users'>>;

export type DomainRow = Pick<
  Selectable<Domains>,
  'id' | 'name' | 'system_name' | 'sms_member_code' | 'sms_member_pwd' | 'description' | 'logo_url' | 'status' | 'ext'
>;

/** Extension field values (field1…field20 of `ext`) travel as top-level properties, as the catalogue
 *  the console receives describes them. */
export function toDomainReply(row: DomainRow, users: DomainAdmin[] = []): DomainReply {
  return {
    ...row.ext,
    id: row.id,
    name: row.name,
    systemName: row.system_name,
    smsMemberCode: row.sms_member_code,
    smsMemberPwd: row.sms_member_pwd ? UNCHANGED_SECRET : '',
    description: row.description,
    logoUrl: row.logo_url,
    status: row.status === 0 ? 0 : 1,
    users,
  };
}

/** Only the fields present in the body change (a form that omits the logo does not clear it). */
export function toDomainColumns(input: DomainInput): Updateable<Domains> {
  const columns: Updateable<Domains> = {};
  if (input.name !== undefined) columns.name = input.name.trim();
  if (input.systemName !== undefined) columns.system_name = input.systemName;
  if (input.smsMemberCode !== undefined) columns.sms_member_code = input.smsMemberCode;
  if (input.smsMemberPwd !== undefined && input.smsMemberPwd !== UNCHANGED_SECRET)
    columns.sms_member_pwd = input.smsMemberPwd;
  if (input.description !== undefined) columns.description = input.description;
  if (input.logoUrl !== undefined) columns.logo_url = input.logoUrl;
  if (input.status !== undefined) columns.status = input.status;
  return columns;
}

/** The stored SMS password is bound to the member code it was saved with (`x-secret-bound` in
 *  schemas/entities/domain.yaml, docs/adr/0084-secret-binding.md): a new code with the password kept
 *  (the placeholder, or left out) is refused on /smsMemberPwd before anything is written. */
export async function requireSmsPasswordBound(db: Db, id: string, input: DomainInput): Promise<void> {
  const kept = input.smsMemberPwd === undefined || input.smsMemberPwd === UNCHANGED_SECRET;
  if (!kept || input.smsMemberCode === undefined) return;
  const stored = await db
    .selectFrom('domains')
    .select(['sms_member_code', 'sms_member_pwd'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (stored?.sms_member_pwd && input.smsMemberCode !== stored.sms_member_code)
    throw new ValidationFailure([], [{ field: '/smsMemberPwd', message: 'config.msg.secretAgain' }]);
}
