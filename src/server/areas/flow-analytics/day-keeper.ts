// The dashboard's days kept as they close (docs/adr/0129-dashboard-days-kept-as-written.md): for every
// application bound to an enterprise that has run an instance, this year's past days that are not kept
// yet, or whose hours a later write changed (migration 0037's counts), are computed and kept, so the
// dashboard's first call — after a deployment, a bulk write, or a day's end — reads kept days and
// computes only the rest of the period (today). Run hourly as a platform timed task and by bulk writers
// (the bench's generator) after they write; a day is keepable two hours after its end (stored-days.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { hoursScope } from './hours-scope.ts';
import { periodStart } from './period.ts';
import { keepPastDays } from './stored-days.ts';

export interface KeptDays {
  /** Applications (of an enterprise) whose days were looked at. */
  applications: number;
  /** Their past days of this year, kept now or already. */
  days: number;
}

/** The (enterprise, application) pairs with at least one instance: one index probe each. */
async function activeApplications(db: Db, domainId?: string) {
  const { rows } = await sql<{ domain_id: string; application_id: string }>`
    select b.domain_id, b.application_id from domain_applications b
    where ${domainId === undefined ? sql`true` : sql`b.domain_id = ${domainId}`}
      and exists (select 1 from flow_instances i where i.domain_id = b.domain_id and i.application_id = b.application_id)
    order by b.domain_id, b.application_id`.execute(db);
  return rows;
}

/** Keeps the closed days of this year of every active application (of one enterprise, if given). */
export async function keepClosedDays(db: Db, options: { domainId?: string; now?: Date } = {}): Promise<KeptDays> {
  const now = options.now ?? new Date();
  const since = periodStart('thisyear', now);
  let days = 0;
  const pairs = await activeApplications(db, options.domainId);
  for (const pair of pairs) {
    // The language only names processes in the calls' answers; kept days hold ids.
    const s = await hoursScope(
      db,
      { domainId: pair.domain_id, applicationId: pair.application_id, since, language: 'en' },
      now,
    );
    days += await keepPastDays(db, s, now);
  }
  return { applications: pairs.length, days };
}
