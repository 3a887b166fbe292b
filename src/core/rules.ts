// Safe rule expressions (filtrex) evaluated by the same code in the browser and on the server:
// visibility of tiles, tabs, actions and fields, and `allow` rules of API calls.
import { compileExpression } from 'filtrex';

export interface RuleContext {
  user?: Record<string, unknown> | null;
  config?: Record<string, unknown>;
  form?: Record<string, unknown>;
  reply?: Record<string, unknown>;
  [name: string]: unknown;
}

type Compiled = (ctx: RuleContext) => unknown;

// Dotted names read own properties only, so `user.constructor` is undefined, never a prototype.
function readPath(name: string, _get: unknown, obj: unknown): unknown {
  let cur: unknown = obj;
  for (const key of name.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** FEEL's comparison of a list element with a value: equal only when of one type (null equal to
 *  null), ordered only when both are numbers or both strings (else the element does not pass). */
function compares(element: unknown, sym: string, value: unknown): boolean {
  const a = element ?? null;
  const b = value ?? null;
  if (sym === '==' || sym === '!=') return (a === b) === (sym === '==');
  const ordered = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!ordered) return false;
  return sym === '<' ? a < b : sym === '>' ? a > b : sym === '<=' ? a <= b : sym === '>=' ? a >= b : false;
}

const elements = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);

export const ruleFunctions: Record<string, (...args: never[]) => unknown> = {
  count: (value: unknown) => (Array.isArray(value) ? value.length : 0),
  empty: (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0),
  has: (list: unknown, item: unknown) => Array.isArray(list) && list.includes(item),
  first: (list: unknown) => (Array.isArray(list) ? list[0] : undefined),
  // FEEL's `list[item < v]`, `some x in list satisfies …` and `every …` (vendor-expression.ts).
  listWhere: (list: unknown, sym: string, value: unknown) => elements(list).filter((e) => compares(e, sym, value)),
  listSome: (list: unknown, sym: string, value: unknown) => elements(list).some((e) => compares(e, sym, value)),
  listEvery: (list: unknown, sym: string, value: unknown) => elements(list).every((e) => compares(e, sym, value)),
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
    fn = compileExpression(text, {
      customProp: readPath,
      extraFunctions: ruleFunctions,
      constants: RULE_CONSTANTS,
    }) as Compiled;
    cache.set(text, fn);
  }
  return fn;
}

/** The value of an expression (e.g. a query value of `x-options`); undefined when it fails. */
export function ruleValue(text: string, ctx: RuleContext): unknown {
  try {
    const value = compileRule(text)(ctx);
    return value instanceof Error ? undefined : value;
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
