// The vendor-expression parser's operators by precedence (docs/adr/0117-vendor-expressions.md,
// docs/adr/0211-feel-conditionals-paths-ranges.md, docs/adr/0217-feel-temporal-and-built-in-functions.md):
// JUEL's `c ? a : b` → or → and → equality → relation (with FEEL's `in` and `between`) → sum → product →
// unary → a value (vendor-expression-primary.ts). Depth is counted at unary operators, ranges and lists
// after `in`, not at each level.
import type { Node } from './vendor-expression-node.ts';
import { postfix, primary } from './vendor-expression-primary.ts';
import type { Grammar, Reader } from './vendor-expression-reader.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

/** A left-associative level of binary operators `ops` over `next`. */
const level =
  (ops: string[], next: (r: Reader) => Node) =>
  (r: Reader): Node => {
    let left = next(r);
    for (let op = r.opOf(r.peek()); op && ops.includes(op); op = r.opOf(r.peek())) {
      r.at++;
      left = { op: 'bin', sym: op, left, right: next(r) };
    }
    return left;
  };

const unary = (r: Reader): Node =>
  r.deeper(() => {
    const t = r.peek();
    const again = (op: 'not' | 'neg' | 'empty'): Node => (r.at++, { op, arg: unary(r) });
    if (t?.kind === 'sym' && t.text === '!') return again('not');
    if (t?.kind === 'sym' && t.text === '-') return again('neg');
    if (t?.kind === 'id' && t.text === 'not' && !r.feel) return again('not');
    if (t?.kind === 'id' && t.text === 'empty' && !r.feel) return again('empty');
    return postfix(r, primary(r));
  });

const product = level(['*', '/', '%'], unary);
const sum = level(['+', '-'], product);

/** A range from its first bound on: `..high` and its closing bracket; bounds `[]`, `(]`, `[)` or `()`. */
function rangeEnd(r: Reader, open: string): { high: Node; bounds: string } {
  r.at++;
  r.upperBound = true;
  const high = r.deeper(() => or(r));
  r.upperBound = false;
  const close = r.take()?.text;
  if (close !== ']' && close !== ')' && close !== '[')
    throw new ExpressionError(`a range ends with "]" or ")": ${r.body}`);
  return { high, bounds: `${open === '[' ? '[' : '('}${close === ']' ? ']' : ')'}` };
}

/** A range after `in` from its first bound on. */
const range = (r: Reader, value: Node, open: string, low: Node): Node => ({
  op: 'range',
  value,
  low,
  ...rangeEnd(r, open),
});

const ORDERS = ['<', '<=', '>', '>='];

/** One positive unary test: `< end` (and `<=`, `>`, `>=`), a range, or a value read by `value` (bare
 *  after `in` an additive expression, so `x in xs or y` stays `(x in xs) or y`; inside parentheses any). */
function unaryTest(r: Reader, value: (r: Reader) => Node = or): Node | { order: string; end: Node } {
  const order = r.opOf(r.peek());
  if (order && ORDERS.includes(order)) return (r.at++, { order, end: sum(r) });
  return r.deeper(() => value(r));
}

/** `value in (t1, t2, …)` from its first test on (`(` taken): plain values keep the list they make (a
 *  list's membership, else equality, isIn); with a comparison or a range among them, FEEL's disjunction of
 *  tests (docs/adr/0262-feel-unary-tests.md). */
function testsInParentheses(r: Reader, value: Node, first: Node | { order: string; end: Node }): Node {
  const tests = [first];
  while (r.peek()?.text === ',') tests.push((r.at++, unaryTest(r)));
  r.expect(')');
  if (tests.every((t) => 'op' in t && t.op !== 'interval'))
    return { op: 'in', value, list: tests.length === 1 ? (first as Node) : { op: 'list', items: tests as Node[] } };
  const kinds: string[] = [];
  const ends: Node[] = [];
  for (const t of tests) {
    if (!('op' in t)) {
      kinds.push(t.order);
      ends.push(t.end);
    } else if (t.op === 'interval') {
      kinds.push(t.bounds);
      ends.push(t.low, t.high);
    } else {
      kinds.push('=');
      ends.push(t);
    }
  }
  return { op: 'tests', value, kinds, ends };
}

/** What follows FEEL's `in`: a range `[a..b]` (either bound open with `(`/`)` or `]`/`[`), a list
 *  `[a, b]`, tests `(a, > b, [c..d])`, a comparison `> a`, or a value (a list variable: membership;
 *  anything else: equality). */
const membership = (r: Reader, value: Node): Node =>
  r.deeper(() => {
    const open = r.peek()?.text;
    if (open !== '[' && open !== '(' && open !== ']') {
      const test = unaryTest(r, sum);
      if ('op' in test) return { op: 'in', value, list: test };
      return { op: 'bin', sym: test.order, left: value, right: test.end };
    }
    r.at++;
    if (open === '[' && r.peek()?.text === ']') return (r.at++, { op: 'in', value, list: { op: 'list', items: [] } });
    const first = open === '(' ? unaryTest(r) : r.deeper(() => or(r));
    if ('op' in first && r.peek()?.text === '..') return range(r, value, open, first);
    if (open === ']') throw new ExpressionError(`".." expected in a range: ${r.body}`);
    if (open === '(') return testsInParentheses(r, value, first);
    const rest = r.peek()?.text === ',' ? (r.at++, r.items(']')) : (r.expect(']'), []);
    return { op: 'in', value, list: { op: 'list', items: [first as Node, ...rest] } };
  });

function relation(r: Reader): Node {
  let left = sum(r);
  for (;;) {
    const op = r.opOf(r.peek());
    if (op && ['<', '>', '<=', '>='].includes(op)) {
      r.at++;
      left = { op: 'bin', sym: op, left, right: sum(r) };
    } else if (r.word('between')) {
      r.at++;
      const low = sum(r);
      r.expect('and');
      left = { op: 'range', value: left, low, high: sum(r), bounds: '[]' };
    } else if (r.word('in')) {
      r.at++;
      left = membership(r, left);
    } else return left;
  }
}

const equality = level(['==', '!='], relation);
const and = level(['&&'], equality);
const or = level(['||'], and);

/** JUEL's `c ? a : b`, below `||`, its branches read alike (`a ? b : c ? d : e`). */
function expression(r: Reader): Node {
  const test = or(r);
  if (r.feel || r.peek()?.text !== '?') return test;
  r.at++;
  const then = r.deeper(() => expression(r));
  r.expect(':');
  return { op: 'if', test, then, else: r.deeper(() => expression(r)) };
}

export const GRAMMAR: Grammar = { expression, or, sum, postfix, primary, rangeEnd };
