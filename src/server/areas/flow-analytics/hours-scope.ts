// Whose hours the dashboard's durations are in (docs/adr/0055-work-calendars.md): the enterprise's default
// calendar's working hours over the timeline a period needs, or wall-clock hours; and the key its kept
// days are stored under (docs/adr/0076-dashboard-kept-days.md). Shared by the calls and the day keeper
// (day-keeper.ts), so both keep the same days.
import type { Calls } from '../../../core/generated/api-types.ts';
import type { Db } from '../../db/schema.ts';
import { defaultCalendarRow, workCalendarOf } from '../calendars/load-calendar.ts';
import { periodStart } from './period.ts';
import { WORKING_HORIZON_DAYS, type Scope } from './queries.ts';
import type { KeyedScope } from './stored-days.ts';
import { timelineOf } from './timelines.ts';

type Row = Calls['flowAnalytics.flowShare']['reply'][number];
export type Hours = Pick<Row, 'unit' | 'calendar'>;
export type HoursScope = KeyedScope & { hours: Hours };

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The zone whose midnights the period's days run between (period.ts). */
const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The scope `base` in the enterprise's hours, for its period as it stands at `now`. */
export async function hoursScope(db: Db, base: Omit<Scope, 'working'>, now = new Date()): Promise<HoursScope> {
  const calendar = await defaultCalendarRow(db, base.domainId);
  if (!calendar) return { ...base, hoursKey: `wall@${serverZone()}`, hours: { unit: 'hours' } };
  // A duration ending in the period counts working time from at most WORKING_HORIZON_DAYS before its end.
  const from = base.since.getTime() - (WORKING_HORIZON_DAYS + 1) * DAY_MS;
  // To the end of tomorrow: a task done a moment after "now" was read still falls inside.
  const today = periodStart('today', now);
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 2).getTime();
  const working = await timelineOf(calendar.fingerprint, from, to, () =>
    workCalendarOf(db, calendar, isoDate(from - DAY_MS), isoDate(to + DAY_MS)),
  );
  return {
    ...base,
    working,
    hoursKey: `${calendar.fingerprint}@${serverZone()}`,
    hours: { unit: 'workingHours', calendar: calendar.name },
  };
}
