// Creates and updates privileged users, each in ONE transaction: reach and grant checks, the password
// (hashed; the unchanged marker keeps the stored one), the row, and the links replaced as a whole.
import { randomUUID } from 'node:crypto';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { Superuser } from '../../../core/generated/api-types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { clearFailedLogins } from '../../auth/login-lock.ts';
import { hashPassword } from '../../auth/password-hash.ts';
import { endOtherSessions } from '../../auth/sessions.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { checkGrants, checkOwnRights, checkStillManaged } from './grants.ts';
import { linksOf, loginnoTaken } from './queries.ts';
import { manageableBy, visibleTo } from './reach.ts';
import { wantedState, type Wanted } from './superuser-record.ts';
import { uniqueOr } from '../../db/constraint-errors.ts';

const taken = () => new AppError('conflict', undefined, 'error.loginnoTaken', '/loginno');
/** The unique index on lower(loginno) decides a race. */
const uniqueLoginno = <T>(write: () => Promise<T>) => uniqueOr(write, taken);

async function writeLinks(trx: Db, id: string, wanted: Wanted): Promise<void> {
  await trx.deleteFrom('superuser_domains').where('superuser_id', '=', id).execute();
  await trx.deleteFrom('superuser_applications').where('superuser_id', '=', id).execute();
  await trx.deleteFrom('superuser_departments').where('superuser_id', '=', id).execute();
  if (wanted.domains.length)
    await trx
      .insertInto('superuser_domains')
      .values(wanted.domains.map((domain_id) => ({ superuser_id: id, domain_id })))
      .execute();
  if (wanted.applications.length)
    await trx
      .insertInto('superuser_applications')
      .values(wanted.applications.map((application_id) => ({ superuser_id: id, application_id })))
      .execute();
  if (wanted.departments.length)
    await trx
      .insertInto('superuser_departments')
      .values(wanted.departments.map((department_id) => ({ superuser_id: id, department_id })))
      .execute();
}

/** A password set in the form restarts its age and unlocks the account (the administrator's unlock);
 *  one an administrator gives someone else must be changed at that user's next login (first-login policy). */
function newPasswordColumns(passwordHash: string, setBySomeoneElse: boolean) {
  return {
    password_hash: passwordHash,
    password_changed_at: new Date(),
    failed_logins: 0,
    locked_until: null,
    must_change_password: setBySomeoneElse,
  };
}

function columnsOf(body: Superuser, wanted: Wanted) {
  const { domains: _d, applications: _a, departments: _p, ...flags } = wanted;
  return {
    ...flags,
    name: body.name.trim(),
    loginno: body.loginno.trim(),
    email: body.email.trim(),
    ...(body.telephone === undefined ? {} : { telephone: body.telephone }),
    status: body.status ?? 1,
  };
}

/** The form's scope rules are skipped for a built-in officer (`form.builtin`): only the stored flag may say so. */
const notBuiltin = () => new ValidationFailure([], [{ field: '/builtin', message: 'msg.builtinFixed' }]);

export async function createSuperuser(db: Db, caller: CurrentUser, body: Superuser): Promise<string> {
  // There is no stored password to keep: the marker is no password at all.
  if (body.password === UNCHANGED_SECRET)
    throw new ValidationFailure([], [{ field: '/password', message: 'msg.requirePassword' }]);
  if (body.builtin) throw notBuiltin();
  const wanted = wantedState(body, caller.isOpenSecurity);
  const passwordHash = await hashPassword(body.password);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await checkGrants(trx, caller, wanted);
    if (await loginnoTaken(trx, body.loginno)) throw taken();
    // Someone else chose this password: the first-login policy makes the new user change it.
    await uniqueLoginno(() =>
      trx
        .insertInto('superusers')
        .values({ ...columnsOf(body, wanted), id, password_hash: passwordHash, must_change_password: true })
        .execute(),
    );
    await writeLinks(trx, id, wanted);
    await checkStillManaged(trx, caller, id);
  });
  return id;
}

/** Opens an account that wrong passwords locked, before its time (Keycloak's "unlock user"): the
 *  caller must manage the user, as for any other change. False when missing or out of reach. */
export async function unlockSuperuser(db: Db, caller: CurrentUser, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockTarget(trx, caller, id))) return false;
    await clearFailedLogins(trx, id);
    return true;
  });
}

/** The stored user the caller may save: itself, or one it manages. Another user it only sees is
 *  refused (1403); one it does not see reads as missing (undefined → 1404). */
async function lockTarget(trx: Db, caller: CurrentUser, id: string) {
  const self = id === caller.id;
  const target = await trx
    .selectFrom('superusers as s')
    .select(['s.id', 's.builtin', 's.type', 's.super_admin', 's.domain_admin', 's.developer', 's.status'])
    .where('s.id', '=', id)
    .where(self ? visibleTo(caller) : manageableBy(caller))
    .forUpdate()
    .executeTakeFirst();
  if (
    !target &&
    !self &&
    (await trx
      .selectFrom('superusers as s')
      .select('s.id')
      .where('s.id', '=', id)
      .where(visibleTo(caller))
      .executeTakeFirst())
  ) {
    throw new AppError('forbidden', undefined, 'error.notManageable');
  }
  return target;
}

/** Answers false when the id is missing or out of the caller's reach (nothing changed). A built-in
 *  officer keeps its stored type, flags and (empty) scope whatever the body says; a user saving
 *  itself changes its own details and password, never its rights. A new password ends the user's
 *  sessions, all but `callerSession` (the one saving) when the user saves itself. */
export async function updateSuperuser(
  db: Db,
  caller: CurrentUser,
  id: string,
  body: Superuser,
  callerSession?: string,
): Promise<boolean> {
  const wanted = wantedState(body, caller.isOpenSecurity);
  const passwordHash = body.password === UNCHANGED_SECRET ? undefined : await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, caller, id);
    if (!target) return false;
    if (body.builtin && !target.builtin) throw notBuiltin();
    const self = id === caller.id;
    // In security mode the type is what the form sets, outside it the flags: compare that.
    if (self && !target.builtin) {
      const stored = {
        ...target,
        type: caller.isOpenSecurity ? target.type : wanted.type,
        ...(await linksOf(trx, id)),
      } as Parameters<typeof checkOwnRights>[0];
      checkOwnRights(stored, { ...wanted, status: body.status ?? 1 });
    }
    const rightsChange = !target.builtin && !self;
    if (rightsChange) await checkGrants(trx, caller, wanted);
    if (await loginnoTaken(trx, body.loginno, id)) throw taken();
    const { super_admin: _s, domain_admin: _a, developer: _d, type: _t, ...builtinColumns } = columnsOf(body, wanted);
    const { status: _st, ...ownColumns } = builtinColumns;
    const columns = {
      ...(rightsChange ? columnsOf(body, wanted) : self ? ownColumns : builtinColumns),
      updated_at: new Date(),
      ...(passwordHash ? newPasswordColumns(passwordHash, !self) : {}),
    };
    await uniqueLoginno(() => trx.updateTable('superusers').set(columns).where('id', '=', id).execute());
    if (passwordHash) await endOtherSessions(trx, id, self ? callerSession : undefined);
    if (rightsChange) {
      await writeLinks(trx, id, wanted);
      await checkStillManaged(trx, caller, id);
    }
    return true;
  });
}
