// The rules a row of an import must pass are THE SAME as users.create / departments.create: the row,
// as the body those calls take, goes through their own validator (schema, wire fields, the entity's
// form rules), so a rule changed in the catalogue changes the import. The save functions behind the
// calls then apply the rest (reach, uniqueness, proxies, extension fields).
import { encodePassword } from '../../../core/password-codec.ts';
import type { Catalogue } from '../../../core/catalogue/types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { compileCallValidator, createAjv, type CallValidator } from '../../http/validation.ts';
import type { Kind } from './columns.ts';

const CREATE_CALL: Record<Kind, string> = { user: 'users.create', department: 'departments.create' };
const validators = new WeakMap<Catalogue, Map<Kind, CallValidator>>();

// An imported user has no password (docs/adr/0035-organisation-excel-import-export.md); the create call's password rules are met by a stand-in
// that never reaches the save (it creates the user without one).
const STAND_IN = encodePassword('Imported#2026');

/** Throws the ValidationFailure the create call would answer for this body (wire names). */
export function checkRecord(
  catalogue: Catalogue,
  kind: Kind,
  domainId: string,
  body: Record<string, unknown>,
  caller: CurrentUser,
): void {
  if (!validators.has(catalogue)) validators.set(catalogue, new Map());
  const cache = validators.get(catalogue)!;
  if (!cache.has(kind))
    cache.set(kind, compileCallValidator(createAjv(catalogue), catalogue.calls[CREATE_CALL[kind]], catalogue));
  const withPassword = kind === 'user' ? { ...body, password: STAND_IN, confirmpwd: STAND_IN } : body;
  cache.get(kind)!.check({ query: {}, params: { id: domainId }, body: withPassword }, { ...caller });
}
