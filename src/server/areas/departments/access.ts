// Where a departments call may look (docs/adr/0034-tenant-organisation.md, docs/security.md "Reach"): an
// enterprise the caller sees, a department it reaches. Everything else — missing, another tenant's, out
// of a department administrator's subtree — answers the same 1404, so ids cannot be probed. Admission
// already refused a declared target out of reach (the call's `target`: its enterprise, and its
// department where it names one, src/server/auth/target-reach.ts and department-target.ts); what stays
// here is what admission cannot know: whether the row exists, the departments below a department
// administrator's own, and a department the call reads from its body besides its declared target.
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import { existingTenant } from '../users/queries.ts';
import type { DepartmentDbRow } from './department-record.ts';
import { findDepartment, type Reachable } from './queries.ts';

/** The departments of the declared enterprise the caller reaches (null = all); 1404 when the enterprise
 *  does not exist. */
export async function domainInReach(db: Db, user: CurrentUser, domainId: string): Promise<Reachable> {
  await existingTenant(db, domainId);
  return reachableDepartments(db, user.reach, domainId);
}

/** The row of the declared department target, of `domainId` when the path names one: 1404 when it does
 *  not exist there (admission lets a platform caller through to any id). */
export async function existingDepartment(
  db: Db,
  departmentId: string,
  domainId?: string,
  field?: string,
): Promise<DepartmentDbRow> {
  const row = await findDepartment(db, departmentId);
  if (!row || (domainId !== undefined && row.domain_id !== domainId))
    throw new AppError('notFound', undefined, undefined, field);
  return row;
}

/** A department the call names besides its declared target (the superior a move chooses): of
 *  `domainId` and within the caller's reach, else 1404 on `field`. */
export async function departmentInReach(
  db: Db,
  user: CurrentUser,
  departmentId: string,
  domainId: string,
  field: string,
): Promise<DepartmentDbRow> {
  const row = await existingDepartment(db, departmentId, domainId, field);
  const reachable = await reachableDepartments(db, user.reach, row.domain_id);
  if (reachable !== null && !reachable.includes(departmentId))
    throw new AppError('notFound', undefined, undefined, field);
  return row;
}
