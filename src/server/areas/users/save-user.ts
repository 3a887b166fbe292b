// Creates and updates a tenant's users, each in ONE transaction: the target and its department within
// the caller's reach, the proxy rules, the unique login number, the password (hashed; the unchanged
// marker keeps the stored one), the calendar (the enterprise's own, its default when none is chosen)
// and the tenant's extension fields.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { User } from '../../../core/generated/api-types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { hashPassword } from '../../auth/password-hash.ts';
import { governsDomain } from '../../auth/reach.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { extensionValuesOf } from '../domains/extension-checks.ts';
import { mergedExt } from '../domains/extension-values.ts';
import { tenantFields } from '../field-extends/stored-fields.ts';
import { declaredTenantReach, inDepartments } from './queries.ts';
import { userCalendar } from './user-calendar.ts';
import { userColumns } from './user-record.ts';
import { uniqueOr } from '../../db/constraint-errors.ts';

const taken = () => new AppError('conflict', undefined, 'error.userLoginnoTaken', '/loginno');
const invalid = (field: string, message: string) => new ValidationFailure([], [{ field, message }]);
/** The unique index on (domain_id, lower(loginno)) decides a race: it answers like the pre-check. */
const uniqueLoginno = <T>(write: () => Promise<T>) => uniqueOr(write, taken);

/** Is `text` a real calendar day written yyyy-MM-dd (years 1900 on: the database has no year 0)? */
const isDay = (text: string) =>
  text >= '1900' &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** The department is one of the tenant's and inside the caller's reach. Kept here, not declared as
 *  the call's department target: its refusal is the form's message on the field (1001
 *  msg.userDepartmentOutside), and the Excel import, which admission does not see, shares it. */
export async function departmentAllowed(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  departmentId: string,
): Promise<boolean> {
  if (reachable !== null && !reachable.includes(departmentId)) return false;
  return (
    (await db
      .selectFrom('departments')
      .select('id')
      .where('id', '=', departmentId)
      .where('domain_id', '=', domainId)
      .executeTakeFirst()) !== undefined
  );
}

/** Same tenant, not the user itself, on the job; both dates real days, the end not before the start. */
async function checkProxy(db: Db, domainId: string, userId: string | undefined, body: User): Promise<void> {
  const proxyId = body.proxyuserid?.trim();
  if (!proxyId) return;
  if (proxyId === userId) throw invalid('/proxyuserid', 'msg.proxyNotSelf');
  const proxy = await db
    .selectFrom('users')
    .select('status')
    .where('id', '=', proxyId)
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
  if (!proxy) throw invalid('/proxyuserid', 'msg.proxyOutside');
  if (proxy.status === 0) throw invalid('/proxyuserid', 'msg.proxyResigned');
  for (const field of ['proxyStart', 'proxyEnd'] as const)
    if (!body[field] || !isDay(body[field])) throw invalid(`/${field}`, 'msg.invalidDate');
  if (body.proxyEnd! < body.proxyStart!) throw invalid('/proxyEnd', 'msg.proxyEndBeforeStart');
}

/** Whoever these users stand in for loses its proxy (an index lookup, docs/adr/0218-user-references-indexed-lean-import-worker.md). */
export const proxiesCleared = (db: Db, userIds: readonly string[]) =>
  db
    .updateTable('users')
    .set({ proxy_user_id: null, proxy_start: null, proxy_end: null, updated_at: new Date() })
    .where('proxy_user_id', 'in', userIds);

/** A resigned user stops standing in for anyone (docs/adr/0034-tenant-organisation.md). */
export async function clearAsProxy(trx: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await proxiesCleared(trx, userIds).execute();
}

