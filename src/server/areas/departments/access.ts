// Where a departments call may look (docs/adr/0034-tenant-organisation.md, docs/security.md "Reach"): an enterprise the caller sees,
// a department it reaches. Everything else — missing, another tenant's, out of a department
// administrator's subtree — answers the same 1404, so ids cannot be probed.
import type { CurrentUser } from '../../auth/current-user.ts';
import { seesDomain } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import type { DepartmentDbRow } from './department-record.ts';
import { findDepartment, type Reachable } from './queries.ts';

/** The departments of the enterprise the caller reaches (null = all), once it is known to see it. */
export async function domainInReach(db: Db, user: CurrentUser, domainId: string): Promise<Reachable> {
  const exists =
    seesDomain(user.reach, domainId) &&
    (await db.selectFrom('domains').select('id').where('id', '=', domainId).executeTakeFirst());
  if (!exists) throw new AppError('notFound');
  return reachableDepartments(db, user.reach, domainId);
}

/** A department the caller reaches, of `domainId` when the path names one; `field` names the body
 *  field a refusal is about (a superior). */
export async function departmentInReach(
  db: Db,
  user: CurrentUser,
  departmentId: string,
  domainId?: string,
  field?: string,
): Promise<DepartmentDbRow> {
  const row = await findDepartment(db, departmentId);
  const reachable =
    row && (domainId === undefined || row.domain_id === domainId)
      ? await reachableDepartments(db, user.reach, row.domain_id)
      : [];
  if (!row || (reachable !== null && !reachable.includes(departmentId)))
    throw new AppError('notFound', undefined, undefined, field);
  return row;
}
