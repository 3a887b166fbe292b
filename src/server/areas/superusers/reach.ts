// Which privileged users a caller sees and which it manages (docs/security.md "Reach"), as SQL
// conditions over `superusers as s`, derived from the caller's reach (auth/reach.ts):
// - sees: itself; everyone for a platform caller; otherwise the non-super users whose whole footprint
//   (enterprises, departments, the enterprises of their applications) lies inside the caller's reach;
// - manages (edit, delete, and what a create or save may produce): a super administrator everyone;
//   anyone else only users it sees whose reach is strictly narrower than its own, or, at equal reach,
//   users who are no administrator (developers). So a department administrator never manages its
//   tenant administrator, and no tenant administrator takes over a peer.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Reach } from '../../auth/reach.ts';
import type { DB, Superusers } from '../../db/schema.ts';

type WithS = DB & { s: Superusers };
type Condition = (eb: ExpressionBuilder<WithS, 's'>) => Expression<SqlBool>;

const list = (ids: readonly string[]) => sql`${sql.val([...ids])}::text[]`;
const TRUE = sql<SqlBool>`true`;

/** An officer of a separated installation with no enterprise and no department serves the platform
 *  (the SQL form of reachOf's last rule; the caller's session read the same isOpenSecurity). */
const platformOfficer = (id: Expression<string>, isOpenSecurity: boolean) => sql<SqlBool>`(${sql.lit(isOpenSecurity)}
  and ${sql.ref('s.type')} in ('admin', 'secret', 'examine')
  and not exists (select 1 from superuser_domains where superuser_id = ${id})
  and not exists (select 1 from superuser_departments where superuser_id = ${id}))`;

const hasLink = (
  id: Expression<string>,
) => sql<SqlBool>`(exists (select 1 from superuser_domains where superuser_id = ${id})
  or exists (select 1 from superuser_departments where superuser_id = ${id})
  or exists (select 1 from superuser_applications where superuser_id = ${id}))`;

/** Every link of the user inside these enterprises (applications of no enterprise are the platform's). */
const footprintInTenants = (id: Expression<string>, domains: readonly string[]) => sql<SqlBool>`(${hasLink(id)}
  and not exists (select 1 from superuser_domains x where x.superuser_id = ${id} and not x.domain_id = any(${list(domains)}))
  and not exists (select 1 from superuser_departments x join departments d on d.id = x.department_id
    where x.superuser_id = ${id} and not d.domain_id = any(${list(domains)}))
  and not exists (select 1 from superuser_applications x join applications a on a.id = x.application_id
    where x.superuser_id = ${id} and (a.domain_id is null or not a.domain_id = any(${list(domains)}))))`;

/** Department-level inside these departments of that one enterprise, and nothing tenant-wide. */
const footprintInDepartments = (
  id: Expression<string>,
  domain: string,
  departments: readonly string[],
) => sql<SqlBool>`(
  exists (select 1 from superuser_departments where superuser_id = ${id})
  and not exists (select 1 from superuser_departments x where x.superuser_id = ${id} and not x.department_id = any(${list(departments)}))
  and not exists (select 1 from superuser_domains x where x.superuser_id = ${id} and x.domain_id <> ${domain})
  and not exists (select 1 from superuser_applications where superuser_id = ${id}))`;

function inside(caller: CurrentUser, id: Expression<string>): Expression<SqlBool> {
  const { reach } = caller;
  const notSuper = sql<SqlBool>`not ${sql.ref('s.super_admin')}`;
  if (reach.kind === 'platform')
    return sql<SqlBool>`(${notSuper} and not ${platformOfficer(id, caller.isOpenSecurity)})`;
  if (reach.kind === 'tenants') return sql<SqlBool>`(${notSuper} and ${footprintInTenants(id, reach.domains)})`;
  return sql<SqlBool>`(${notSuper} and ${footprintInDepartments(id, reach.domain, reach.departments)})`;
}

/** Inside, and the same reach as the caller's (given that it is inside). */
function sameReach(reach: Reach, id: Expression<string>): Expression<SqlBool> {
  if (reach.kind === 'platform') return sql<SqlBool>`false`; // a platform reach inside is excluded already
  if (reach.kind === 'tenants') {
    return sql<SqlBool>`(not exists (select 1 from superuser_departments where superuser_id = ${id})
      and (select count(*) from superuser_domains where superuser_id = ${id}) = ${reach.domains.length})`;
  }
  return sql<SqlBool>`((select count(*) from superuser_departments where superuser_id = ${id}) = ${reach.departments.length})`;
}

/** The users the caller may read: list and get. */
export function visibleTo(caller: CurrentUser): Condition {
  return (eb) => {
    if (caller.reach.kind === 'platform') return TRUE;
    const id = eb.ref('s.id');
    return sql<SqlBool>`(${id} = ${caller.id} or ${inside(caller, id)})`;
  };
}

/** The other users the caller may change or delete, and the only state a save may leave them in. */
export function manageableBy(caller: CurrentUser): Condition {
  return (eb) => {
    const id = eb.ref('s.id');
    if (caller.superAdmin) return sql<SqlBool>`${id} <> ${caller.id}`;
    return sql<SqlBool>`(${id} <> ${caller.id} and ${inside(caller, id)}
      and not (${sameReach(caller.reach, id)} and ${sql.ref('s.domain_admin')}))`;
  };
}
