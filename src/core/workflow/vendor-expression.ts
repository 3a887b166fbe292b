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
import { MAX_PREDICATE_DEPTH } from '../list-predicates.ts';
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

/** A condition over a list's element (or a function's parameters, `names`) as the tree list-predicates.ts
 *  walks: the parts that read none of them are computed before the call and passed as `args` (their place
 *  in the tree is `arg`); the element is `item`, a parameter `param` with its place. Inside a filter,
 *  `entries` is the element's tree: there any other name is first the element's entry of that name
 *  (docs/adr/0253-feel-filter-implicit-entries.md), so a part reading a name is not computed before. */
function predicate(node: Node, names: readonly string[], args: string[], depth = 0, entries?: unknown[]): unknown[] {
  if (depth > MAX_PREDICATE_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_PREDICATE_DEPTH}`);
  if (!names.some((name) => uses(node, name)) && !(entries && readsName(node))) {
    // Computed once before the walk, a draw would be one value for every element, where FEEL draws for each.
    if (draws(node))
      throw new ExpressionError(`uuid() and random number() are not drawn for each of ${names.join(', ')} here`);
    args.push(rule(node));
    return ['arg', args.length - 1];
  }
  const p = (n: Node) => predicate(n, names, args, depth + 1, entries);
  switch (node.op) {
    case 'var':
      return entries ? entryOr(node.name, names, args, entries) : own(node.name, names);
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
      const fn = treeCall(node.fn, names);
      const ranges = RANGE_FUNCTIONS.has(fn);
      return ['call', fn, ...node.args.map((a) => (ranges && a.op === 'interval' ? intervalTree(a, p) : p(a)))];
    }
    case 'interval':
      throw misplacedRange();
    case 'context':
      // sort's precedes builds contexts and reads lists (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
      if (names.length !== 2 || node.entries.some(([, v]) => v.op === 'fn')) throw refused(names);
      return ['context', ...node.entries.flatMap(([k, v]) => [k, p(v)])];
    case 'where':
      return nestedWhere(node, names, args, depth, entries);
    default:
      throw refused(names);
  }
}

/** The tree of the element or parameter `name`. */
const own = (name: string, names: readonly string[]) =>
  names.length === 1 ? ['item'] : ['param', names.indexOf(name)];

/** Whether a node reads any name (inside a filter, perhaps an entry of the element). */
const readsName = (node: Node): boolean => node.op === 'var' || someChild(node, readsName);

/** A name inside a filter: `item` is the element; any other is the element's entry of that name when the
 *  element is a context holding it, else what the name is outside (a parameter, or a variable computed
 *  before the walk), as Camunda's FEEL puts the element's entries over the scope. */
function entryOr(name: string, names: readonly string[], args: string[], entries: unknown[]): unknown[] {
  if (name === names.at(-1)) return entries;
  const outside = names.includes(name)
    ? own(name, names)
    : (args.push(rule({ op: 'var', name })), ['arg', args.length - 1]);
  return ['name', name, entries, outside];
}

/** A range literal's tree, its bounds `p`'s trees. */
const intervalTree = (node: Extract<Node, { op: 'interval' }>, p: (n: Node) => unknown[]) => [
  'interval',
  p(node.low),
  p(node.high),
  node.bounds,
];

/** A filter, `some`/`every` or `for` inside sort's precedes (`count(a.items[item > 10])`): its element is the
 *  third parameter of its condition's tree, walked by the tree's walker within sort's step bound
 *  (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md). Inside a list's own condition, or one level
 *  further down, it is refused: the walker keeps sort's two parameters and one element only. */
function nestedWhere(
  node: Extract<Node, { op: 'where' }>,
  names: readonly string[],
  args: string[],
  depth: number,
  entries: unknown[] | undefined,
) {
  if (names.length !== 2)
    throw new ExpressionError(
      `a filter, some/every or for over ${names.join(', ')} is read inside another only in sort’s precedes`,
    );
  if (names.includes(node.element))
    throw new ExpressionError(`${node.element} names sort’s parameter and a list’s element here; rename one`);
  return [
    'where',
    node.fn,
    predicate(node.list, names, args, depth + 1, entries),
    predicate(node.test, [...names, node.element], args, depth + 1, node.implicit && ['param', 2]),
  ];
}

/** The rule functions that draw anew at each call (`uuid()`, `random number()`). */
const DRAWN = new Set(['feelUuid', 'feelRandomNumber']);
const draws = (node: Node): boolean => (node.op === 'call' && DRAWN.has(node.fn)) || someChild(node, draws);

/** Why a range literal is refused where it stands. */
const misplacedRange = () =>
  new ExpressionError('a range [a..b] is read here after in or as an argument of a range function (before, after, …)');

/** Why a condition over `names` is refused. */
function refused(names: readonly string[]): ExpressionError {
  return new ExpressionError(
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} read here through paths, comparisons, and/or/not, arithmetic, if, in, between and built-in calls only`,
  );
}

/** A built-in a list's condition or `sort`'s precedes may call over its element or parameters
 *  (src/core/feel-tree-calls.ts); any other is refused naming it. */
function treeCall(fn: string, names: readonly string[]): string {
  if (TREE_CALLS.has(fn)) return fn;
  const name = Object.keys(FEEL_FUNCTIONS).find((n) => FEEL_FUNCTIONS[n].rule === fn) ?? fn;
  const over = names.length === 1 ? 'a list’s element' : 'sort’s parameters';
  throw new ExpressionError(`${name}(…) is not called over ${over} here`);
}

/** FEEL's `sort(list, precedes)`: the function written out as the tree listSort walks over two elements
 *  (docs/adr/0239-feel-zoned-times-and-functions.md). */
function sortRule([list, precedes]: Node[]): string {
  if (precedes.op !== 'fn' || precedes.params.length !== 2)
    throw new ExpressionError(
      'sort’s precedes is a function of two elements written in the call: function(x, y) x < y',
    );
  const args: string[] = [];
  const tree = JSON.stringify(predicate(precedes.body, precedes.params, args));
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
      const tree = JSON.stringify(predicate(node.test, [node.element], args, 0, node.implicit && ['item']));
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
