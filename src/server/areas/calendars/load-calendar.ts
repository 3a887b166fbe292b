// A stored calendar as the core's WorkCalendar, with the exception days of a date window (the month view
// reads a month, the dashboard the years its durations span); and an enterprise's default calendar.
import { sql, type Selectable } from 'kysely';
import type { WorkCalendar } from '../../../core/calendar/work-calendar.ts';
import type { Db, WorkCalendarsTable } from '../../db/schema.ts';
import { toCoreSpecialDay } from './calendar-record.ts';

/** `first` and `last`: YYYY-MM-DD, inclusive. Exceptions come in the order saved (the last one wins). */
export async function workCalendarOf(db: Db, row: Selectable<WorkCalendarsTable>, first: string, last: string): Promise<WorkCalendar> {
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

export const defaultCalendarRow = (db: Db, domainId: string) =>
  db.selectFrom('work_calendars').selectAll().where('domain_id', '=', domainId).where('is_default', '=', true).executeTakeFirst();
