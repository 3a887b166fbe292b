// When a timer fires (docs/adr/0126-timers-and-messages.md): at its date, or its duration (a cycle's
// interval) after the moment the token arrived; a duration in working time counts on the enterprise's
// default work calendar (hours, minutes and seconds of working time, then days as working days). A
// duration or date written as an expression is evaluated over the variables when the timer is armed
// (docs/adr/0217-feel-temporal-and-built-in-functions.md).
import { ruleValue } from '../../../core/rules.ts';
import { addWorkingDays, addWorkingTime } from '../../../core/calendar/working-deadline.ts';
import {
  addDuration,
  parseCycle,
  parseDateTime,
  parseDuration,
  type IsoDuration,
} from '../../../core/workflow/iso-duration.ts';
import type { TimerSpec } from '../../../core/workflow/process-types.ts';
import { defaultCalendarRow, workCalendarOf } from '../../areas/calendars/load-calendar.ts';
import type { Db } from '../../db/schema.ts';
import { unusable, type Unusable } from './timer-incidents.ts';

/** Why a timer's expression cannot arm it (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md):
 *  it gave nothing (a variable it reads is unset), or a value that is no date or duration (`value`, as
 *  shown). The timer is then an incident, not fired at once. */
export interface TimerUnusable extends Unusable {
  reason: 'nothing' | 'notDate' | 'notDuration';
}

/** When a timer armed at `from` fires and (cycles) how many firings come after it (null: no end), or
 *  why its expression cannot say. */
export async function armedTimer(
  db: Db,
  domainId: string,
  timer: TimerSpec,
  from: Date,
  variables: Record<string, unknown> = {},
): Promise<{ due: Date; repeatsLeft: number | null } | { unusable: TimerUnusable }> {
  const value = (expression: string) => {
    try {
      return ruleValue(expression, { ...variables, form: variables });
    } catch {
      return undefined; // a path through a missing variable: nothing, as an unset variable
    }
  };
  if (timer.dateExpression) {
    const v = value(timer.dateExpression);
    const due = dateOf(v);
    return due ? { due, repeatsLeft: 0 } : { unusable: unusable(v, 'notDate') };
  }
  if (timer.durationExpression) {
    const v = value(timer.durationExpression);
    const d = durationOf(v, timer.workingTime);
    return d
      ? { due: await after(db, domainId, d, from, timer.workingTime), repeatsLeft: 0 }
      : { unusable: unusable(v, 'notDuration') };
  }
  if (timer.date) return { due: parseDateTime(timer.date)!, repeatsLeft: 0 };
  if (timer.cycle) {
    const cycle = parseCycle(timer.cycle)!;
    if (cycle.start) return firstFiringAfter(cycle.start, cycle.interval, cycle.repeat, from);
    return {
      due: await after(db, domainId, cycle.interval, from, timer.workingTime),
      repeatsLeft: cycle.repeat === null ? null : cycle.repeat - 1,
    };
  }
  return { due: await after(db, domainId, parseDuration(timer.duration!)!, from, timer.workingTime), repeatsLeft: 0 };
}

/** A process's start timer: never an expression (refused at install, no variables to read), so always
 *  a time. */
export async function timerDue(
  db: Db,
  domainId: string,
  timer: TimerSpec,
  from: Date,
): Promise<{ due: Date; repeatsLeft: number | null }> {
  const armed = await armedTimer(db, domainId, timer, from);
  return 'unusable' in armed ? { due: from, repeatsLeft: 0 } : armed;
}

/** An expression's date: an ISO date-time (without an offset, in UTC, as FEEL's `now()` is) or a date (its midnight, UTC). */
function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return parseDateTime(t) ?? parseDateTime(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00Z` : `${t}Z`);
}

/** An expression's duration (FEEL's durations reach here as their ISO texts); in working time, one of
 *  days, hours, minutes and seconds only, as a drawn duration must be. */
function durationOf(value: unknown, workingTime?: true): IsoDuration | undefined {
  const d = typeof value === 'string' ? parseDuration(value) : undefined;
  return d && workingTime && (d.years || d.months || d.weeks) ? undefined : d;
}

/** A cycle written from an instant (`R/2026-12-01T09:00:00Z/P1D`): its first firing after `from`
 *  counted on from that instant, and the firings after it (the last one, already past, when none is left). */
export function firstFiringAfter(start: Date, interval: IsoDuration, repeat: number | null, from: Date) {
  let due = start;
  let left = repeat === null ? null : repeat - 1;
  const exact = !interval.years && !interval.months;
  const step = addDuration(new Date(0), interval).getTime();
  if (exact && step > 0 && due < from) {
    // Whole steps at once: a cycle of seconds begun long ago is not walked step by step.
    const steps = Math.min(Math.ceil((from.getTime() - due.getTime()) / step), left ?? Infinity);
    due = new Date(due.getTime() + steps * step);
    left = left === null ? null : left - steps;
  }
  while (due <= from && (left === null || left > 0)) {
    due = addDuration(due, interval);
    left = left === null ? null : left - 1;
  }
  return { due, repeatsLeft: left };
}

/** The next firing of a cycle that fired at `from`. */
export async function nextCycleDue(db: Db, domainId: string, timer: TimerSpec, from: Date): Promise<Date> {
  return after(db, domainId, parseCycle(timer.cycle!)!.interval, from, timer.workingTime);
}

async function after(db: Db, domainId: string, d: IsoDuration, from: Date, workingTime?: true): Promise<Date> {
  if (!workingTime) return addDuration(from, d);
  const row = await defaultCalendarRow(db, domainId);
  // An enterprise without a calendar has no working time to count: the duration runs as elapsed time.
  if (!row) return addDuration(from, d);
  const first = from.toISOString().slice(0, 10);
  const last = new Date(from.getTime() + 400 * 86_400_000).toISOString().slice(0, 10);
  const calendar = await workCalendarOf(db, row, first, last);
  const ms = ((d.hours * 60 + d.minutes) * 60 + d.seconds) * 1000;
  return addWorkingDays(calendar, addWorkingTime(calendar, from, ms), d.days);
}
