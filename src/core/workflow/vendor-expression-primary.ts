// The vendor-expression parser's values (docs/adr/0117-vendor-expressions.md,
// docs/adr/0211-feel-conditionals-paths-ranges.md): literals, names, parentheses, list and temporal
// literals, and what follows a value: paths `.name`, FEEL's indexes and filters `[…]`, JUEL's keys.
// Calls, definitions and contexts are read in vendor-expression-definitions.ts; `if`, quantifiers and
// `for` in vendor-expression-forms.ts.
import { feelFunctionAt, temporalLiteral } from './feel-functions.ts';
import { call, callOf, context, definition } from './vendor-expression-definitions.ts';
import { contextEntry } from './vendor-expression-functions.ts';
import { conditional, iteration, quantified } from './vendor-expression-forms.ts';
import { rangeText } from './vendor-expression-range-text.ts';
import { isCondition, uses, type Node } from './vendor-expression-node.ts';
import type { Reader } from './vendor-expression-reader.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

/** Words that end a function's name when the reader looks for the name of a call it does not know. */
const STOP_WORDS = new Set(['and', 'or', 'in', 'between', 'then', 'else', 'satisfies', 'return']);

/** What follows a value: `.name` (both dialects), `[index]` or `[condition of item]` (FEEL). */
export function postfix(r: Reader, first: Node): Node {
  let node = first;
  for (
    let t = r.peek();
    t?.text === '.' || (t?.text === '[' && !r.upperBound) || (t?.text === '(' && node.op === 'fn');
    t = r.peek()
  ) {
    if (t.text === '(' && node.op === 'fn') {
      node = callOf(r, node);
      continue;
    }
    if (t.text === '[') {
      node = r.feel ? bracket(r, node) : juelKey(r, node);
      continue;
    }
    r.at++;
    const key = propertyName(r);
    if (node.op === 'context') {
      node = contextEntry(node, key);
      continue;
    }
    node =
      node.op === 'path'
        ? { ...node, keys: [...node.keys, key] }
        : { op: 'path', of: node, keys: [key], ...(r.feel ? { feel: true as const } : {}) };
    if (r.peek()?.text === '(') throw new ExpressionError(`methods are not read here: ${key}(…)`);
  }
  return node;
}

/** The name after `.`: one word, or FEEL's property of times `time offset`
 *  (docs/adr/0244-feel-calls-in-functions-context-functions.md), the one property name with a space. */
function propertyName(r: Reader): string {
  const key = r.take();
  if (key?.kind !== 'id') throw new ExpressionError(`a name is expected after "." in ${r.body}`);
  if (!r.feel || key.text !== 'time' || r.peek()?.kind !== 'id' || r.peek()?.text !== 'offset') return key.text;
  r.at++;
  return 'time offset';
}

const juelKey = (r: Reader, of: Node): Node =>
  r.deeper(() => {
    r.expect('[');
    const key = r.grammar.expression(r);
    r.expect(']');
    if (isCondition(key)) throw new ExpressionError(`JUEL indexes take a number or a key, not a condition: ${r.body}`);
    return { op: 'key', of, at: key };
  });

const bracket = (r: Reader, of: Node): Node =>
  r.deeper(() => {
    r.expect('[');
    const inside = r.binding(['item'], () => r.grammar.or(r));
    r.expect(']');
    // A condition filters even when it names no `item`: a context element's entries are in scope by name
    // (`orders[amount > 10]`, docs/adr/0253-feel-filter-implicit-entries.md). Any other value indexes.
    if (uses(inside, 'item') || isCondition(inside))
      return { op: 'where', fn: 'listFilter', list: of, element: 'item', test: inside, implicit: true };
    return { op: 'index', of, at: inside };
  });

/** The name of a call to a function no record lists, read from the name just taken (`random number(`). */
function unknownFunction(r: Reader): string | undefined {
  const words: string[] = [];
  for (let i = r.at - 1; r.list[i]?.kind === 'id' && words.length < 5; i++) {
    if (words.length && STOP_WORDS.has(r.list[i].text)) return undefined;
    words.push(r.list[i].text);
    if (r.list[i + 1]?.text === '(') return words.join(' ');
  }
  return undefined;
}

