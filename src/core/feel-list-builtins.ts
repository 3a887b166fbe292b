// FEEL's list built-ins (docs/adr/0232-feel-time-zones-regex-built-ins.md) as rule functions: each takes
// values and gives a value, or null where FEEL gives null (a list expected and none given, a position out
// of the list); none calls back. Equality of elements is FEEL's (`feelCompare`, so dates compare by value)
// and, for lists and contexts, their JSON texts; each function walks its arguments a bounded number of
// times (at most quadratic in a list's length for `distinct values`, `union` and `duplicate values`,
// bounded by MAX_DISTINCT).
import { feelCompare } from './list-predicates.ts';

/** Longest list the quadratic functions compare element by element; a longer one gives null. */
const MAX_DISTINCT = 2000;
/** Deepest list `flatten` opens. */
const MAX_FLATTEN_DEPTH = 16;

const list = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);
const isObject = (v: unknown) => typeof v === 'object' && v !== null;

/** FEEL's `=` between two elements: by value, lists and contexts by their JSON texts. */
export function feelEqual(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b) && (Array.isArray(a) || Array.isArray(b) || a.constructor === Object))
    return JSON.stringify(a) === JSON.stringify(b);
  return feelCompare(a, '==', b) === true;
}

/** A 1-based position, negative from the end, as an index into `length` elements; null when outside. */
function indexOf(position: unknown, length: number): number | null {
  if (typeof position !== 'number' || !Number.isInteger(position) || position === 0) return null;
  const i = position > 0 ? position - 1 : length + position;
  return i >= 0 && i < length ? i : null;
}

function distinct(values: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) if (!out.some((o) => feelEqual(o, v))) out.push(v);
  return out;
}

function flat(values: unknown[], depth: number, out: unknown[]): unknown[] | null {
  for (const v of values) {
    if (!Array.isArray(v)) out.push(v);
    else if (depth >= MAX_FLATTEN_DEPTH || !flat(v, depth + 1, out)) return null;
  }
  return out;
}

/** The middle of sorted numbers: the mean of the two middle ones for an even count. */
function median(n: number[]): number | null {
  if (!n.length) return null;
  const s = [...n].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The sample standard deviation; null for fewer than two numbers. */
function stddev(n: number[]): number | null {
  if (n.length < 2) return null;
  const mean = n.reduce((a, b) => a + b, 0) / n.length;
  return Math.sqrt(n.reduce((a, b) => a + (b - mean) ** 2, 0) / (n.length - 1));
}

/** The most frequent numbers, ascending (all of them when they tie). */
function mode(n: number[]): number[] {
  const counts = new Map<number, number>();
  for (const x of n) counts.set(x, (counts.get(x) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  return [...counts]
    .filter(([, c]) => c === most)
    .map(([x]) => x)
    .sort((a, b) => a - b);
}

/** FEEL's `all`/`any` over booleans: null when an element is no boolean and the answer is not decided. */
function all(values: unknown[], sought: boolean): boolean | null {
  if (values.some((v) => v === !sought)) return !sought;
  return values.every((v) => v === sought) ? sought : null;
}

/** Numbers of a list (or the values written out), or null when any is no number. */
const numbersOf = (args: unknown[]): number[] | null => {
  const values = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  return values.every((v) => typeof v === 'number') ? (values as number[]) : null;
};
const valuesOf = (args: unknown[]): unknown[] => (args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
const short = (l: unknown[] | null) => (l && l.length <= MAX_DISTINCT ? l : null);

export const feelListBuiltins: Record<string, (...args: never[]) => unknown> = {
  feelProduct: (...args: unknown[]) => {
    const n = numbersOf(args);
    return n && n.length ? n.reduce((a, b) => a * b, 1) : null;
  },
  feelMedian: (...args: unknown[]) => median(numbersOf(args) ?? []),
  feelStddev: (...args: unknown[]) => stddev(numbersOf(args) ?? []),
  feelMode: (...args: unknown[]) => {
    const n = numbersOf(args);
    return n ? mode(n) : null;
  },
  feelAll: (...args: unknown[]) => all(valuesOf(args), true),
  feelAny: (...args: unknown[]) => all(valuesOf(args), false),
  feelSublist: (l: unknown, start: unknown, length?: unknown) => {
    const items = list(l);
    const from = items && indexOf(start, items.length);
    if (!items || from === null) return null;
    if (length === undefined) return items.slice(from);
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || from + length > items.length)
      return null;
    return items.slice(from, from + length);
  },
  feelAppend: (l: unknown, ...items: unknown[]) => (list(l) ? [...(l as unknown[]), ...items] : null),
  feelConcatenate: (...lists: unknown[]) => (lists.every(Array.isArray) ? (lists as unknown[][]).flat() : null),
  feelInsertBefore: (l: unknown, position: unknown, item: unknown) => {
    const items = list(l);
    const at = items && indexOf(position, items.length);
    return items && at !== null ? [...items.slice(0, at), item, ...items.slice(at)] : null;
  },
  feelRemove: (l: unknown, position: unknown) => {
    const items = list(l);
    const at = items && indexOf(position, items.length);
    return items && at !== null ? [...items.slice(0, at), ...items.slice(at + 1)] : null;
  },
  feelReverse: (l: unknown) => (list(l) ? [...(l as unknown[])].reverse() : null),
  /** The 1-based positions of the elements equal to `match`. */
  feelIndexOf: (l: unknown, match: unknown) => list(l)?.flatMap((v, i) => (feelEqual(v, match) ? [i + 1] : [])) ?? null,
  feelUnion: (...lists: unknown[]) =>
    lists.every(Array.isArray) ? short((lists as unknown[][]).flat()) && distinct((lists as unknown[][]).flat()) : null,
  feelDistinctValues: (l: unknown) => {
    const items = short(list(l));
    return items ? distinct(items) : null;
  },
  feelDuplicateValues: (l: unknown) => {
    const items = short(list(l));
    // In the order they first appear, as Camunda's reference shows (`[1, 2, 3, 2, 1]` → `[1, 2]`).
    return items ? distinct(items).filter((v) => items.filter((o) => feelEqual(o, v)).length > 1) : null;
  },
  feelFlatten: (l: unknown) => (list(l) ? flat(l as unknown[], 0, []) : null),
  feelIsEmpty: (l: unknown) => (list(l) ? (l as unknown[]).length === 0 : null),
  /** Consecutive lists of `size` elements, the last one shorter. */
  feelPartition: (l: unknown, size: unknown) => {
    const items = list(l);
    if (!items || typeof size !== 'number' || !Number.isInteger(size) || size < 1) return null;
    const out: unknown[][] = [];
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
    return out;
  },
  /** Texts joined by a delimiter (none by default), between a prefix and a suffix; nulls left out. */
  feelStringJoin: (l: unknown, delimiter?: unknown, prefix?: unknown, suffix?: unknown) => {
    const items = list(l);
    const opt = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : undefined);
    const [d, p, s] = [opt(delimiter), opt(prefix), opt(suffix)];
    if (!items || d === undefined || p === undefined || s === undefined) return null;
    const texts = items.filter((v) => v !== null && v !== undefined);
    return texts.every((v) => typeof v === 'string') ? p + texts.join(d) + s : null;
  },
};
