// The expressions modelers write into BPMN files (docs/adr/0117-vendor-expressions.md): the UEL/JUEL
// subset of Camunda 7, Flowable and Activiti (`${approved}`, `#{order.amount > 1000 && dept == 'sales'}`)
// and FEEL's simple expressions of Camunda 8 (`=approved`, `= amount > 1000 and dept = "sales"`).
// They are parsed (vendor-expression-parser.ts), bounded in length and depth, and written out in the
// rule language (src/core/rules.ts), so the engine keeps one evaluator. Read are variables and their
// paths, literals, comparisons, arithmetic and logic, and in FEEL `count(…)`, `list contains(…, …)`,
// filters and `some`/`every … satisfies` (docs/adr/0207-feel-list-filters.md), `if … then … else`,
// indexes, list literals, ranges, `in`, `between` and `for … return` over one list
// (docs/adr/0211-feel-conditionals-paths-ranges.md); FEEL's temporal values and built-in functions, JUEL's
// indexes and `c ? a : b` (docs/adr/0217-feel-temporal-and-built-in-functions.md). Any other call, a
// method and what no record lists are refused.
import { COMPARISONS, ExpressionError, parse, uses, type Dialect, type Node } from './vendor-expression-parser.ts';
import { FEEL_FUNCTIONS } from './feel-functions.ts';
import { RANGE_FUNCTIONS } from '../feel-range-names.ts';
import { TREE_CALLS } from '../feel-tree-calls.ts';
import { MAX_BOUND, MAX_PREDICATE_DEPTH, MAX_PREDICATE_TEXT, treeOf } from '../list-predicates.ts';
import { someChild } from './vendor-expression-functions.ts';
import { compileRule } from '../rules.ts';

export { ExpressionError, MAX_EXPRESSION_DEPTH, type Dialect } from './vendor-expression-parser.ts';

/** Longest expression read. */
export const MAX_EXPRESSION_LENGTH = 500;

