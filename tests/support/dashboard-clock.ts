// The clock the dashboard journey's server reads (tests/e2e/flow-dashboard.test.ts). The seeded instances
// (dashboard-instances.ts) start up to ten hours before now, so a period that began less than that ago
// holds none of them. The journey reads the year by default; in 1 January's first hours the year itself
// is that young, so the server then runs in a zone where it is still 31 December. Both zones are fixed
// offsets from UTC, so where their periods start is arithmetic on UTC, whatever the machine's zone.
import type { Period } from '../../src/server/areas/flow-analytics/period.ts';

const HOUR = 3_600_000;
/** How long a period must have run to hold every seeded instance (the earliest starts ten hours back). */
const SEEDS_SPAN = 11 * HOUR;
/** The zones tried in turn, by the hours their clocks read behind UTC (`Etc/GMT+12` is UTC−12). */
const HOURS_BEHIND = [0, 12] as const;

export interface DashboardClock {
  /** The server's TZ. */
  timeZone: string;
  /** The hours its clock reads behind UTC. */
  hoursBehind: number;
  /** A period shorter than the year holding every seeded instance (the month, else the week), else the year. */
  period: Period;
}

/** Where `period` starts at `now` on a clock `hoursBehind` UTC, as periodStart (period.ts) finds it there. */
export function zonedPeriodStart(period: Period, now: Date, hoursBehind: number): Date {
  const local = new Date(now.getTime() - hoursBehind * HOUR); // its UTC fields read as that clock's
  const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const start = {
    today: Date.UTC(year, month, day),
    thisweek: Date.UTC(year, month, day - ((local.getUTCDay() + 6) % 7)), // the week starts on Monday
    thismonth: Date.UTC(year, month, 1),
    thisyear: Date.UTC(year, 0, 1),
  }[period];
  return new Date(start + hoursBehind * HOUR);
}

/** The first zone whose year holds every seeded instance at `now`, and the period the journey asks there. */
export function dashboardClock(now: Date): DashboardClock {
  const holds = (period: Period, hoursBehind: number) =>
    now.getTime() - zonedPeriodStart(period, now, hoursBehind).getTime() >= SEEDS_SPAN;
  const hoursBehind = HOURS_BEHIND.find((behind) => holds('thisyear', behind))!;
  const period = (['thismonth', 'thisweek'] as const).find((p) => holds(p, hoursBehind)) ?? 'thisyear';
  return { timeZone: hoursBehind === 0 ? 'UTC' : `Etc/GMT+${hoursBehind}`, hoursBehind, period };
}
