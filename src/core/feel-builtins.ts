// FEEL's built-in functions that conditions and assignments call (docs/adr/0217-feel-temporal-and-built-in-functions.md),
// as rule functions: list aggregates, string and number functions, conversions and `is defined`. Each
// takes values and gives a value, or null where FEEL gives null (a wrong type, an empty list's minimum);
// none calls back, and each is one pass over its arguments. The list and regular-expression built-ins
// (docs/adr/0232-feel-time-zones-regex-built-ins.md) are in feel-list-builtins.ts and feel-regex.ts.
import { feelContextBuiltins } from './feel-contexts.ts';
import { feelListBuiltins } from './feel-list-builtins.ts';
import { feelExtract, feelMatches, feelReplace, feelSplit } from './feel-regex.ts';
import { feelCompare } from './list-predicates.ts';
import { FeelDate, FeelDateTime, isTemporal } from './feel-temporal.ts';

/** FEEL's aggregates take one list or the values themselves: `sum([1, 2])`, `sum(1, 2)`. */
const valuesOf = (args: unknown[]): unknown[] => (args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
const numbers = (args: unknown[]): number[] | null => {
  const values = valuesOf(args);
  return values.every((v) => typeof v === 'number') ? (values as number[]) : null;
};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** Characters as FEEL counts them: code points, not UTF-16 units. */
const chars = (s: string) => Array.from(s);

/** The least (`sign` 1) or greatest (-1) of values that order with each other; null for none or a mix. */
function extreme(args: unknown[], sign: number): unknown {
  const values = valuesOf(args);
  if (values.length === 0) return null;
  let best = values[0];
  for (const v of values.slice(1)) {
    const less = feelCompare(v, sign > 0 ? '<' : '>', best);
    if (less === null) return null;
    if (less) best = v;
  }
  return feelCompare(best, '==', best) ? best : null;
}

/** `n` rounded at `scale` decimals by `round` (Math.floor, Math.ceil, …), in decimal, not binary, steps. */
function atScale(n: unknown, scale: unknown, round: (x: number) => number): number | null {
  const x = num(n);
  const s = scale === undefined ? 0 : num(scale);
  if (x === null || s === null || !Number.isInteger(s) || Math.abs(s) > 20) return null;
  // Shifting the decimal point in the number's text keeps 2.3 at 230 rather than 229.99999999999997.
  const shifted = String(x).includes('e') ? x * 10 ** s : Number(`${x}e${s}`);
  const back = round(shifted);
  return Number(`${back}e${-s}`) || 0;
}
const awayFromZero = (x: number) => (x < 0 ? -Math.ceil(-x) : Math.ceil(x));
const towardZero = (x: number) => Math.trunc(x);
const halfUp = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x));
const halfDown = (x: number) => (x < 0 ? -Math.ceil(-x - 0.5) : Math.ceil(x - 0.5));
const halfEven = (x: number) => {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY = 86_400_000;
const dateOf = (d: unknown): FeelDate | null => (d instanceof FeelDate ? d : d instanceof FeelDateTime ? d.date : null);
/** The day counted from 1970-01-01 of `year-month-day` (month 13 is next year's January). */
const epochDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY;
/** ISO 8601's week: weeks start on Monday, week 1 holds the year's first Thursday. */
function isoWeek(d: FeelDate): number {
  const thursday = d.epochDay - d.weekday + 4;
  const year = new Date(thursday * DAY).getUTCFullYear();
  return Math.floor((thursday - epochDay(year, 1, 1)) / 7) + 1;
}
/** A text's substring before or after the first `match`; empty when there is none. */
function around(s: unknown, match: unknown, after: boolean): string | null {
  if (str(s) === null || str(match) === null) return null;
  const at = (s as string).indexOf(match as string);
  if (at < 0) return '';
  return after ? (s as string).slice(at + (match as string).length) : (s as string).slice(0, at);
}
const integer = (n: unknown): number | null => (Number.isInteger(n) ? (n as number) : null);

export const feelBuiltins: Record<string, (...args: never[]) => unknown> = {
  feelSum: (...args: unknown[]) => numbers(args)?.reduce((a, b) => a + b, 0) ?? null,
  feelMean: (...args: unknown[]) => {
    const n = numbers(args);
    return n && n.length ? n.reduce((a, b) => a + b, 0) / n.length : null;
  },
  feelMin: (...args: unknown[]) => extreme(args, 1),
  feelMax: (...args: unknown[]) => extreme(args, -1),
  feelStringLength: (s: unknown) => (str(s) === null ? null : chars(s as string).length),
  feelUpperCase: (s: unknown) => str(s)?.toUpperCase() ?? null,
  feelLowerCase: (s: unknown) => str(s)?.toLowerCase() ?? null,
  feelContains: (s: unknown, match: unknown) =>
    str(s) === null || str(match) === null ? null : (s as string).includes(match as string),
  feelStartsWith: (s: unknown, match: unknown) =>
    str(s) === null || str(match) === null ? null : (s as string).startsWith(match as string),
  feelEndsWith: (s: unknown, match: unknown) =>
    str(s) === null || str(match) === null ? null : (s as string).endsWith(match as string),
  /** 1-based, a negative start counted from the end, as FEEL's `substring`. */
  feelSubstring: (s: unknown, start: unknown, length?: unknown) => {
    const from = num(start);
    const len = length === undefined ? undefined : num(length);
    if (str(s) === null || from === null || !Number.isInteger(from) || from === 0 || len === null) return null;
    const c = chars(s as string);
    const first = from > 0 ? from - 1 : Math.max(c.length + from, 0);
    return c.slice(first, len === undefined ? undefined : first + Math.max(Math.trunc(len), 0)).join('');
  },
  feelIsDefined: (value: unknown) => value !== undefined,
  feelString: (value: unknown) => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean' || isTemporal(value)) return String(value);
    return null;
  },
  feelNumber: (value: unknown) => {
    if (typeof value === 'number') return value;
    return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
  },
  feelAbs: (n: unknown) => (num(n) === null ? null : Math.abs(n as number)),
  feelFloor: (n: unknown, scale?: unknown) => atScale(n, scale, Math.floor),
  feelCeiling: (n: unknown, scale?: unknown) => atScale(n, scale, Math.ceil),
  feelRoundUp: (n: unknown, scale: unknown) => atScale(n, scale, awayFromZero),
  feelRoundDown: (n: unknown, scale: unknown) => atScale(n, scale, towardZero),
  feelRoundHalfUp: (n: unknown, scale: unknown) => atScale(n, scale, halfUp),
  feelRoundHalfDown: (n: unknown, scale: unknown) => atScale(n, scale, halfDown),
  feelDecimal: (n: unknown, scale: unknown) => atScale(n, scale, halfEven),
  feelDayOfWeek: (d: unknown) => (d instanceof FeelDate || d instanceof FeelDateTime ? WEEKDAYS[d.weekday - 1] : null),
  feelDayOfYear: (d: unknown) => {
    const date = dateOf(d);
    return date ? date.epochDay - epochDay(date.year, 1, 1) + 1 : null;
  },
  feelMonthOfYear: (d: unknown) => {
    const date = dateOf(d);
    return date ? MONTHS[date.month - 1] : null;
  },
  feelWeekOfYear: (d: unknown) => {
    const date = dateOf(d);
    return date ? isoWeek(date) : null;
  },
  feelLastDayOfMonth: (d: unknown) => {
    const date = dateOf(d);
    return date ? new FeelDate(epochDay(date.year, date.month + 1, 0)) : null;
  },
  feelSubstringBefore: (s: unknown, match: unknown) => around(s, match, false),
  feelSubstringAfter: (s: unknown, match: unknown) => around(s, match, true),
  feelTrim: (s: unknown) => str(s)?.trim() ?? null,
  feelIsBlank: (s: unknown) => (str(s) === null ? null : (s as string).trim() === ''),
  /** FEEL's `modulo`: the remainder takes the divisor's sign (`modulo(-12, 5)` is 3). */
  feelModulo: (dividend: unknown, divisor: unknown) => {
    const [a, b] = [num(dividend), num(divisor)];
    return a === null || b === null || b === 0 ? null : a - b * Math.floor(a / b);
  },
  feelSqrt: (n: unknown) => (num(n) === null || (n as number) < 0 ? null : Math.sqrt(n as number)),
  feelLog: (n: unknown) => (num(n) === null || (n as number) <= 0 ? null : Math.log(n as number)),
  feelExp: (n: unknown) => (num(n) === null ? null : num(Math.exp(n as number))),
  feelOdd: (n: unknown) => (integer(n) === null ? null : Math.abs(n as number) % 2 === 1),
  feelEven: (n: unknown) => (integer(n) === null ? null : (n as number) % 2 === 0),
  /** Camunda's `get or else(value, default)`: the value, or the default when it is null. */
  feelGetOrElse: (value: unknown, otherwise: unknown) => value ?? otherwise,
  feelMatches,
  feelReplace,
  feelSplit,
  feelExtract,
  ...feelListBuiltins,
  ...feelContextBuiltins,
};
