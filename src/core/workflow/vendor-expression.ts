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
import { COMPARISONS, ExpressionError, parse, type Dialect, type Node } from './vendor-expression-parser.ts';
import { BOOLEAN_OPS, conditionTree, misplacedRange, precedesOf, type Bound } from './vendor-expression-conditions.ts';
import { RANGE_FUNCTIONS } from '../feel-range-names.ts';
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

/** A rule-language string holding `text` (filtrex strings escape only `\\` and `"`). */
const ruleString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** FEEL's `sort(list, precedes)`: the function written out as the tree listSort walks over two elements
 *  (docs/adr/0239-feel-zoned-times-and-functions.md). */
function sortRule([list, precedes]: Node[]): string {
  const { body, params } = precedesOf(precedes, 0);
  const { tree, args } = conditionTree(body, params, true, rule);
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
      // FEEL's path projects over lists (`orders.amount`), so it is a call, the keys as texts.
      if (node.feel) return `feelPath(${[rule(node.of), ...node.keys.map(ruleString)].join(', ')})`;
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
    case 'tests':
      return `unaryTests(${[rule(node.value), `"${node.kinds.join(' ')}"`, ...node.ends.map(rule)].join(', ')})`;
    case 'where': {
      const element: Bound = { name: node.element, tree: ['item'], entries: node.implicit === true };
      const { tree, args } = conditionTree(node.test, [element], false, rule);
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