async function loginnoTaken(db: Db, domainId: string, loginno: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('domain_id', '=', domainId)
    .where(sql<boolean>`lower(loginno) = lower(${loginno.trim()})`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The body with its calendar resolved: the enterprise's own (else refused), or its default. */
async function withCalendar(db: Db, domainId: string, body: User): Promise<User> {
  const calendar = await userCalendar(db, domainId, body.calendarid);
  if (!calendar) throw invalid('/calendarid', 'msg.calendarOutside');
  return { ...body, calendarid: calendar.id ?? '' };
}

/** Only the platform and the tenant's administrators make or unmake domain administrators. */
function checkAdminFlag(caller: CurrentUser, domainId: string, wanted: boolean | undefined, stored: boolean): void {
  if ((wanted ?? stored) !== stored && !governsDomain(caller.reach, domainId))
    throw new AppError('forbidden', undefined, 'msg.domainAdminByTenant');
}

/** The stored row of a new user (the form's create and an import's new rows). */
export function newUserRow(
  id: string,
  domainId: string,
  body: User,
  ext: Record<string, unknown>,
  passwordHash: string | null,
) {
  return {
    ...userColumns(body),
    id,
    domain_id: domainId,
    password_hash: passwordHash,
    domain_admin: body.isdomainadmin ?? false,
    ext: JSON.stringify(ext),
  };
}

/** Creates the user and answers its id; 1404 when the tenant is out of reach. `withoutPassword`: an
 *  Excel import's user, who gets a password from an administrator before signing in (docs/adr/0035-organisation-excel-import-export.md). */
export async function createUser(
  db: Db,
  caller: CurrentUser,
  domainId: string,
  wanted: User,
  options: { withoutPassword?: boolean } = {},
): Promise<string> {
  let body = wanted;
  if (body.password === UNCHANGED_SECRET && !options.withoutPassword) throw invalid('/password', 'msg.requirePassword');
  // `domainId` is the call's declared tenant (users.create/update/delete, the imports): admission
  // checked its reach.
  const reachable = await declaredTenantReach(db, caller.reach, domainId);
  checkAdminFlag(caller, domainId, body.isdomainadmin, false);
  const ext = extensionValuesOf(await tenantFields(db, 'tableUser', domainId), body, true);
  const passwordHash = options.withoutPassword ? null : await hashPassword(body.password);
  const id = randomUUID();
  await inTransaction(db, async (trx) => {
    if (!(await departmentAllowed(trx, domainId, reachable, body.departmentid)))
      throw invalid('/departmentid', 'msg.userDepartmentOutside');
    body = await withCalendar(trx, domainId, body);
    await checkProxy(trx, domainId, undefined, body);
    if (await loginnoTaken(trx, domainId, body.loginno)) throw taken();
    await uniqueLoginno(() =>
      trx
        .insertInto('users')
        .values(newUserRow(id, domainId, body, ext, passwordHash))
        .execute(),
    );
  });
  return id;
}

/** Saves the user the body names; 1404 when it is not a user of the tenant within reach. */
export async function updateUser(db: Db, caller: CurrentUser, domainId: string, wanted: User): Promise<string> {
  let body = wanted;
  const id = body.id;
  if (!id) throw new AppError('notFound');
  // `domainId` is the call's declared tenant (users.create/update/delete, the imports): admission
  // checked its reach.
  const reachable = await declaredTenantReach(db, caller.reach, domainId);
  const ext = extensionValuesOf(await tenantFields(db, 'tableUser', domainId), body, false);
  const passwordHash = body.password === UNCHANGED_SECRET ? undefined : await hashPassword(body.password);
  await inTransaction(db, async (trx) => {
    const target = await trx
      .selectFrom('users as u')
      .select(['u.id', 'u.domain_admin'])
      .where('u.id', '=', id)
      .where('u.domain_id', '=', domainId)
      .where(inDepartments(reachable))
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw new AppError('notFound');
    checkAdminFlag(caller, domainId, body.isdomainadmin, target.domain_admin);
    if (!(await departmentAllowed(trx, domainId, reachable, body.departmentid)))
      throw invalid('/departmentid', 'msg.userDepartmentOutside');
    body = await withCalendar(trx, domainId, body);
    await checkProxy(trx, domainId, id, body);
    if (await loginnoTaken(trx, domainId, body.loginno, id)) throw taken();
    const columns = {
      ...userColumns(body),
      domain_admin: body.isdomainadmin ?? target.domain_admin,
      ext: mergedExt(ext),
      updated_at: new Date(),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    };
    await uniqueLoginno(() => trx.updateTable('users').set(columns).where('id', '=', id).execute());
    if (columns.status === 0) await clearAsProxy(trx, [id]);
  });
  return id;
}