/** The dialect and body of a vendor expression; undefined for text in the rule language. */
export function vendorExpression(text: string): { dialect: Dialect; body: string } | undefined {
  const t = text.trim();
  const uel = /^[$#]\{([\s\S]*)\}$/.exec(t);
  if (uel) return { dialect: 'uel', body: uel[1] };
  if (t.startsWith('=')) return { dialect: 'feel', body: t.slice(1) };
  return undefined;
}

const RULE_OPS: Record<string, string> = { '&&': 'and', '||': 'or', '%': 'mod' };
const BOOLEAN_OPS: Record<string, string> = { '&&': 'and', '||': 'or' };

/** A rule-language string holding `text` (filtrex strings escape only `\\` and `"`). */
const ruleString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** An element or parameter bound while a condition is read: its name, its place in the tree, and whether
 *  its entries are in scope by name (a filter's element, docs/adr/0253-feel-filter-implicit-entries.md). */
interface Bound {
  name: string;
  tree: unknown[];
  entries: boolean;
}
/** What a condition is read over: the elements bound, outermost first (a list's element, or sort's two
 *  parameters, then the elements of lists read inside, docs/adr/0257-feel-nested-filters.md). */
interface Over {
  bound: readonly Bound[];
  sort: boolean;
}

/** The names bound, each once, as the refusals name them. */
const named = (over: Over) => [...new Set(over.bound.map((b) => b.name))];

/** A condition over the elements bound as the tree list-predicates.ts walks: the parts that read none of
 *  them are computed before the call and passed as `args` (their place in the tree is `arg`); an element is
 *  `item` or `param` with its place. Where some element's entries are in scope, any name may be one, so a
 *  part reading a name is not computed before (docs/adr/0253-feel-filter-implicit-entries.md). */
function predicate(node: Node, over: Over, args: string[], depth = 0): unknown[] {
  if (depth > MAX_PREDICATE_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_PREDICATE_DEPTH}`);
  const entries = over.bound.some((b) => b.entries);
  if (!over.bound.some((b) => uses(node, b.name)) && !(entries && readsName(node))) {
    // Computed once before the walk, a draw would be one value for every element, where FEEL draws for each.
    if (draws(node))
      throw new ExpressionError(`uuid() and random number() are not drawn for each of ${named(over).join(', ')} here`);
    args.push(rule(node));
    return ['arg', args.length - 1];
  }
  const p = (n: Node) => predicate(n, over, args, depth + 1);
  switch (node.op) {
    case 'var':
      return lookup(node.name, over.bound, args);
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
    case 'bin':
      if (BOOLEAN_OPS[node.sym]) return [BOOLEAN_OPS[node.sym], p(node.left), p(node.right)];
      return [COMPARISONS.includes(node.sym) ? 'cmp' : 'math', node.sym, p(node.left), p(node.right)];
    case 'call': {
      // A list's condition and sort's precedes call the built-ins listed (docs/adr/0250-feel-calls-over-a-lists-element.md),
      // a range function its range literals (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
      const fn = treeCall(node.fn, over.sort);
      const ranges = RANGE_FUNCTIONS.has(fn);
      return ['call', fn, ...node.args.map((a) => (ranges && a.op === 'interval' ? intervalTree(a, p) : p(a)))];
    }
    case 'interval':
      throw misplacedRange();
    case 'context':
      // sort's precedes builds contexts over its parameters (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
      if (!over.sort || over.bound.length !== 2 || node.entries.some(([, v]) => v.op === 'fn')) throw refused(over);
      return ['context', ...node.entries.flatMap(([k, v]) => [k, p(v)])];
    case 'where':
      return nestedWhere(node, over, args, depth);
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
function lookup(name: string, bound: readonly Bound[], args: string[]): unknown[] {
  const inner = bound.at(-1);
  if (!inner) return (args.push(rule({ op: 'var', name })), ['arg', args.length - 1]);
  if (inner.name === name) return inner.tree;
  const outside = lookup(name, bound.slice(0, -1), args);
  return inner.entries ? ['name', name, inner.tree, outside] : outside;
}

/** A range literal's tree, its bounds `p`'s trees. */
const intervalTree = (node: Extract<Node, { op: 'interval' }>, p: (n: Node) => unknown[]) => [
  'interval',
  p(node.low),
  p(node.high),
  node.bounds,
];

/** A filter, `some`/`every` or `for` inside a condition (`orders[count(lines[quantity > 0]) > 0]`,
 *  `count(a.items[item > 10])` in sort's precedes): its element is bound after the others, its place in the
 *  tree the next `param`, walked by the tree's walker within the step bound
 *  (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md, docs/adr/0257-feel-nested-filters.md). */
function nestedWhere(node: Extract<Node, { op: 'where' }>, over: Over, args: string[], depth: number) {
  if (over.sort && over.bound.slice(0, 2).some((b) => b.name === node.element))
    throw new ExpressionError(`${node.element} names sort’s parameter and a list’s element here; rename one`);
  if (over.bound.length >= MAX_BOUND)
    throw new ExpressionError(`lists are read inside each other at most ${MAX_BOUND} deep here`);
  const element: Bound = { name: node.element, tree: ['param', over.bound.length], entries: node.implicit === true };
  return [
    'where',
    node.fn,
    predicate(node.list, over, args, depth + 1),
    predicate(node.test, { ...over, bound: [...over.bound, element] }, args, depth + 1),
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
const misplacedRange = () =>
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

/** FEEL's `sort(list, precedes)`: the function written out as the tree listSort walks over two elements
 *  (docs/adr/0239-feel-zoned-times-and-functions.md). */
function sortRule([list, precedes]: Node[]): string {
  if (precedes.op !== 'fn' || precedes.params.length !== 2)
    throw new ExpressionError(
      'sort’s precedes is a function of two elements written in the call: function(x, y) x < y',
    );
  const args: string[] = [];
  const params = precedes.params.map((name, i): Bound => ({ name, tree: ['param', i], entries: false }));
  const tree = treeText(predicate(precedes.body, { bound: params, sort: true }, args));
  return `listSort(${[rule(list), ruleString(tree), ...args].join(', ')})`;
}

/** Whether a node may give a temporal value, so that comparing or adding it is written as FEEL's
 *  (`feelCmp`, `feelMath`), not the rule language's, which orders numbers only. */
function temporal(node: Node): boolean {
  switch (node.op) {
    case 'call':
      return node.temporal === true;
    case 'path':
      // A time's `time offset` is a duration (docs/adr/0244-feel-calls-in-functions-context-functions.md).
      return node.keys.at(-1) === 'time offset';
    case 'bin':
      return !COMPARISONS.includes(node.sym) && !BOOLEAN_OPS[node.sym] && (temporal(node.left) || temporal(node.right));
    case 'neg':
      return temporal(node.arg);
    case 'if':
      return temporal(node.then) || temporal(node.else);
    case 'index':
    case 'key':
      return temporal(node.of);
    case 'list':
      return node.items.some(temporal);
    default:
      return false;
  }
}

/** The rule-language text of a parsed expression; a comparison with null asks whether the value is empty. */
function rule(node: Node): string {
  switch (node.op) {
    case 'var':
      return `'${node.name}'`;
    case 'lit':
      return node.value;
    case 'not':
      return `(not ${rule(node.arg)})`;
    case 'neg':
      return temporal(node.arg) ? `feelMath("*", -1, ${rule(node.arg)})` : `(-${rule(node.arg)})`;
    case 'empty':
      return `empty(${rule(node.arg)})`;
    case 'call': {
      if (node.fn === 'listSort') return sortRule(node.args);
      const ranges = RANGE_FUNCTIONS.has(node.fn);
      const arg = (a: Node) =>
        ranges && a.op === 'interval' ? `feelRangeOf(${rule(a.low)}, ${rule(a.high)}, "${a.bounds}")` : rule(a);
      return `${node.fn}(${node.args.map(arg).join(', ')})`;
    }
    case 'interval':
      throw misplacedRange();
    case 'fn':
      throw new ExpressionError('a function is read here as sort’s precedes, or called where it is defined');
    case 'context':
      if (node.entries.some(([, v]) => v.op === 'fn'))
        throw new ExpressionError('a context holding a function is read here only through its other entries');
      return `contextOf(${node.entries.flatMap(([k, v]) => [ruleString(k), rule(v)]).join(', ')})`;
    case 'path':
      // A variable's path is one dotted name (read by rules.ts's own-property reader); another value's
      // path is read with filtrex's `of`, through the same reader.
      return node.of.op === 'var'
        ? `'${[node.of.name, ...node.keys].join('.')}'`
        : `('${node.keys.join('.')}' of (${rule(node.of)}))`;
    case 'index':
      return `listAt(${rule(node.of)}, ${rule(node.at)})`;
    case 'key':
      return `juelAt(${rule(node.of)}, ${rule(node.at)})`;
    case 'list':
      return `listOf(${node.items.map(rule).join(', ')})`;
    case 'if':
      // FEEL takes the else branch for anything but true (false, null, a missing variable).
      return `(if (${rule(node.test)}) == true then (${rule(node.then)}) else (${rule(node.else)}))`;
    case 'range':
      return `inRange(${rule(node.value)}, ${rule(node.low)}, ${rule(node.high)}, "${node.bounds}")`;
    case 'in':
      return `isIn(${rule(node.value)}, ${rule(node.list)})`;
    case 'where': {
      const args: string[] = [];
      const element: Bound = { name: node.element, tree: ['item'], entries: node.implicit === true };
      const tree = treeText(predicate(node.test, { bound: [element], sort: false }, args));
      return `${node.fn}(${[rule(node.list), ruleString(tree), ...args].join(', ')})`;
    }
    case 'bin': {
      const nullSide = [node.left, node.right].find((n) => n.op === 'lit' && n.value === 'null');
      if (nullSide && (node.sym === '==' || node.sym === '!=')) {
        const other = nullSide === node.left ? node.right : node.left;
        return node.sym === '==' ? `empty(${rule(other)})` : `(not empty(${rule(other)}))`;
      }
      if (!BOOLEAN_OPS[node.sym] && (temporal(node.left) || temporal(node.right)))
        return COMPARISONS.includes(node.sym)
          ? `feelCmp(${rule(node.left)}, "${node.sym}", ${rule(node.right)})`
          : `feelMath("${node.sym}", ${rule(node.left)}, ${rule(node.right)})`;
      return `(${rule(node.left)} ${RULE_OPS[node.sym] ?? node.sym} ${rule(node.right)})`;
    }
  }
}

/** A vendor expression as rule-language text; throws ExpressionError saying why it is not read. */
export function vendorRule(text: string): string {
  if (text.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const vendor = vendorExpression(text);
  if (!vendor) throw new ExpressionError(`not a \${…}, #{…} or =… expression: ${text}`);
  const written = rule(parse(vendor.body, vendor.dialect));
  try {
    compileRule(written); // what the rule language cannot compile (a string with a line break) is refused here, not failed at run time
  } catch {
    throw new ExpressionError(`not read by the rule language: ${text}`);
  }
  return written;
}

/** The variable a vendor expression names alone (`${approverGroups}`, `=approver`), else undefined. */
export function soleVariable(text: string): string | undefined {
  const vendor = vendorExpression(text);
  if (!vendor || text.length > MAX_EXPRESSION_LENGTH) return undefined;
  try {
    const tree = parse(vendor.body, vendor.dialect);
    return tree.op === 'var' ? tree.name : undefined;
  } catch {
    return undefined;
  }
}
