// The tree the vendor-expression parser reads (vendor-expression-parser.ts) and the reader writes out
// (vendor-expression.ts), and what the parts of both ask of it (which names a node reads, whether it is a
// condition); kept apart so that the parser's parts and the function calls (vendor-expression-functions.ts) share it.
import { RANGE_FUNCTIONS } from '../feel-range-names.ts';

export type Node =
  | { op: 'var'; name: string }
  | { op: 'lit'; value: string }
  | { op: 'not' | 'neg' | 'empty'; arg: Node }
  | { op: 'bin'; sym: string; left: Node; right: Node }
  /** A FEEL function (feel-functions.ts) as the rule function `fn`; `temporal` when it gives a temporal value. */
  | { op: 'call'; fn: string; args: Node[]; temporal?: true }
  /** `a.b.c`: own properties, missing ones null; FEEL's (`feel`) over a list reads each element's
   *  (docs/adr/0263-feel-contexts-over-a-lists-element.md). */
  | { op: 'path'; of: Node; keys: string[]; feel?: true }
  /** FEEL's `list[n]`, 1-based, negative from the end. */
  | { op: 'index'; of: Node; at: Node }
  /** JUEL's `list[0]` (0-based) and `map['key']`. */
  | { op: 'key'; of: Node; at: Node }
  | { op: 'list'; items: Node[] }
  | { op: 'if'; test: Node; then: Node; else: Node }
  /** `value in [low..high]` (bounds `[]`, `(]`, `[)`, `()`), `value between low and high`. */
  | { op: 'range'; value: Node; low: Node; high: Node; bounds: string }
  /** A range literal as a range function's argument, `before(1, [2..5])`
   *  (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md). */
  | { op: 'interval'; low: Node; high: Node; bounds: string }
  /** `value in list` (membership), `value in (a, b)`. */
  | { op: 'in'; value: Node; list: Node }
  /** FEEL's positive unary tests after `in`, `value in (> 5, [1..3], 8)` (docs/adr/0262-feel-unary-tests.md):
   *  each test's kind (`<`, `<=`, `>`, `>=`; a range's bounds `[]`, `(]`, `[)`, `()`; `=` for a value, a list
   *  being membership) and the ends they read, in order (a range two, any other one). */
  | { op: 'tests'; value: Node; kinds: string[]; ends: Node[] }
  /** A filter `list[condition of item]`, `some|every name in list satisfies condition of name`,
   *  `for name in list return value of name`. `implicit` for a filter: there a context element's entries
   *  are in scope by name (docs/adr/0253-feel-filter-implicit-entries.md). */
  | {
      op: 'where';
      fn: 'listFilter' | 'listAny' | 'listAll' | 'listMap';
      list: Node;
      element: string;
      test: Node;
      implicit?: true;
    }
  /** FEEL's `function(a, b) body` (docs/adr/0239-feel-zoned-times-and-functions.md): called by putting
   *  its arguments in place (vendor-expression-functions.ts), or kept as `sort`'s `precedes`. */
  | { op: 'fn'; params: string[]; body: Node }
  /** FEEL's context literal `{a: 1, b: a + 1}`: each entry sees the ones before it. */
  | { op: 'context'; entries: Array<[string, Node]> };

export const COMPARISONS = ['==', '!=', '<', '>', '<=', '>='];

/** Whether `node` reads the variable `name` (a nested filter's own `item` is its own). */
export function uses(node: Node, name: string): boolean {
  const any = (...nodes: Node[]) => nodes.some((n) => uses(n, name));
  switch (node.op) {
    case 'var':
      return node.name === name;
    case 'lit':
      return false;
    case 'not':
    case 'neg':
    case 'empty':
      return any(node.arg);
    case 'bin':
      return any(node.left, node.right);
    case 'call':
      return any(...node.args);
    case 'path':
      return any(node.of);
    case 'index':
    case 'key':
      return any(node.of, node.at);
    case 'list':
      return any(...node.items);
    case 'if':
      return any(node.test, node.then, node.else);
    case 'range':
      return any(node.value, node.low, node.high);
    case 'interval':
      return any(node.low, node.high);
    case 'in':
      return any(node.value, node.list);
    case 'tests':
      return any(node.value, ...node.ends);
    case 'where':
      return any(node.list) || (node.element !== name && any(node.test));
    case 'fn':
      return !node.params.includes(name) && any(node.body);
    case 'context':
      return any(...node.entries.map(([, v]) => v));
  }
}

/** The built-ins that give true, false or null (`contains`, `list contains`, the range functions, …). */
const BOOLEAN_CALLS = new Set([
  'has',
  'feelAll',
  'feelAny',
  'feelIsEmpty',
  'feelContains',
  'feelStartsWith',
  'feelEndsWith',
  'feelIsBlank',
  'feelMatches',
  'feelIsDefined',
  'feelOdd',
  'feelEven',
  ...RANGE_FUNCTIONS,
]);

/** Whether a node is a condition (true, false or null), so `list[it]` filters rather than indexes. */
export const isCondition = (n: Node): boolean =>
  (n.op === 'bin' && [...COMPARISONS, '&&', '||'].includes(n.sym)) ||
  (n.op === 'call' && BOOLEAN_CALLS.has(n.fn)) ||
  ['not', 'empty', 'range', 'in', 'tests'].includes(n.op) ||
  (n.op === 'where' && (n.fn === 'listAny' || n.fn === 'listAll')) ||
  (n.op === 'lit' && (n.value === 'true' || n.value === 'false'));