/** A value inside parentheses: there `[` indexes again, even in a range's bound (`[1..(limits[2])]`).
 *  Followed by `..`, the first bound of a range open at its start (`(1..10]`). */
function parenthesized(r: Reader): Node {
  const bound = r.upperBound;
  r.upperBound = false;
  const inner = r.deeper(() => r.grammar.expression(r));
  if (r.peek()?.text === '..') return ((r.upperBound = bound), interval(r, '(', inner));
  r.expect(')');
  r.upperBound = bound;
  return inner;
}

/** A range literal from its first bound on (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md):
 *  read anywhere a value is, written out only as a range function's argument (vendor-expression.ts). */
const interval = (r: Reader, open: string, low: Node): Node => ({
  op: 'interval',
  low,
  ...r.grammar.rangeEnd(r, open),
});

/** `[…]`: a list literal, or a range `[a..b]`. */
function bracketed(r: Reader): Node {
  if (r.peek()?.text === ']') return (r.at++, { op: 'list', items: [] });
  const first = r.deeper(() => r.grammar.expression(r));
  if (r.peek()?.text === '..') return interval(r, '[', first);
  const rest = r.peek()?.text === ',' ? (r.at++, r.items(']')) : (r.expect(']'), []);
  return { op: 'list', items: [first, ...rest] };
}

export function primary(r: Reader): Node {
  const t = r.take();
  const feel = r.feel;
  if (!t) throw new ExpressionError(`the expression ends too early: ${r.body}`);
  if (t.kind === 'num') return { op: 'lit', value: t.text };
  if (t.kind === 'str') return { op: 'lit', value: JSON.stringify(t.text) };
  if (t.kind === 'sym' && t.text === '(') return parenthesized(r);
  if (t.kind === 'sym' && t.text === '[' && feel) return bracketed(r);
  if (t.kind === 'sym' && t.text === ']' && feel)
    return interval(
      r,
      ']',
      r.deeper(() => r.grammar.expression(r)),
    );
  if (t.kind === 'sym' && t.text === '@' && feel && r.peek()?.kind === 'str') return temporalLiteral(r.take()!.text);
  if (t.kind === 'sym' && t.text === '{' && feel) return r.deeper(() => context(r));
  if (t.kind === 'id' && feel && t.text === 'function' && r.peek()?.text === '(') return r.deeper(() => definition(r));
  const entry = t.kind === 'id' && feel ? r.inScope(t.text) : undefined;
  if (entry) return entry.op === 'fn' && r.peek()?.text === '(' ? callOf(r, entry) : entry;
  if (t.kind === 'id') {
    if (['true', 'false', 'null'].includes(t.text)) return { op: 'lit', value: t.text };
    if (feel && t.text === 'not' && r.peek()?.text === '(') {
      r.at++;
      const inner = r.deeper(() => r.grammar.or(r));
      r.expect(')');
      return { op: 'not', arg: inner };
    }
    const name = feel
      ? feelFunctionAt(r.list.slice(r.at - 1, r.at + 4).map((w) => (w.kind === 'str' ? undefined : w.text)))
      : undefined;
    if (name) {
      r.at += name.split(' ').length - 1;
      return call(r, name);
    }
    const next = r.list[r.at + 1]?.text;
    if (feel && (t.text === 'some' || t.text === 'every') && next === 'in') return quantified(r, t.text);
    if (feel && t.text === 'for' && next === 'in') return iteration(r);
    if (feel && t.text === 'if' && r.peek() !== undefined) return conditional(r);
    if (feel && r.peek()?.text === '(' && r.defining.includes(t.text))
      throw new ExpressionError(`the function ${t.text} calls itself; recursion is not read here: ${r.body}`);
    if (feel && t.text === 'range' && r.peek()?.text === '(') return rangeText(r);
    const unknown = unknownFunction(r);
    if (unknown) throw new ExpressionError(`the function ${unknown}(…) is not read here`);
    return { op: 'var', name: t.text };
  }
  throw new ExpressionError(`"${t.text}" is out of place in ${r.body}`);
}
