// Which privileged users a caller reaches (docs/security.md): a super administrator every one; anyone
// else themselves, plus those that are not super administrators and whose whole scope (enterprises,
// the enterprises of their departments and applications) lies inside the caller's own enterprises.
// One SQL condition, shared by list, get, update and delete, so no path can see more than another.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { DatabaseSchema, SuperusersTable } from '../../db/schema.ts';

type WithS = DatabaseSchema & { s: SuperusersTable };

/** The caller's enterprises, read in the statement itself (so a transaction sees one state). */
const callerDomains = (callerId: string) => sql`(select domain_id from superuser_domains where superuser_id = ${callerId})`;

export function reachable(caller: CurrentUser) {
  return (eb: ExpressionBuilder<WithS, 's'>): Expression<SqlBool> => {
    if (caller.superAdmin) return sql<SqlBool>`true`;
    const own = callerDomains(caller.id);
    const id = eb.ref('s.id');
    return sql<SqlBool>`(${id} = ${caller.id} or (
      not ${eb.ref('s.super_admin')}
      and (exists (select 1 from superuser_domains where superuser_id = ${id})
        or exists (select 1 from superuser_departments where superuser_id = ${id})
        or exists (select 1 from superuser_applications where superuser_id = ${id}))
      and not exists (select 1 from superuser_domains x where x.superuser_id = ${id} and x.domain_id not in ${own})
      and not exists (select 1 from superuser_departments x join departments d on d.id = x.department_id
        where x.superuser_id = ${id} and d.domain_id not in ${own})
      and not exists (select 1 from superuser_applications x join applications a on a.id = x.application_id
        where x.superuser_id = ${id} and (a.domain_id is null or a.domain_id not in ${own}))))`;
  };
}
