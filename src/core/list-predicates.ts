// FEEL's values and conditions the rule language (filtrex) has no form for
// (docs/adr/0211-feel-conditionals-paths-ranges.md): typed comparison and three-valued logic, ranges,
// membership, 1-based indexes, and a condition or value over each element of a list. filtrex has no lambdas, so
// the reader (src/core/workflow/vendor-expression.ts) writes a list's condition out as data, a JSON tree
// whose leaves are the element (with its paths) and the values computed before the call (passed as the
// rule function's further arguments). The tree is walked here, bounded in depth and size; nothing in it
// can call anything, and an element is read through its own properties only. Temporal values order,
// equal and add as feel-temporal-ops.ts says (docs/adr/0217-feel-temporal-and-built-in-functions.md).
import { contextOf, isContext } from './feel-context-value.ts';
import { feelRangeOf } from './feel-range-value.ts';
import { isTemporal } from './feel-temporal.ts';
import { temporalArithmetic, temporalCompare } from './feel-temporal-ops.ts';
import { sortedBy } from './feel-sort-order.ts';
import type { TreeCall } from './feel-tree-calls.ts';

/** Deepest and longest condition tree walked; a deeper or longer one is not walked at all. */
export const MAX_PREDICATE_DEPTH = 64;
export const MAX_PREDICATE_TEXT = 4000;
/** Most elements bound at once (sort's two parameters and lists read inside each other). */
export const MAX_BOUND = 16;

