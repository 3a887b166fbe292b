// What a caller may grant (docs/security.md): only a super administrator grants super administrator;
// every id must exist; a department-level user belongs to one enterprise. Whether the saved user stays
// inside the caller's reach is decided after the write, in the same transaction, by the one rule of
// reach.ts (`manageableBy`), so grants and edits can never disagree. Unknown ids read as out of reach.
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { seesDomain } from '../../auth/reach.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { manageableBy } from './reach.ts';
import type { Links, Wanted } from './superuser-record.ts';

const outOfReach = () => new AppError('forbidden', undefined, 'error.scopeOutOfReach');
const departmentsError = (message: string) => new ValidationFailure([], [{ field: '/departments', message }]);

async function allExist(trx: Db, table: 'domains' | 'applications', ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await trx.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return found.length === ids.length;
}

/** Before the write: 1403 for super administrator rights or unknown ids, 1001 for departments
 *  outside the chosen enterprise or spread over several. */
export async function checkGrants(trx: Db, caller: CurrentUser, wanted: Wanted): Promise<void> {
  if (wanted.super_admin && !caller.superAdmin) throw new AppError('forbidden', undefined, 'error.grantSuperAdmin');
  if (!(await allExist(trx, 'domains', wanted.domains)) || !(await allExist(trx, 'applications', wanted.applications)))
    throw outOfReach();
  if (wanted.departments.length === 0) return;
  const found = await trx
    .selectFrom('departments')
    .select(['id', 'domain_id'])
    .where('id', 'in', wanted.departments)
    .execute();
  // Another tenant's departments read as unknown ones, before any rule about them is told.
  if (found.length !== wanted.departments.length || !found.every((d) => seesDomain(caller.reach, d.domain_id)))
    throw outOfReach();
  if (!found.every((d) => wanted.domains.includes(d.domain_id))) throw departmentsError('msg.departmentNotInDomain');
  // Departments narrow a user to one enterprise (reach.ts): never departments of two.
  if (wanted.domains.length !== 1) throw departmentsError('msg.departmentsOneDomain');
}

/** After the write: the saved user must be one the caller manages, else the transaction is undone. */
export async function checkStillManaged(trx: Db, caller: CurrentUser, id: string): Promise<void> {
  const row = await trx
    .selectFrom('superusers as s')
    .select('s.id')
    .where('s.id', '=', id)
    .where(manageableBy(caller))
    .executeTakeFirst();
  if (!row) throw outOfReach();
}

/** Nobody changes its own rights: type, flags, status, enterprises, departments or applications. */
export function checkOwnRights(
  stored: Omit<Wanted, keyof Links> & Links & { status: number },
  wanted: Wanted & { status: number },
): void {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
  const unchanged =
    stored.type === wanted.type &&
    stored.super_admin === wanted.super_admin &&
    stored.domain_admin === wanted.domain_admin &&
    stored.developer === wanted.developer &&
    stored.status === wanted.status &&
    same(stored.domains, wanted.domains) &&
    same(stored.departments, wanted.departments) &&
    same(stored.applications, wanted.applications);
  if (!unchanged) throw new AppError('forbidden', undefined, 'error.ownRights');
}
