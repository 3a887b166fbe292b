// A window of first-processing (start) dates paged day by day (docs/adr/0224-start-days-summary-words-log-operators.md).
// The list is ordered by last activity, which says nothing about when an instance started, so reading
// a window's page once meant reading every instance of the window (a month of a million instances:
// ~55,000 entries) to keep the newest ten. Migration 0069's index holds each UTC start day's instances
// in the list's order: the page is each day's newest `offset + lines` entries (a short walk a day),
// merged, as a few people's pages are merged (page-ids.ts). The window's bounds stay conditions beside
// the day, so edge days in another session zone are cut exactly as the window says.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';
import type { Db } from '../../db/schema.ts';
import { dayEnd, dayStart } from './instance-rows.ts';
import { NARROWING } from './search-key.ts';

/** The index's day of an instance's start (migration 0069). */
const START_DAY = sql`((i.started_at at time zone 'UTC')::date)`;

/** Wider windows keep the read of every match (page-ids.ts offOrderPage): a walk per day of years
 *  would cost more than the matches. */
const MOST_DAYS = 366;

export interface StartWindow {
  from: string;
  to: string;
}

const parsed = (value: string) => Date.parse(`${value.replace(' ', 'T')}Z`);

/** The fields that leave a window to the read of every match: a day's walk filters them on the rows it
 *  visits, so a rare person or summary would have it visit every instance of every day. */
const OTHERS = NARROWING.filter((field) => field !== '_firstProcessTimeFrom' && field !== '_firstProcessTimeTo');

/** The window when a search is paged day by day: both bounds given, at most MOST_DAYS apart, and no
 *  other field narrowing the search (those keep offOrderPage or their own index, page-ids.ts). */
export function startWindow(search: FlowstatertSearch): StartWindow | undefined {
  const from = search._firstProcessTimeFrom?.trim();
  const to = search._firstProcessTimeTo?.trim();
  if (!from || !to || OTHERS.some((field) => search[field]?.trim())) return undefined;
  const days = (parsed(dayEnd(to)) - parsed(dayStart(from))) / 86_400_000;
  return Number.isFinite(days) && days <= MOST_DAYS ? { from, to } : undefined;
}

/** The page's ids: every UTC day the window touches (its bounds read in the session's zone, as the
 *  search's conditions read them), each day's newest `offset + lines` matches, merged and cut. */
export function startDaysPage(
  db: Db,
  where: readonly RawBuilder<SqlBool>[],
  window: StartWindow,
  page: { lines: number; offset: number },
) {
  const utcDay = (value: string) => sql`((${value}::timestamp::timestamptz at time zone 'UTC')::date)`;
  const days = sql<{
    day: string;
  }>`(select d::date as day from generate_series(${utcDay(dayStart(window.from))}, ${utcDay(dayEnd(window.to))}, interval '1 day') as d)`;
  const each = where
    .reduce((query, condition) => query.where(condition), db.selectFrom('flow_instances as i'))
    .where(sql<SqlBool>`${START_DAY} = s.day`)
    .select(['i.id', 'i.updated_at'])
    .orderBy('i.updated_at', 'desc')
    .orderBy('i.id')
    .limit(page.offset + page.lines);
  return db
    .selectFrom(days.as('s'))
    .innerJoinLateral(each.as('x'), (join) => join.onTrue())
    .select('x.id')
    .orderBy('x.updated_at', 'desc')
    .orderBy('x.id')
    .limit(page.lines)
    .offset(page.offset);
}
