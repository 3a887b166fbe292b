// FEEL's clock (docs/adr/0217-feel-temporal-and-built-in-functions.md): `now()` and `today()` in UTC, the
// clock read once per evaluation so that a condition is consistent, and set by tests.
import { FeelDate, FeelDateTime } from './feel-temporal.ts';

const DAY = 86_400_000;

let clock: () => Date = () => new Date(Date.now());
let frozen: Date | undefined;
let evaluating = 0;

/** Sets the clock `now()` and `today()` read (tests); undefined puts the system clock back. */
export function setFeelClock(next: (() => Date) | undefined): void {
  clock = next ?? (() => new Date(Date.now()));
}

/** Runs one evaluation: every `now()` and `today()` in it reads the clock once, so a condition is consistent. */
export function withOneClock<T>(run: () => T): T {
  if (evaluating++ === 0) frozen = undefined;
  try {
    return run();
  } finally {
    if (--evaluating === 0) frozen = undefined;
  }
}

const nowOnce = () => (frozen ??= clock());

/** FEEL's `now()`: the date and time in UTC. */
export const feelNow = () => new FeelDateTime(nowOnce().getTime(), 0);
/** FEEL's `today()`: the date in UTC. */
export const feelToday = () => new FeelDate(Math.floor(nowOnce().getTime() / DAY));
