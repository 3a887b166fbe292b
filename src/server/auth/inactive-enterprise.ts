// An inactive enterprise (status 0) is switched off for the people who work only inside it: a
// privileged user whose every enterprise is inactive cannot sign in, and switching an enterprise off
// ends the sessions of those it leaves so (docs/adr/0029-locked-accounts-inactive-enterprise.md). Platform users are never affected.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { Reach } from './reach.ts';

function enterprisesOf(reach: Reach): string[] {
  if (reach.kind === 'tenants') return reach.domains;
  if (reach.kind === 'departments') return [reach.domain];
  return [];
}

/** True when the reach names enterprises and none of them is active. */
export async function onlyInactiveEnterprises(db: Db, reach: Reach): Promise<boolean> {
  const ids = enterprisesOf(reach);
  if (ids.length === 0) return false;
  const active = await db
    .selectFrom('domains')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .executeTakeFirst();
  return active === undefined;
}

/** Ends the sessions of every non-super user linked to the enterprise (directly or through its
 *  departments) who has no active enterprise left; answers how many sessions ended. */
export async function endSessionsOfInactiveEnterprise(db: Db, domainId: string): Promise<number> {
  const linked = sql<string>`(
    select superuser_id from superuser_domains where domain_id = ${domainId}
    union select x.superuser_id from superuser_departments x join departments dp on dp.id = x.department_id where dp.domain_id = ${domainId})`;
  const activeLink = sql<boolean>`exists (
    select 1 from superuser_domains sd join domains d on d.id = sd.domain_id where sd.superuser_id = s.id and d.status = 1
    union all
    select 1 from superuser_departments x join departments dp on dp.id = x.department_id join domains d on d.id = dp.domain_id where x.superuser_id = s.id and d.status = 1)`;
  const result = await db
    .deleteFrom('sessions')
    .where('superuser_id', 'in', (eb) =>
      eb
        .selectFrom('superusers as s')
        .select('s.id')
        .where('s.super_admin', '=', false)
        .where('s.id', 'in', linked)
        .where(sql<boolean>`not ${activeLink}`),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
