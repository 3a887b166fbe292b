// A work calendar as plain data (spec/domain-console.md, "The calls it makes" (Calendars)): a work week (per ISO weekday, working or
// not, with time ranges) and exception days (a date range that is a holiday, or an extra working day with
// its own ranges), in one time zone. What one day is, read the same by the month view and by
// workingTimeBetween.
import { minuteSpans, type TimeRange } from './time-ranges.ts';
import { weekdayOf } from './zoned-time.ts';

export interface WorkDay {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  working: boolean;
  ranges: TimeRange[];
}

export type SpecialKind = 'holiday' | 'workday';

export interface SpecialDay {
  /** YYYY-MM-DD, inclusive both ends. */
  startDate: string;
  endDate: string;
  kind: SpecialKind;
  name?: string;
  /** The working ranges of an extra working day (a holiday has none). */
  ranges: TimeRange[];
}

export interface WorkCalendar {
  timeZone: string;
  week: WorkDay[];
  specialDays: SpecialDay[];
}

export type DayState = 'working' | 'free' | 'holiday' | 'workday';

export interface DayPlan {
  date: string;
  state: DayState;
  /** The exception's name, for holidays and extra working days. */
  name?: string;
  ranges: TimeRange[];
}

/** The standard week: Monday to Friday 09:00–12:00 and 13:00–18:00. */
export function standardWeek(): WorkDay[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    working: weekday <= 5,
    ranges:
      weekday <= 5
        ? [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '18:00' },
          ]
        : [],
  }));
}

/** The exception covering a date; the last one saved wins where two overlap (the list's order). */
export function specialDayOn(calendar: Pick<WorkCalendar, 'specialDays'>, date: string): SpecialDay | undefined {
  let found: SpecialDay | undefined;
  for (const s of calendar.specialDays) if (s.startDate <= date && date <= s.endDate) found = s;
  return found;
}

/** What a date is in the calendar, and its working ranges. */
export function dayPlan(calendar: Pick<WorkCalendar, 'week' | 'specialDays'>, date: string): DayPlan {
  const special = specialDayOn(calendar, date);
  if (special)
    return { date, state: special.kind, name: special.name, ranges: special.kind === 'workday' ? special.ranges : [] };
  const day = calendar.week.find((w) => w.weekday === weekdayOf(date));
  return day?.working && day.ranges.length > 0
    ? { date, state: 'working', ranges: day.ranges }
    : { date, state: 'free', ranges: [] };
}

/** The working minute spans of a date, [from, to) in minutes of the local day. */
export function workingSpans(
  calendar: Pick<WorkCalendar, 'week' | 'specialDays'>,
  date: string,
): Array<[number, number]> {
  return minuteSpans(dayPlan(calendar, date).ranges);
}
