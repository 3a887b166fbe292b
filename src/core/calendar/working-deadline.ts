// When a wait measured in working time ends (docs/adr/0126-timers-and-messages.md): the instant at
// which the work calendar has had that much working time since `from`, and the same time of day some
// working days later. Pure: no clock, no database.
import { workingSpans, type WorkCalendar } from './work-calendar.ts';
import { instantOf, localDateOf, nextDate } from './zoned-time.ts';

/** A calendar with no working day in this many days is refused, not searched for ever. */
const MAX_DAYS = 366 * 5;

/** The instant `ms` milliseconds of working time after `from` (`from` itself for 0). */
export function addWorkingTime(calendar: WorkCalendar, from: Date | number, ms: number): Date {
  let left = ms;
  const start = +from;
  if (left <= 0) return new Date(start);
  let date = localDateOf(start, calendar.timeZone);
  for (let day = 0; day < MAX_DAYS; day++, date = nextDate(date)) {
    for (const [a, b] of workingSpans(calendar, date)) {
      const spanStart = Math.max(start, instantOf(date, a, calendar.timeZone));
      const spanEnd = instantOf(date, b, calendar.timeZone);
      if (spanEnd <= spanStart) continue;
      if (spanEnd - spanStart >= left) return new Date(spanStart + left);
      left -= spanEnd - spanStart;
    }
  }
  throw new RangeError('addWorkingTime: the calendar has no working time within five years');
}

/** The same local time of day `days` working days after `from` (days with working time in the calendar). */
export function addWorkingDays(calendar: WorkCalendar, from: Date | number, days: number): Date {
  const tz = calendar.timeZone;
  let date = localDateOf(+from, tz);
  const offset = +from - instantOf(date, 0, tz);
  for (let left = days, tried = 0; left > 0; tried++) {
    if (tried > MAX_DAYS) throw new RangeError('addWorkingDays: the calendar has no working day within five years');
    date = nextDate(date);
    if (workingSpans(calendar, date).length > 0) left--;
  }
  return new Date(instantOf(date, 0, tz) + offset);
}