/** The value at `keys` under `value`, own properties only (so `constructor` is undefined, never a prototype). */
export function ownPath(value: unknown, keys: readonly string[]): unknown {
  let cur = value;
  for (const key of keys) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** FEEL's path `a.b.c` (docs/adr/0263-feel-contexts-over-a-lists-element.md): own properties as ownPath; at a
 *  list, the list of each element's path (`orders.amount`, a missing one null), as FEEL reads a path on a list. */
export function feelPath(value: unknown, keys: readonly string[]): unknown {
  let cur = value;
  for (let i = 0; i < keys.length; i++) {
    if (Array.isArray(cur)) return cur.map((e) => feelPath(e, keys.slice(i)) ?? null);
    cur = ownPath(cur, [keys[i]]);
  }
  return cur;
}

/** FEEL's comparison: equal only when of one type (null equal to null), ordered only when both are
 *  numbers, both strings or temporal values of one kind; null (unknown) when they cannot be ordered. */
export function feelCompare(a: unknown, sym: string, b: unknown): boolean | null {
  if (isTemporal(a) || isTemporal(b)) return temporalCompare(a, sym, b);
  const x = a ?? null;
  const y = b ?? null;
  if (sym === '==' || sym === '!=') return (x === y) === (sym === '==');
  const ordered = (typeof x === 'number' && typeof y === 'number') || (typeof x === 'string' && typeof y === 'string');
  if (!ordered) return null;
  if (sym === '<') return x < y;
  if (sym === '>') return x > y;
  if (sym === '<=') return x <= y;
  if (sym === '>=') return x >= y;
  return null;
}

/** FEEL's `and`, `or` and `not` over true, false and null (anything not a boolean counts as null). */
const and = (a: unknown, b: unknown) => (a === false || b === false ? false : a === true && b === true ? true : null);
const or = (a: unknown, b: unknown) => (a === true || b === true ? true : a === false && b === false ? false : null);
const not = (a: unknown) => (typeof a === 'boolean' ? !a : null);

/** `value in [low..high]` with FEEL's bounds (`[` closed, `(` open on either side). */
export function inRange(value: unknown, low: unknown, high: unknown, bounds: unknown): boolean | null {
  const b = String(bounds);
  return and(feelCompare(value, b[0] === '[' ? '>=' : '>', low), feelCompare(value, b[1] === ']' ? '<=' : '<', high));
}

/** `value in list`: whether the list holds it; against anything but a list, whether they are equal. */
export function isIn(value: unknown, list: unknown): boolean | null {
  if (Array.isArray(list)) return list.some((e) => feelCompare(e, '==', value) === true);
  return feelCompare(value, '==', list);
}

/** How many ends each kind of unary test reads: a comparison and a value one, a range two. */
const TEST_ENDS: Readonly<Record<string, number>> = { '<': 1, '<=': 1, '>': 1, '>=': 1, '=': 1 };
const testEnds = (kind: string) => TEST_ENDS[kind] ?? (BOUNDS.test(kind) ? 2 : undefined);

/** Whether `kinds` (space-separated) are unary tests reading `ends` ends in all. */
const testsFit = (kinds: unknown, ends: number) => {
  if (typeof kinds !== 'string') return false;
  const counts = kinds.split(' ').map(testEnds);
  return counts.every((n) => n !== undefined) && counts.reduce((a: number, n) => a + n!, 0) === ends;
};

/** FEEL's `value in (t1, t2, …)` over positive unary tests, `value in t1 or value in t2 or …`
 *  (docs/adr/0262-feel-unary-tests.md): `kinds` says each test's kind (`<`, `<=`, `>`, `>=`, a range's
 *  bounds, `=` for a value or list), `ends` what they read in order. Tests not as the reader writes them
 *  are null. */
export function unaryTests(value: unknown, kinds: unknown, ...ends: unknown[]): boolean | null {
  if (!testsFit(kinds, ends.length)) return null;
  let result: boolean | null = false;
  let at = 0;
  for (const kind of String(kinds).split(' ')) {
    const test =
      kind === '='
        ? isIn(value, ends[at])
        : BOUNDS.test(kind)
          ? inRange(value, ends[at], ends[at + 1], kind)
          : feelCompare(value, kind, ends[at]);
    at += testEnds(kind)!;
    result = or(result, test);
  }
  return result;
}

/** FEEL's `list[n]`: 1-based, negative from the end; anything else (0, out of range, no list) is null. */
export function listAt(list: unknown, n: unknown): unknown {
  if (!Array.isArray(list) || typeof n !== 'number' || !Number.isInteger(n) || n === 0) return null;
  return (n > 0 ? list[n - 1] : list[list.length + n]) ?? null;
}

/** JUEL's `list[0]` (0-based) and `map['key']` (an own property); anything else is null. */
export function juelAt(of: unknown, key: unknown): unknown {
  if (Array.isArray(of)) return typeof key === 'number' && Number.isInteger(key) && key >= 0 ? (of[key] ?? null) : null;
  return typeof key === 'string' ? (ownPath(of, [key]) ?? null) : null;
}

/** FEEL's `+ - * / %`: numbers, `+` of two strings, temporal values; null for anything else. */
export function feelArithmetic(sym: string, a: unknown, b: unknown): unknown {
  if (isTemporal(a) || isTemporal(b)) return temporalArithmetic(sym, a, b);
  if (sym === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  if (sym === '+') return a + b;
  if (sym === '-') return a - b;
  if (sym === '*') return a * b;
  if (sym === '/') return b === 0 ? null : a / b;
  if (sym === '%') return b === 0 ? null : ((a % b) + b) % b;
  return null;
}

export type Tree = unknown[];
/** How a walk charges steps to its bound (feel-sort.ts); a walk without one reads no nested list. */
export type Charge = (steps: number) => void;
const COMPARISON = new Set(['==', '!=', '<', '>', '<=', '>=']);
const BOUNDS = /^[[(][\])]$/;

const elements = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);

/** FEEL's filter, `some`, `every` and `for` over a list, `v` the condition's value for one element. */
const OVER_ELEMENTS: Readonly<Record<string, (list: unknown, v: (e: unknown) => unknown) => unknown>> = {
  listFilter: (list, v) => elements(list).filter((e) => v(e) === true),
  listAny: (list, v) => elements(list).some((e) => v(e) === true),
  listAll: (list, v) => elements(list).every((e) => v(e) === true),
  listMap: (list, v) => elements(list).map((e) => v(e) ?? null),
};
const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

/** Whether `node` is a condition tree this walker knows, no deeper than the bound. */
function wellFormed(node: unknown, depth: number): node is Tree {
  if (!Array.isArray(node) || depth > MAX_PREDICATE_DEPTH) return false;
  const [op, ...rest] = node as unknown[];
  const trees = (from: number) => rest.slice(from).every((n) => wellFormed(n, depth + 1));
  switch (op) {
    case 'item':
      return rest.length === 0;
    case 'param':
      // A bound element by its place, outermost first: sort's parameters are 0 and 1, the elements of
      // lists read inside a condition the places after (docs/adr/0257-feel-nested-filters.md).
      return (
        rest.length === 1 && Number.isInteger(rest[0]) && (rest[0] as number) >= 0 && (rest[0] as number) < MAX_BOUND
      );
    case 'arg':
      return rest.length === 1 && Number.isInteger(rest[0]) && (rest[0] as number) >= 0;
    // A name inside a filter: the element's entry, else the name outside
    // (docs/adr/0253-feel-filter-implicit-entries.md).
    case 'name':
      return rest.length === 3 && typeof rest[0] === 'string' && trees(1);
    case 'path':
      return rest.length >= 2 && wellFormed(rest[0], depth + 1) && rest.slice(1).every((k) => typeof k === 'string');
    case 'not':
    case 'neg':
      return rest.length === 1 && trees(0);
    case 'and':
    case 'or':
    case 'in':
    case 'at':
      return rest.length === 2 && trees(0);
    case 'if':
      return rest.length === 3 && trees(0);
    case 'list':
      return trees(0);
    case 'call':
      return typeof rest[0] === 'string' && trees(1);
    case 'cmp':
      return rest.length === 3 && COMPARISON.has(rest[0] as string) && trees(1);
    case 'math':
      return rest.length === 3 && ARITHMETIC.has(rest[0] as string) && trees(1);
    case 'tests':
      return rest.length >= 3 && testsFit(rest[1], rest.length - 2) && wellFormed(rest[0], depth + 1) && trees(2);
    case 'range':
      return (
        rest.length === 4 && BOUNDS.test(String(rest[3])) && rest.slice(0, 3).every((n) => wellFormed(n, depth + 1))
      );
    // A range literal as a range function's argument, a context literal, a list read inside sort's
    // precedes (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
    case 'interval':
      return (
        rest.length === 3 && BOUNDS.test(String(rest[2])) && rest.slice(0, 2).every((n) => wellFormed(n, depth + 1))
      );
    case 'context':
      return (
        rest.length % 2 === 0 && rest.every((n, i) => (i % 2 === 0 ? typeof n === 'string' : wellFormed(n, depth + 1)))
      );
    case 'where':
      return rest.length === 3 && Object.hasOwn(OVER_ELEMENTS, String(rest[0])) && trees(1);
    // sort inside a condition: its list and its precedes over the next two places
    // (docs/adr/0265-feel-sort-inside-a-lists-condition.md).
    case 'sort':
      return rest.length === 2 && trees(0);
    default:
      return false;
  }
}

/** The nodes of a tree, walked at most once each per element. */
export const nodes = (tree: unknown): number =>
  Array.isArray(tree) ? 1 + tree.reduce((n: number, t) => n + nodes(t), 0) : 0;

/** The value of a condition tree over the elements bound, outermost first: a list's element (`item`), or
 *  `sort`'s pair; a list read inside the condition adds its element after them.
 *  A built-in's call is made through `call` (sort's precedes, docs/adr/0244-feel-calls-in-functions-context-functions.md);
 *  without one it is null. A list read inside the condition is walked only with `charge`, each of its
 *  elements charged its condition's nodes (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md,
 *  docs/adr/0257-feel-nested-filters.md); without it, null. */
export function valueOf(
  node: Tree,
  bound: readonly unknown[],
  args: readonly unknown[],
  call?: TreeCall,
  charge?: Charge,
): unknown {
  const v = (n: unknown) => valueOf(n as Tree, bound, args, call, charge);
  const [op, a, b, c, d] = node;
  switch (op) {
    case 'item':
      return bound[0] ?? null;
    case 'param':
      return bound[a as number] ?? null;
    case 'arg':
      return args[a as number] ?? null;
    case 'name': {
      const of = v(b);
      return isContext(of) && Object.hasOwn(of, a as string) ? (of[a as string] ?? null) : v(c);
    }
    case 'path':
      return feelPath(v(a), node.slice(2) as string[]) ?? null;
    case 'not':
      return not(v(a));
    case 'neg':
      return feelArithmetic('-', 0, v(a));
    case 'and':
      return and(v(a), v(b));
    case 'or':
      return or(v(a), v(b));
    case 'in':
      return isIn(v(a), v(b));
    case 'at':
      return listAt(v(a), v(b));
    case 'if':
      return v(a) === true ? v(b) : v(c);
    case 'list':
      return node.slice(1).map(v);
    case 'call':
      return call ? (call(a as string, node.slice(2).map(v)) ?? null) : null;
    case 'cmp':
      return feelCompare(v(b), a as string, v(c));
    case 'math':
      return feelArithmetic(a as string, v(b), v(c));
    case 'range':
      return inRange(v(a), v(b), v(c), d);
    case 'tests':
      return unaryTests(v(a), b, ...node.slice(3).map(v));
    case 'interval':
      return feelRangeOf(v(a), v(b), c);
    case 'context':
      return contextOf(...node.slice(1).map((n, i) => (i % 2 === 0 ? n : v(n))));
    case 'sort': {
      const list = v(a);
      if (!charge || bound.length + 2 > MAX_BOUND || !Array.isArray(list)) return null;
      const cost = nodes(b);
      return sortedBy(list, (x, y) => (charge(cost), valueOf(b as Tree, [...bound, x, y], args, call, charge)));
    }
    case 'where': {
      if (!charge || bound.length >= MAX_BOUND) return null;
      const cost = nodes(c);
      return OVER_ELEMENTS[a as string](
        v(b),
        (e) => (charge(cost), valueOf(c as Tree, [...bound, e], args, call, charge)),
      );
    }
    default:
      return null;
  }
}

const parsed = new Map<string, Tree | null>();

/** The condition tree a rule passes as text, checked once; null when it is not one this walker knows. */
export function treeOf(text: unknown): Tree | null {
  if (typeof text !== 'string' || text.length > MAX_PREDICATE_TEXT) return null;
  let tree = parsed.get(text);
  if (tree === undefined) {
    try {
      const read: unknown = JSON.parse(text);
      tree = wellFormed(read, 0) ? read : null;
    } catch {
      tree = null;
    }
    if (parsed.size >= 1000) parsed.clear(); // the texts come from stored definitions: few, but unbounded over time
    parsed.set(text, tree);
  }
  return tree;
}

/** How a list function walks its tree for one element: the value of the tree for it. Built-ins are called
 *  only by a walk given them (feel-sort.ts's `callingWalk`, bounded); the plain one calls none. */
export type ElementWalk = (tree: Tree, args: readonly unknown[]) => (element: unknown) => unknown;
const plainWalk: ElementWalk = (tree, args) => (e) => valueOf(tree, [e], args);

/** FEEL's `list[condition]`, `some … satisfies condition`, `every …` (only true holds; no list: no
 *  elements) and `for x in list return value` (null where it is none), each element walked by `walk`. */
export function listFunctions(walk: ElementWalk = plainWalk) {
  const over = (text: unknown, args: readonly unknown[]) => {
    const tree = treeOf(text);
    return tree === null ? null : walk(tree, args);
  };
  return {
    listFilter: (list: unknown, text: unknown, ...args: unknown[]) => {
      const v = over(text, args);
      return v ? OVER_ELEMENTS.listFilter(list, v) : [];
    },
    listAny: (list: unknown, text: unknown, ...args: unknown[]) => {
      const v = over(text, args);
      return v !== null && OVER_ELEMENTS.listAny(list, v);
    },
    listAll: (list: unknown, text: unknown, ...args: unknown[]) => {
      const v = over(text, args);
      return v !== null && OVER_ELEMENTS.listAll(list, v);
    },
    listMap: (list: unknown, text: unknown, ...args: unknown[]) => {
      const v = over(text, args);
      return v ? OVER_ELEMENTS.listMap(list, v) : [];
    },
  };
}

/** The list functions whose trees call no built-in (a call in one is null). */
export const { listFilter, listAny, listAll, listMap } = listFunctions();
