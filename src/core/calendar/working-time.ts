// Working time between two instants in a work calendar (docs/adr/0055-work-calendars.md): the sum, over the local days the interval
// touches, of each day's working ranges clipped to the interval. Ranges are wall-clock times of the
// calendar's zone, so a DST change moves them with the clock (an 09:00–18:00 day stays 9 hours unless the
// change falls inside a range, where the real elapsed time is counted). Pure: no clock, no database.
import { workingSpans, type WorkCalendar } from './work-calendar.ts';
import { instantOf, localDateOf, nextDate } from './zoned-time.ts';

/** Days longer than this are refused: a slip of the caller (milliseconds for seconds), not a question. */
const MAX_DAYS = 366 * 20;

/** Working milliseconds between `from` and `to` (0 when `to` is not after `from`). */
export function workingTimeBetween(calendar: WorkCalendar, from: Date | number, to: Date | number): number {
  const start = +from;
  const end = +to;
  if (!(end > start)) return 0;
  if (end - start > MAX_DAYS * 86_400_000)
    throw new RangeError('workingTimeBetween: the interval is longer than twenty years');
  let total = 0;
  let date = localDateOf(start, calendar.timeZone);
  const last = localDateOf(end, calendar.timeZone);
  for (; date <= last; date = nextDate(date)) {
    for (const [a, b] of workingSpans(calendar, date)) {
      const spanStart = Math.max(start, instantOf(date, a, calendar.timeZone));
      const spanEnd = Math.min(end, instantOf(date, b, calendar.timeZone));
      if (spanEnd > spanStart) total += spanEnd - spanStart;
    }
  }
  return total;
}

/** The same in hours, rounded to hundredths (what reports show). */
export function workingHoursBetween(calendar: WorkCalendar, from: Date | number, to: Date | number): number {
  return Math.round(workingTimeBetween(calendar, from, to) / 36_000) / 100;
}
