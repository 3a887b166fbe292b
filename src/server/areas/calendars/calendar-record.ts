// Rows of the calendar tables as the catalogue's records, and the checks both sides share (time ranges).
import type { Selectable } from 'kysely';
import { rangeProblems, type TimeRange } from '../../../core/calendar/time-ranges.ts';
import type { SpecialDay, WorkDay } from '../../../core/calendar/work-calendar.ts';
import type { CalendarSpecialDays, WorkCalendars } from '../../db/schema.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import type { RuleFailure } from '../../../core/form-rules.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

/** A stored zone is one the entity's enum offered when it was saved. */
type Zone = Calls['calendars.get']['reply']['timeZone'];

export const toCalendar = (row: Selectable<WorkCalendars>, users = 0) => ({
  id: row.id,
  domainid: row.domain_id,
  name: row.name,
  timeZone: row.time_zone as Zone,
  isDefault: row.is_default,
  users,
});

export const rangesText = (ranges: readonly TimeRange[]) => ranges.map((r) => `${r.start}-${r.end}`).join(', ');

export const toSpecialDay = (row: Selectable<CalendarSpecialDays>) => ({
  id: row.id,
  calendarid: row.calendar_id,
  startDate: row.start_date,
  endDate: row.end_date,
  kind: row.kind,
  name: row.name,
  ranges: row.ranges,
  rangesText: rangesText(row.ranges),
});

export const toCoreSpecialDay = (row: Selectable<CalendarSpecialDays>): SpecialDay => ({
  startDate: row.start_date,
  endDate: row.end_date,
  kind: row.kind,
  name: row.name,
  ranges: row.ranges,
});

/** Every range problem of `ranges` named by its field (`/days/2/ranges/1` style pointers). */
function rangeFailures(ranges: readonly TimeRange[], at: string): RuleFailure[] {
  return rangeProblems(ranges).map((p) => ({ field: `${at}/${p.index}`, message: p.message }));
}

/** The work week checked: seven different weekdays, a working day with ranges, ranges well formed. */
export function checkWeek(days: readonly WorkDay[]): WorkDay[] {
  const failures: RuleFailure[] = [];
  if (new Set(days.map((d) => d.weekday)).size !== 7)
    failures.push({ field: '/days', message: 'calendar.msg.sevenDays' });
  days.forEach((d, i) => {
    if (d.working && d.ranges.length === 0)
      failures.push({ field: `/days/${i}/ranges`, message: 'calendar.msg.rangesRequired' });
    failures.push(...rangeFailures(d.ranges, `/days/${i}/ranges`));
  });
  if (failures.length > 0) throw new ValidationFailure([], failures);
  // A free day keeps no ranges: what is stored is what the month view shows.
  return [...days]
    .sort((a, b) => a.weekday - b.weekday)
    .map((d) => ({ weekday: d.weekday, working: d.working, ranges: d.working ? d.ranges : [] }));
}

/** An exception day checked: a real date range in order, an extra working day with ranges. */
export function checkSpecialDay(day: {
  startDate: string;
  endDate: string;
  kind: 'holiday' | 'workday';
  ranges?: TimeRange[];
}): TimeRange[] {
  const failures: RuleFailure[] = [];
  const real = (d: string) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
  if (!real(day.startDate)) failures.push({ field: '/startDate', message: 'calendar.msg.dateRequired' });
  if (!real(day.endDate)) failures.push({ field: '/endDate', message: 'calendar.msg.dateRequired' });
  else if (day.endDate < day.startDate) failures.push({ field: '/endDate', message: 'calendar.msg.endBeforeStart' });
  const ranges = day.kind === 'workday' ? (day.ranges ?? []) : [];
  if (day.kind === 'workday' && ranges.length === 0)
    failures.push({ field: '/ranges', message: 'calendar.msg.rangesRequired' });
  failures.push(...rangeFailures(ranges, '/ranges'));
  if (failures.length > 0) throw new ValidationFailure([], failures);
  return ranges;
}
