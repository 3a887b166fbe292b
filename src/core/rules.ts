// Safe rule expressions (filtrex) evaluated by the same code in the browser and on the server:
// visibility of tiles, tabs, actions and fields, and `allow` rules of API calls.
import { compileExpression } from 'filtrex';
import { feelBuiltins } from './feel-builtins.ts';
import { feelNow, feelToday, withOneClock } from './feel-clock.ts';
import { contextOf } from './feel-context-value.ts';
import { feelRangeOf } from './feel-range-value.ts';
import { feelRangeBuiltins } from './feel-ranges.ts';
import { callingWalk, sortCalling } from './feel-sort.ts';
import { TREE_CALLS, type TreeCall } from './feel-tree-calls.ts';
import { feelDate, feelDateTime, feelDuration, feelTime, feelYearsAndMonths, isTemporal } from './feel-temporal.ts';
import {
  feelArithmetic,
  feelCompare,
  inRange,
  feelPath,
  juelAt,
  isIn,
  listAt,
  listFunctions,
  ownPath,
  unaryTests,
} from './list-predicates.ts';

export interface RuleContext {
  user?: Record<string, unknown> | null;
  config?: Record<string, unknown>;
  form?: Record<string, unknown>;
  reply?: Record<string, unknown>;
  [name: string]: unknown;
}

type Compiled = (ctx: RuleContext) => unknown;

// Dotted names read own properties only, so `user.constructor` is undefined, never a prototype.
// FEEL paths written out by the reader (`order.amount`) are read the same way, null-safe.
const readPath = (name: string, _get: unknown, obj: unknown): unknown => ownPath(obj, name.split('.'));

/** FEEL's comparison of a list element with a value (list-predicates.ts): only `true` passes. */
const compares = (element: unknown, sym: string, value: unknown) => feelCompare(element, sym, value) === true;

const elements = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);

/** A built-in a condition tree calls (list-predicates.ts): one TREE_CALLS lists, else null. */
const treeCall: TreeCall = (fn, args) => (TREE_CALLS.has(fn) ? ruleFunctions[fn](...(args as never[])) : null);

export const ruleFunctions: Record<string, (...args: never[]) => unknown> = {
  count: (value: unknown) => (Array.isArray(value) ? value.length : 0),
  empty: (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0),
  has: (list: unknown, item: unknown) => Array.isArray(list) && list.includes(item),
  first: (list: unknown) => (Array.isArray(list) ? list[0] : undefined),
  // FEEL's `list[item < v]`, `some x in list satisfies …` and `every …` over one comparison, as
  // definitions stored under docs/adr/0207-feel-list-filters.md write them.
  listWhere: (list: unknown, sym: string, value: unknown) => elements(list).filter((e) => compares(e, sym, value)),
  listSome: (list: unknown, sym: string, value: unknown) => elements(list).some((e) => compares(e, sym, value)),
  listEvery: (list: unknown, sym: string, value: unknown) => elements(list).every((e) => compares(e, sym, value)),
  // FEEL's conditions and `for` over a list, indexes, ranges, membership and list literals
  // (docs/adr/0211-feel-conditionals-paths-ranges.md): bounded walks, no callback; the conditions may call
  // the built-ins TREE_CALLS names over the element (docs/adr/0250-feel-calls-over-a-lists-element.md).
  ...listFunctions(callingWalk(treeCall)),
  listAt,
  inRange,
  isIn,
  unaryTests,
  listOf: (...items: unknown[]) => items,
  // FEEL's temporal values, built-in functions and the comparison and arithmetic that take them, and
  // JUEL's indexes (docs/adr/0217-feel-temporal-and-built-in-functions.md).
  feelCmp: (a: unknown, sym: string, b: unknown) => feelCompare(a, sym, b),
  feelMath: (sym: string, a: unknown, b: unknown) => feelArithmetic(sym, a, b),
  feelDate,
  feelTime,
  feelDateTime,
  feelDuration,
  feelYearsAndMonths,
  feelNow,
  feelToday,
  ...feelBuiltins,
  juelAt,
  feelPath: (value: unknown, ...keys: string[]) => feelPath(value, keys),
  // FEEL's `sort(list, precedes)` and context literals (docs/adr/0239-feel-zoned-times-and-functions.md);
  // precedes may call the built-ins TREE_CALLS names (docs/adr/0244-feel-calls-in-functions-context-functions.md).
  listSort: sortCalling(treeCall),
  contextOf,
  // FEEL's range literals as range functions' arguments, the range functions, and the draws
  // (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
  feelRangeOf,
  ...feelRangeBuiltins,
  feelUuid: () => globalThis.crypto.randomUUID(),
  feelRandomNumber: () => Math.random(),
};

/** The literals vendor expressions written out in this language use (vendor-expression.ts). */
const RULE_CONSTANTS = { true: true, false: false, null: null };

const cache = new Map<string, Compiled>();

/** Forgets every compiled rule (the maintenance cache clear); answers how many there were. */
export function clearCompiledRules(): number {
  const count = cache.size;
  cache.clear();
  return count;
}

/** Compiles a rule; throws with the parser's message when the text is not a valid expression. */
export function compileRule(text: string): Compiled {
  let fn = cache.get(text);
  if (!fn) {
    const run = compileExpression(text, {
      customProp: readPath,
      extraFunctions: ruleFunctions,
      constants: RULE_CONSTANTS,
    }) as Compiled;
    // One evaluation reads one clock: `now() < due and due < now() + duration("P1D")` is consistent.
    fn = (ctx) => withOneClock(() => run(ctx));
    cache.set(text, fn);
  }
  return fn;
}

/** A value leaving the evaluator, to be kept in variables: a temporal value (also in a list) as its ISO
 *  text (docs/adr/0217-feel-temporal-and-built-in-functions.md). */
const plain = (v: unknown): unknown =>
  isTemporal(v) ? v.toString() : Array.isArray(v) && v.some(isTemporal) ? v.map(plain) : v;

/** The value of an expression (e.g. a query value of `x-options`); undefined when it fails. */
export function ruleValue(text: string, ctx: RuleContext): unknown {
  try {
    const value = compileRule(text)(ctx);
    return value instanceof Error ? undefined : plain(value);
  } catch {
    return undefined;
  }
}

/** Absent rule = allowed. A rule that throws at run time counts as false (fail closed). */
export function evaluateRule(text: string | undefined, ctx: RuleContext): boolean {
  if (text === undefined || text === '') return true;
  try {
    const value = compileRule(text)(ctx);
    return value instanceof Error ? false : Boolean(value);
  } catch {
    return false;
  }
}
