// A condition over a list's element or sort's parameters written out as the tree list-predicates.ts walks
// (docs/adr/0207-feel-list-filters.md, docs/adr/0250-feel-calls-over-a-lists-element.md,
// docs/adr/0253-feel-filter-implicit-entries.md, docs/adr/0257-feel-nested-filters.md). The parts that read
// no element are written in the rule language by the caller's writer (vendor-expression.ts), given here so
// that neither file imports the other.
import { FEEL_FUNCTIONS } from './feel-functions.ts';
import { COMPARISONS, ExpressionError, uses, type Node } from './vendor-expression-parser.ts';
import { someChild } from './vendor-expression-functions.ts';
import { RANGE_FUNCTIONS } from '../feel-range-names.ts';
import { TREE_CALLS } from '../feel-tree-calls.ts';
import { MAX_BOUND, MAX_PREDICATE_DEPTH, MAX_PREDICATE_TEXT, treeOf } from '../list-predicates.ts';

/** The rule language's boolean operators of the vendor dialects. */
export const BOOLEAN_OPS: Record<string, string> = { '&&': 'and', '||': 'or' };

/** An element or parameter bound while a condition is read: its name, its place in the tree, and whether
 *  its entries are in scope by name (a filter's element, docs/adr/0253-feel-filter-implicit-entries.md). */
export interface Bound {
  name: string;
  tree: unknown[];
  entries: boolean;
}
/** What a condition is read over: the elements bound, outermost first (a list's element, or sort's two
 *  parameters, then the elements of lists read inside, docs/adr/0257-feel-nested-filters.md); the values
 *  computed before the walk (`args`) and how the caller writes one in the rule language (`rule`). */
interface Over {
  bound: readonly Bound[];
  sort: boolean;
  args: string[];
  rule: (node: Node) => string;
}

/** The names bound, each once, as the refusals name them. */
const named = (over: Over) => [...new Set(over.bound.map((b) => b.name))];

/** A condition over the elements bound as the tree list-predicates.ts walks: the parts that read none of
 *  them are computed before the call and passed as `args` (their place in the tree is `arg`); an element is
 *  `item` or `param` with its place. Where some element's entries are in scope, any name may be one, so a
 *  part reading a name is not computed before (docs/adr/0253-feel-filter-implicit-entries.md). */
