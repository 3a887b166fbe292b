// FEEL's arithmetic and comparison of temporal values (docs/adr/0217-feel-temporal-and-built-in-functions.md),
// after the tables of FEEL's temporal expressions: a date, time or date and time plus or minus a duration,
// the duration between two of a kind, durations added, scaled and divided. Any pair the tables do not
// list is null, as in FEEL; so is a comparison of a value with an offset and a local one. A date and time
// in a named zone has the zone's offset, so it is compared with any other by its instant.
import {
  FeelDate,
  FeelDateTime,
  FeelDuration,
  FeelTime,
  FeelYearMonthDuration,
  isTemporal,
  type Temporal,
} from './feel-temporal.ts';

const DAY = 86_400_000;

/** `date` moved by whole months, its day kept within the month (31 January + 1 month: 28 or 29 February). */
function plusMonths(epochDay: number, months: number): number {
  const d = new Date(epochDay * DAY);
  const target = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const [year, month] = [Math.floor(target / 12), ((target % 12) + 12) % 12];
  const at = new Date(0);
  at.setUTCFullYear(year, month + 1, 0); // the month's last day
  at.setUTCDate(Math.min(d.getUTCDate(), at.getUTCDate()));
  return at.getTime() / DAY;
}

/** A date, time or date and time moved by a duration (`sign` -1: back), or null. */
function moved(value: Temporal, by: Temporal, sign: number): Temporal | null {
  if (by instanceof FeelDuration) {
    const ms = sign * by.ms;
    if (value instanceof FeelDate) return new FeelDate(Math.floor((value.epochDay * DAY + ms) / DAY));
    if (value instanceof FeelTime) return new FeelTime(value.ms + ms, value.offset, value.timezone);
    if (value instanceof FeelDateTime) return value.plus(ms);
  }
  if (by instanceof FeelYearMonthDuration) {
    const months = sign * by.total;
    if (value instanceof FeelDate) return new FeelDate(plusMonths(value.epochDay, months));
    if (value instanceof FeelDateTime) {
      const day = Math.floor(value.local / DAY);
      return value.withLocal(plusMonths(day, months) * DAY + (value.local - day * DAY));
    }
  }
  return null;
}

/** Whether two values with or without offsets can be set against each other: both with, or both without. */
const sameKind = (a: FeelTime | FeelDateTime, b: FeelTime | FeelDateTime) =>
  (a.offset === null) === (b.offset === null);

/** The number that orders values of one kind, or undefined when the two do not order. */
function scalars(a: Temporal, b: Temporal): [number, number] | undefined {
  if (a instanceof FeelDate && b instanceof FeelDate) return [a.epochDay, b.epochDay];
  if (a instanceof FeelDateTime && b instanceof FeelDateTime && sameKind(a, b)) return [a.instant, b.instant];
  if (a instanceof FeelTime && b instanceof FeelTime && sameKind(a, b)) {
    const utc = (t: FeelTime) => t.ms - (t.offset ?? 0) * 60_000;
    return [utc(a), utc(b)];
  }
  if (a instanceof FeelDuration && b instanceof FeelDuration) return [a.ms, b.ms];
  if (a instanceof FeelYearMonthDuration && b instanceof FeelYearMonthDuration) return [a.total, b.total];
  return undefined;
}

/** FEEL's `-` between two values of a kind: a days-time duration (years-months between two of those). */
function difference(a: Temporal, b: Temporal): Temporal | null {
  if (a instanceof FeelYearMonthDuration && b instanceof FeelYearMonthDuration)
    return new FeelYearMonthDuration(a.total - b.total);
  const s = scalars(a, b);
  if (!s) return null;
  return new FeelDuration(a instanceof FeelDate ? (s[0] - s[1]) * DAY : s[0] - s[1]);
}

const scaled = (d: Temporal, n: number): Temporal | null =>
  d instanceof FeelDuration
    ? new FeelDuration(Math.round(d.ms * n))
    : d instanceof FeelYearMonthDuration
      ? new FeelYearMonthDuration(Math.trunc(d.total * n))
      : null;

/** FEEL's `+ - * /` where one side is a temporal value; null where FEEL's tables list no result. */
export function temporalArithmetic(sym: string, a: unknown, b: unknown): unknown {
  const ta = isTemporal(a) ? a : undefined;
  const tb = isTemporal(b) ? b : undefined;
  const isDuration = (v: unknown) => v instanceof FeelDuration || v instanceof FeelYearMonthDuration;
  if (sym === '+' && ta && tb) {
    if (isDuration(ta) && isDuration(tb)) return difference(ta, scaled(tb, -1)!);
    return isDuration(tb) ? moved(ta, tb, 1) : isDuration(ta) ? moved(tb, ta, 1) : null;
  }
  if (sym === '-' && ta && tb) return isDuration(tb) && !isDuration(ta) ? moved(ta, tb, -1) : difference(ta, tb);
  if (sym === '*') {
    if (ta && typeof b === 'number') return scaled(ta, b);
    if (tb && typeof a === 'number') return scaled(tb, a);
  }
  if (sym === '/' && ta) {
    if (typeof b === 'number') return b === 0 ? null : scaled(ta, 1 / b);
    const s = tb && isDuration(ta) ? scalars(ta, tb) : undefined;
    return s && s[1] !== 0 ? s[0] / s[1] : null;
  }
  return null;
}

/** FEEL's comparison where one side is a temporal value: `=` holds between equal values of one kind,
 *  `!=` otherwise; the order is null between values that do not order. */
export function temporalCompare(a: unknown, sym: string, b: unknown): boolean | null {
  const s = isTemporal(a) && isTemporal(b) ? scalars(a, b) : undefined;
  if (sym === '==' || sym === '!=') {
    const equal = s !== undefined && s[0] === s[1];
    return equal === (sym === '==');
  }
  if (!s) return null;
  if (sym === '<') return s[0] < s[1];
  if (sym === '>') return s[0] > s[1];
  if (sym === '<=') return s[0] <= s[1];
  if (sym === '>=') return s[0] >= s[1];
  return null;
}
