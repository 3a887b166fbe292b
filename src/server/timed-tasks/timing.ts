// When a timed task runs (docs/adr/0057-timed-tasks.md): its period with the run time (rTime, "HH:mm" or "HH:mm:ss", local time
// of the server) and the first run date (rDate, "YYYY-MM-DD"). A repeating period is a croner pattern
// with seconds, started on rDate; "none" runs once at rDate rTime, "immediately" once at the start.
import type { TimedTaskPeriod } from '../db/column-types.ts';

export interface Timing {
  period: TimedTaskPeriod;
  runTime: string;
  runDate: string | null;
}

export const RUN_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
export const RUN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const ONE_SHOT: readonly TimedTaskPeriod[] = ['none', 'immediately'];

function clock(runTime: string): { h: number; m: number; s: number } {
  const match = RUN_TIME.exec(runTime);
  if (!match) throw new Error(`run time "${runTime}" is not HH:mm[:ss]`);
  return { h: Number(match[1]), m: Number(match[2]), s: Number(match[3] ?? 0) };
}

/** rDate at midnight, local time; null when absent. */
export function dayOf(runDate: string | null): Date | null {
  const match = runDate ? RUN_DATE.exec(runDate) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** The croner pattern (seconds first) of a repeating period; null for a one-shot one. Week and month
 *  take their weekday and day from rDate (today when absent). */
export function cronPattern(timing: Timing, now = new Date()): string | null {
  const { h, m, s } = clock(timing.runTime);
  const day = dayOf(timing.runDate) ?? now;
  switch (timing.period) {
    case 'minute':
      return `${s} * * * * *`;
    case 'hour':
      return `${s} ${m} * * * *`;
    case 'day':
      return `${s} ${m} ${h} * * *`;
    case 'week':
      return `${s} ${m} ${h} * * ${day.getDay()}`;
    case 'month':
      return `${s} ${m} ${h} ${day.getDate()} * *`;
    case 'weekday':
      return `${s} ${m} ${h} * * 1-5`;
    default:
      return null;
  }
}

/** The one run of a one-shot period: rDate at rTime (today when no date), or `now` for "immediately". */
export function oneShotAt(timing: Timing, now = new Date()): Date | null {
  if (timing.period === 'immediately') return now;
  if (timing.period !== 'none') return null;
  const { h, m, s } = clock(timing.runTime);
  const day = dayOf(timing.runDate) ?? new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m, s);
}