function predicate(node: Node, over: Over, depth = 0): unknown[] {
  if (depth > MAX_PREDICATE_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_PREDICATE_DEPTH}`);
  const entries = over.bound.some((b) => b.entries);
  if (!over.bound.some((b) => uses(node, b.name)) && !(entries && readsName(node))) {
    // Computed once before the walk, a draw would be one value for every element, where FEEL draws for each.
    if (draws(node))
      throw new ExpressionError(`uuid() and random number() are not drawn for each of ${named(over).join(', ')} here`);
    over.args.push(over.rule(node));
    return ['arg', over.args.length - 1];
  }
  const p = (n: Node) => predicate(n, over, depth + 1);
  switch (node.op) {
    case 'var':
      return lookup(node.name, over.bound, over);
    case 'path':
      return ['path', p(node.of), ...node.keys];
    case 'index':
      return ['at', p(node.of), p(node.at)];
    case 'not':
    case 'neg':
      return [node.op, p(node.arg)];
    case 'list':
      return ['list', ...node.items.map(p)];
    case 'if':
      return ['if', p(node.test), p(node.then), p(node.else)];
    case 'range':
      return ['range', p(node.value), p(node.low), p(node.high), node.bounds];
    case 'in':
      return ['in', p(node.value), p(node.list)];
    case 'tests':
      return ['tests', p(node.value), node.kinds.join(' '), ...node.ends.map(p)];
    case 'bin':
      if (BOOLEAN_OPS[node.sym]) return [BOOLEAN_OPS[node.sym], p(node.left), p(node.right)];
      return [COMPARISONS.includes(node.sym) ? 'cmp' : 'math', node.sym, p(node.left), p(node.right)];
    case 'call': {
      if (node.fn === 'listSort') return sortTree(node.args, over, depth);
      // A list's condition and sort's precedes call the built-ins listed (docs/adr/0250-feel-calls-over-a-lists-element.md),
      // a range function its range literals (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
      const fn = treeCall(node.fn, over.sort);
      const ranges = RANGE_FUNCTIONS.has(fn);
      return ['call', fn, ...node.args.map((a) => (ranges && a.op === 'interval' ? intervalTree(a, p) : p(a)))];
    }
    case 'interval':
      throw misplacedRange();
    case 'context':
      // A context literal over the elements bound (`for l in lines return {sku: l.sku}`, in sort's precedes
      // too), docs/adr/0263-feel-contexts-over-a-lists-element.md; a function kept in one is not a value.
      if (node.entries.some(([, v]) => v.op === 'fn')) throw refused(over);
      return ['context', ...node.entries.flatMap(([k, v]) => [k, p(v)])];
    case 'where':
      return nestedWhere(node, over, depth);
    default:
      throw refused(over);
  }
}

/** Whether a node reads any name (inside a filter, perhaps an entry of the element). */
const readsName = (node: Node): boolean => node.op === 'var' || someChild(node, readsName);

/** A name read inside a condition, from the innermost element out: the element so named; else, where the
 *  element's entries are in scope, its entry of that name when it is a context holding it (`item` always
 *  names the element); else the same asked of the element outside it; past the outermost, the variable
 *  (computed before the walk). So an inner filter's entries shadow the outer's, which shadow the variables,
 *  as feel-scala's filter context extends the enclosing one (docs/adr/0257-feel-nested-filters.md). */
function lookup(name: string, bound: readonly Bound[], over: Over): unknown[] {
  const inner = bound.at(-1);
  if (!inner) return (over.args.push(over.rule({ op: 'var', name })), ['arg', over.args.length - 1]);
  if (inner.name === name) return inner.tree;
  const outside = lookup(name, bound.slice(0, -1), over);
  return inner.entries ? ['name', name, inner.tree, outside] : outside;
}

/** A range literal's tree, its bounds `p`'s trees. */
const intervalTree = (node: Extract<Node, { op: 'interval' }>, p: (n: Node) => unknown[]) => [
  'interval',
  p(node.low),
  p(node.high),
  node.bounds,
];

/** sort's precedes, `function(x, y) …`: its body and its parameters bound from the place `from` on. */
export function precedesOf(precedes: Node | undefined, from: number): { body: Node; params: Bound[] } {
  if (precedes?.op !== 'fn' || precedes.params.length !== 2)
    throw new ExpressionError(
      'sort’s precedes is a function of two elements written in the call: function(x, y) x < y',
    );
  const params = precedes.params.map((name, i) => ({ name, tree: ['param', from + i], entries: false }));
  return { body: precedes.body, params };
}

/** `sort(list, precedes)` inside a condition (docs/adr/0265-feel-sort-inside-a-lists-condition.md): its
 *  list over the elements bound, its precedes over them and its two parameters, bound after them. */
function sortTree([list, precedes]: Node[], over: Over, depth: number) {
  if (over.bound.length + 2 > MAX_BOUND)
    throw new ExpressionError(`lists are read inside each other at most ${MAX_BOUND} deep here`);
  const { body, params } = precedesOf(precedes, over.bound.length);
  return [
    'sort',
    predicate(list, over, depth + 1),
    predicate(body, { ...over, sort: true, bound: [...over.bound, ...params] }, depth + 1),
  ];
}

/** A filter, `some`/`every` or `for` inside a condition (`orders[count(lines[quantity > 0]) > 0]`,
 *  `count(a.items[item > 10])` in sort's precedes): its element is bound after the others, its place in the
 *  tree the next `param`, walked by the tree's walker within the step bound
 *  (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md, docs/adr/0257-feel-nested-filters.md). */
function nestedWhere(node: Extract<Node, { op: 'where' }>, over: Over, depth: number) {
  if (over.bound.length >= MAX_BOUND)
    throw new ExpressionError(`lists are read inside each other at most ${MAX_BOUND} deep here`);
  const element: Bound = { name: node.element, tree: ['param', over.bound.length], entries: node.implicit === true };
  return [
    'where',
    node.fn,
    predicate(node.list, over, depth + 1),
    predicate(node.test, { ...over, bound: [...over.bound, element] }, depth + 1),
  ];
}

/** A condition's tree as the text the walker reads; one it would not read (too long or deep once the names'
 *  fallbacks are written out) is refused here rather than walked as no condition. */
function treeText(tree: unknown[]): string {
  const text = JSON.stringify(tree);
  if (treeOf(text) === null)
    throw new ExpressionError(
      `a list’s condition is written longer or deeper than the walker reads (${MAX_PREDICATE_TEXT} characters, ${MAX_PREDICATE_DEPTH} levels)`,
    );
  return text;
}

/** The rule functions that draw anew at each call (`uuid()`, `random number()`). */
const DRAWN = new Set(['feelUuid', 'feelRandomNumber']);
const draws = (node: Node): boolean => (node.op === 'call' && DRAWN.has(node.fn)) || someChild(node, draws);

/** Why a range literal is refused where it stands. */
export const misplacedRange = () =>
  new ExpressionError('a range [a..b] is read here after in or as an argument of a range function (before, after, …)');

/** Why a condition over the elements bound is refused. */
function refused(over: Over): ExpressionError {
  const names = named(over);
  return new ExpressionError(
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} read here through paths, comparisons, and/or/not, arithmetic, if, in, between and built-in calls only`,
  );
}

/** A built-in a list's condition or `sort`'s precedes may call over its element or parameters
 *  (src/core/feel-tree-calls.ts); any other is refused naming it. */
function treeCall(fn: string, sort: boolean): string {
  if (TREE_CALLS.has(fn)) return fn;
  const name = Object.keys(FEEL_FUNCTIONS).find((n) => FEEL_FUNCTIONS[n].rule === fn) ?? fn;
  throw new ExpressionError(`${name}(…) is not called over ${sort ? 'sort’s parameters' : 'a list’s element'} here`);
}

/** `test` over the elements `bound` (sort's parameters when `sort`) as the walker's tree text, and the
 *  values it reads computed before the walk, each written by `rule`. */
export function conditionTree(
  test: Node,
  bound: Bound[],
  sort: boolean,
  rule: (node: Node) => string,
): { tree: string; args: string[] } {
  const args: string[] = [];
  return { tree: treeText(predicate(test, { bound, sort, args, rule })), args };
}
