// Which departments of a tenant a caller reaches (docs/adr/0034-tenant-organisation.md), shared by the department,
// user and domain-administrator calls: the platform and the tenant's administrators reach the whole
// tree; a department-level administrator its own departments and everything below them.
import { sql } from 'kysely';
import { governsDomain, seesDomain, type Reach } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';

/** The departments of `domainId` the caller reaches: null = all of them, [] = none (not its tenant). */
export async function reachableDepartments(db: Db, reach: Reach, domainId: string): Promise<string[] | null> {
  if (governsDomain(reach, domainId)) return null;
  if (reach.kind !== 'departments' || !seesDomain(reach, domainId)) return [];
  return descendantsOf(db, domainId, reach.departments, true);
}

/** The departments below `roots` in the tenant (and the roots themselves when `withRoots`). */
export async function descendantsOf(
  db: Db,
  domainId: string,
  roots: readonly string[],
  withRoots: boolean,
): Promise<string[]> {
  if (roots.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from departments where domain_id = ${domainId} and id = any(${sql.val([...roots])}::text[])
      union
      select d.id from departments d join tree t on d.superior_id = t.id
    )
    select id from tree`.execute(db);
  const ids = rows.map((r) => r.id);
  return withRoots ? ids : ids.filter((id) => !roots.includes(id));
}

/** May the caller change users of this department (create, edit, move into it, resign, delete)? */
export async function managesUsersIn(db: Db, reach: Reach, domainId: string, departmentId: string): Promise<boolean> {
  const reachable = await reachableDepartments(db, reach, domainId);
  return reachable === null || reachable.includes(departmentId);
}

/** The departments of `domainId` the caller may change itself (rename, move, delete): null = all of
 *  them; a department-level administrator only those strictly below its own. */
export async function managedDepartments(db: Db, reach: Reach, domainId: string): Promise<string[] | null> {
  if (governsDomain(reach, domainId)) return null;
  if (reach.kind !== 'departments' || reach.domain !== domainId) return [];
  return descendantsOf(db, domainId, reach.departments, false);
}

/** May the caller change this department itself (rename, move, delete) or create one under it as a
 *  superior? A department-level administrator changes only what lies strictly below its own. */
export async function managesDepartment(
  db: Db,
  reach: Reach,
  domainId: string,
  departmentId: string,
  asSuperior: boolean,
): Promise<boolean> {
  if (governsDomain(reach, domainId)) return true;
  if (reach.kind !== 'departments' || reach.domain !== domainId) return false;
  return (await descendantsOf(db, domainId, reach.departments, asSuperior)).includes(departmentId);
}

/** The department and its ancestors, from `id` up (a loop in old data ends the walk). */
export async function selfAndAncestors(db: Db, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive up(id, superior_id) as (
      select id, superior_id from departments where id = ${id}
      union
      select d.id, d.superior_id from departments d join up on d.id = up.superior_id
    )
    select id from up`.execute(db);
  return rows.map((r) => r.id);
}
