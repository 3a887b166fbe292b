// Creates and updates privileged users, each in ONE transaction: reach and grant checks, the password
// (hashed; the unchanged marker keeps the stored one), the row, and the links replaced as a whole.
import { randomUUID } from 'node:crypto';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { Superuser } from '../../../core/generated/api-types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { hashPassword } from '../../auth/password-hash.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { checkGrants } from './grants.ts';
import { loginnoTaken } from './queries.ts';
import { reachable } from './reach.ts';
import { wantedState, type Wanted } from './superuser-record.ts';

const UNIQUE_VIOLATION = '23505';
const taken = () => new AppError('conflict', undefined, 'error.loginnoTaken');

/** The unique index on lower(loginno) is the real guard; the pre-check gives the common case its answer. */
async function uniqueLoginno<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw taken();
    throw error;
  }
}

async function writeLinks(trx: Db, id: string, wanted: Wanted): Promise<void> {
  await trx.deleteFrom('superuser_domains').where('superuser_id', '=', id).execute();
  await trx.deleteFrom('superuser_applications').where('superuser_id', '=', id).execute();
  await trx.deleteFrom('superuser_departments').where('superuser_id', '=', id).execute();
  if (wanted.domains.length) await trx.insertInto('superuser_domains').values(wanted.domains.map((domain_id) => ({ superuser_id: id, domain_id }))).execute();
  if (wanted.applications.length) await trx.insertInto('superuser_applications').values(wanted.applications.map((application_id) => ({ superuser_id: id, application_id }))).execute();
  if (wanted.departments.length) await trx.insertInto('superuser_departments').values(wanted.departments.map((department_id) => ({ superuser_id: id, department_id }))).execute();
}

/** A password set in the form restarts its age and unlocks the account (the administrator's unlock);
 *  one an administrator gives someone else must be changed at that user's next login (first-login policy). */
function newPasswordColumns(passwordHash: string, setBySomeoneElse: boolean) {
  return { password_hash: passwordHash, password_changed_at: new Date(), failed_logins: 0, locked_until: null, must_change_password: setBySomeoneElse };
}

function columnsOf(body: Superuser, wanted: Wanted) {
  const { domains: _d, applications: _a, departments: _p, ...flags } = wanted;
  return { ...flags, name: body.name.trim(), loginno: body.loginno.trim(), email: body.email.trim(), ...(body.telephone === undefined ? {} : { telephone: body.telephone }), status: body.status ?? 1 };
}

/** The form's scope rules are skipped for a built-in officer (`form.builtin`): only the stored flag may say so. */
const notBuiltin = () => new ValidationFailure([], [{ field: '/builtin', message: 'msg.builtinFixed' }]);

export async function createSuperuser(db: Db, caller: CurrentUser, body: Superuser): Promise<string> {
  // There is no stored password to keep: the marker is no password at all.
  if (body.password === UNCHANGED_SECRET) throw new ValidationFailure([], [{ field: '/password', message: 'msg.requirePassword' }]);
  if (body.builtin) throw notBuiltin();
  const wanted = wantedState(body, caller.isOpenSecurity);
  const passwordHash = await hashPassword(body.password);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await checkGrants(trx, caller, wanted);
    if (await loginnoTaken(trx, body.loginno)) throw taken();
    // Someone else chose this password: the first-login policy makes the new user change it.
    await uniqueLoginno(() => trx.insertInto('superusers').values({ ...columnsOf(body, wanted), id, password_hash: passwordHash, must_change_password: true }).execute());
    await writeLinks(trx, id, wanted);
  });
  return id;
}

/** Answers false when the id is missing or out of the caller's reach (nothing changed). A built-in
 *  officer keeps its stored type, flags and (empty) scope whatever the body says. */
export async function updateSuperuser(db: Db, caller: CurrentUser, id: string, body: Superuser): Promise<boolean> {
  const wanted = wantedState(body, caller.isOpenSecurity);
  const passwordHash = body.password === UNCHANGED_SECRET ? undefined : await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('superusers as s').select(['s.id', 's.builtin']).where('s.id', '=', id).where(reachable(caller)).forUpdate().executeTakeFirst();
    if (!target) return false;
    if (body.builtin && !target.builtin) throw notBuiltin();
    if (!target.builtin) await checkGrants(trx, caller, wanted, id);
    if (await loginnoTaken(trx, body.loginno, id)) throw taken();
    const { super_admin: _s, domain_admin: _a, developer: _d, type: _t, ...ownColumns } = columnsOf(body, wanted);
    const columns = { ...(target.builtin ? ownColumns : columnsOf(body, wanted)), updated_at: new Date(), ...(passwordHash ? newPasswordColumns(passwordHash, id !== caller.id) : {}) };
    await uniqueLoginno(() => trx.updateTable('superusers').set(columns).where('id', '=', id).execute());
    if (!target.builtin) await writeLinks(trx, id, wanted);
    return true;
  });
}
