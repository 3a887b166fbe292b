// The calendar screen as the console holds it, and the day shapes its views edit and draw.
import type { TimeRange } from '../../../core/calendar/time-ranges.ts';
import type { ConsoleScreen } from '../screen-types.ts';

export type CalendarDef = Extract<ConsoleScreen, { kind: 'calendar' }>;
export type DayRow = Record<string, unknown>;

/** A day's ranges under the field the screen names (none when the answer has none). */
export const rangesOf = (day: DayRow, def: CalendarDef): TimeRange[] =>
  Array.isArray(day[def.fields.ranges]) ? (day[def.fields.ranges] as TimeRange[]) : [];

/** A reply's days under the field the screen names. */
export const daysOf = (reply: unknown, def: CalendarDef): DayRow[] | undefined => {
  const days = (reply as Record<string, unknown> | undefined)?.[def.days];
  return Array.isArray(days) ? (days as DayRow[]) : undefined;
};

/** A read's route args as a GET takes them: no body. */
export const readArgsOf = ({ params, query }: { params: Record<string, string>; query: Record<string, string> }) => ({
  params,
  query,
});
