// A stored calendar as the core's WorkCalendar, with the exception days of a date window (the month view
// reads a month, the dashboard the years its durations span); and an enterprise's default calendar.
import { sql, type Selectable } from 'kysely';
import type { WorkCalendar } from '../../../core/calendar/work-calendar.ts';
import type { Db, WorkCalendars } from '../../db/schema.ts';
import { toCoreSpecialDay } from './calendar-record.ts';

/** `first` and `last`: YYYY-MM-DD, inclusive. Exceptions come in the order saved (the last one wins). */
export async function workCalendarOf(
  db: Db,
  row: Selectable<WorkCalendars>,
  first: string,
  last: string,
): Promise<WorkCalendar> {
  const specials = await db
    .selectFrom('calendar_special_days')
    .selectAll()
    .where('calendar_id', '=', row.id)
    .where('start_date', '<=', last)
    .where('end_date', '>=', first)
    .orderBy(sql`created_at`)
    .orderBy('id')
    .execute();
  return { timeZone: row.time_zone, week: row.week, specialDays: specials.map(toCoreSpecialDay) };
}

/** The enterprise's default calendar, with a fingerprint of what its working time depends on (its zone,
 *  week and every exception, in the order saved): equal fingerprints, equal working hours (docs/adr/0076-dashboard-kept-days.md). */
export const defaultCalendarRow = (db: Db, domainId: string) =>
  db
    .selectFrom('work_calendars as c')
    .selectAll('c')
    .select(
      sql<string>`md5(c.time_zone || c.week::text || coalesce((select string_agg(concat_ws(',', s.start_date, s.end_date, s.kind, s.ranges::text), ';' order by s.created_at, s.id)
        from calendar_special_days s where s.calendar_id = c.id), ''))`.as('fingerprint'),
    )
    .where('c.domain_id', '=', domainId)
    .where('c.is_default', '=', true)
    .executeTakeFirst();
