// The expressions modelers write into BPMN files (docs/adr/0117-vendor-expressions.md): the UEL/JUEL
// subset of Camunda 7, Flowable and Activiti (`${approved}`, `#{amount > 1000 && dept == 'sales'}`)
// and FEEL's simple expressions of Camunda 8 (`=approved`, `= amount > 1000 and dept = "sales"`).
// They are parsed here, bounded in length and depth, and written out in the rule language
// (src/core/rules.ts), so the engine keeps one evaluator. Only variables, literals, comparisons,
// arithmetic and logic are read, and FEEL's `count(…)`, `list contains(…, …)`, filters comparing
// `item` (`decisions[item = false]`) and `some`/`every … in … satisfies` over one comparison
// (docs/adr/0207-feel-list-filters.md): any other call, a property access or an index is refused.

/** Longest expression read, and deepest nesting of parentheses and operators. */
export const MAX_EXPRESSION_LENGTH = 500;
export const MAX_EXPRESSION_DEPTH = 16;

export type Dialect = 'uel' | 'feel';

/** The dialect and body of a vendor expression; undefined for text in the rule language. */
export function vendorExpression(text: string): { dialect: Dialect; body: string } | undefined {
  const t = text.trim();
  const uel = /^[$#]\{([\s\S]*)\}$/.exec(t);
  if (uel) return { dialect: 'uel', body: uel[1] };
  if (t.startsWith('=')) return { dialect: 'feel', body: t.slice(1) };
  return undefined;
}

type Node =
  | { op: 'var'; name: string }
  | { op: 'lit'; value: string }
  | { op: 'not' | 'neg' | 'empty'; arg: Node }
  | { op: 'bin'; sym: string; left: Node; right: Node }
  /** FEEL's `count(list)` and `list contains(list, value)`, the rule language's `count` and `has`. */
  | { op: 'call'; fn: 'count' | 'has'; args: Node[] }
  /** The elements (`where`), or whether some or every one (`listSome`, `listEvery`), compare so to `value`. */
  | { op: 'test'; fn: 'listWhere' | 'listSome' | 'listEvery'; list: Node; sym: string; value: Node };

type Token = { kind: 'num' | 'str' | 'id' | 'sym'; text: string };

const SYMBOLS = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '!',
  '=',
  '(',
  ')',
  '+',
  '-',
  '*',
  '/',
  '%',
  '.',
  '[',
  ']',
  ',',
];
const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  div: '/',
  mod: '%',
};

export class ExpressionError extends Error {}

function tokens(body: string, dialect: Dialect): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(body.slice(i));
    if (num) {
      out.push({ kind: 'num', text: num[0] });
      i += num[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      if (dialect === 'feel' && c === "'") throw new ExpressionError(`FEEL strings take double quotes: ${body}`);
      const end = body.indexOf(c, i + 1);
      if (end < 0) throw new ExpressionError(`a string is not closed: ${body.slice(i)}`);
      out.push({ kind: 'str', text: body.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(body.slice(i));
    if (id) {
      out.push({ kind: 'id', text: id[0] });
      i += id[0].length;
      continue;
    }
    const sym = SYMBOLS.find((s) => body.startsWith(s, i));
    if (!sym) throw new ExpressionError(`"${c}" is not part of the expressions read here`);
    out.push({ kind: 'sym', text: sym });
    i += sym.length;
  }
  return out;
}

/** Recursive descent over the tokens: or → and → equality → relation → sum → product → unary → primary;
 *  the depth counted is that of parentheses, calls, filters and unary operators. */
function parse(body: string, dialect: Dialect): Node {
  const list = tokens(body, dialect);
  let at = 0;
  let depth = 0;
  const peek = () => list[at];
  const opOf = (t: Token | undefined) => {
    if (!t) return undefined;
    if (t.kind === 'sym') return t.text === '=' && dialect === 'feel' ? '==' : t.text;
    if (t.kind === 'id' && (dialect === 'uel' || t.text === 'and' || t.text === 'or')) return WORD_OPS[t.text];
    return undefined;
  };
  const deeper = <T>(read: () => T): T => {
    if (++depth > MAX_EXPRESSION_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_EXPRESSION_DEPTH}`);
    const value = read();
    depth--;
    return value;
  };
  const level =
    (ops: string[], next: () => Node): (() => Node) =>
    () => {
      let left = next();
      for (let op = opOf(peek()); op && ops.includes(op); op = opOf(peek())) {
        at++;
        left = { op: 'bin', sym: op, left, right: next() };
      }
      return left;
    };
  const unary = (): Node =>
    deeper(() => {
      const t = peek();
      if (t?.kind === 'sym' && t.text === '!') return (at++, { op: 'not', arg: unary() });
      if (t?.kind === 'sym' && t.text === '-') return (at++, { op: 'neg', arg: unary() });
      if (t?.kind === 'id' && t.text === 'not' && dialect === 'uel') return (at++, { op: 'not', arg: unary() });
      if (t?.kind === 'id' && t.text === 'empty' && dialect === 'uel') return (at++, { op: 'empty', arg: unary() });
      return primary();
    });
  const expect = (text: string) => {
    if (peek()?.text !== text) throw new ExpressionError(`"${text}" expected in ${body}`);
    at++;
  };
  const primary = (): Node => {
    const t = list[at++];
    if (!t) throw new ExpressionError(`the expression ends too early: ${body}`);
    if (t.kind === 'num') return { op: 'lit', value: t.text };
    if (t.kind === 'str') return { op: 'lit', value: JSON.stringify(t.text) };
    if (t.kind === 'sym' && t.text === '(') {
      const inner = deeper(or);
      expect(')');
      return inner;
    }
    if (t.kind === 'id') {
      if (['true', 'false', 'null'].includes(t.text)) return { op: 'lit', value: t.text };
      if (dialect === 'feel' && t.text === 'not' && peek()?.text === '(') {
        at++;
        const inner = deeper(or);
        expect(')');
        return { op: 'not', arg: inner };
      }
      // The two list functions an output collection is read with (docs/adr/0202-multi-instance-output-collections.md).
      if (dialect === 'feel' && t.text === 'count' && peek()?.text === '(') return call('count', 1);
      if (dialect === 'feel' && t.text === 'list' && peek()?.text === 'contains' && list[at + 1]?.text === '(') {
        at++;
        return call('has', 2);
      }
      if (dialect === 'feel' && (t.text === 'some' || t.text === 'every') && list[at + 1]?.text === 'in')
        return quantified(t.text);
      const after = peek()?.text;
      if (dialect === 'feel' && after === '[') return filtered({ op: 'var', name: t.text });
      if (after === '(') throw new ExpressionError(`calls are not read here: ${t.text}(…)`);
      if (after === '.' || after === '[')
        throw new ExpressionError(`only plain variables are read here: ${t.text}${after}…`);
      return { op: 'var', name: t.text };
    }
    throw new ExpressionError(`"${t.text}" is out of place in ${body}`);
  };
  const call = (fn: 'count' | 'has', arity: number): Node => {
    expect('(');
    const args = [deeper(or)];
    while (args.length < arity) {
      expect(',');
      args.push(deeper(or));
    }
    expect(')');
    return { op: 'call', fn, args };
  };
  /** A predicate over one element: `<element> <comparison> <expression without it>`, either way round. */
  const test = (element: string, fn: 'listWhere' | 'listSome' | 'listEvery', of: Node): Node => {
    const predicate = deeper(or);
    const isElement = (n: Node) => n.op === 'var' && n.name === element;
    const uses = (n: Node): boolean =>
      isElement(n) ||
      ('arg' in n && uses(n.arg)) ||
      ('left' in n && (uses(n.left) || uses(n.right))) ||
      ('args' in n && n.args.some(uses)) ||
      ('list' in n && (uses(n.list) || uses(n.value)));
    if (predicate.op === 'bin' && COMPARISONS.includes(predicate.sym)) {
      const { left, right, sym } = predicate;
      if (isElement(left) && !uses(right)) return { op: 'test', fn, list: of, sym, value: right };
      if (isElement(right) && !uses(left)) return { op: 'test', fn, list: of, sym: FLIPPED[sym] ?? sym, value: left };
    }
    throw new ExpressionError(`a list is tested here only by comparing ${element} with a value: ${body}`);
  };
  const filtered = (of: Node): Node => {
    expect('[');
    const node = test('item', 'listWhere', of);
    expect(']');
    return node;
  };
  const quantified = (word: string): Node => {
    const element = list[at++];
    if (element?.kind !== 'id') throw new ExpressionError(`a name is expected after ${word}: ${body}`);
    expect('in');
    const of = primary();
    expect('satisfies');
    return test(element.text, word === 'some' ? 'listSome' : 'listEvery', of);
  };
  const product = level(['*', '/', '%'], unary);
  const sum = level(['+', '-'], product);
  const relation = level(['<', '>', '<=', '>='], sum);
  const equality = level(['==', '!='], relation);
  const and = level(['&&'], equality);
  const or = level(['||'], and);
  const tree = or();
  if (at < list.length) throw new ExpressionError(`"${list[at].text}" is out of place in ${body}`);
  return tree;
}

const RULE_OPS: Record<string, string> = { '&&': 'and', '||': 'or', '%': 'mod' };
const COMPARISONS = ['==', '!=', '<', '>', '<=', '>='];
const FLIPPED: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

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
      return `(-${rule(node.arg)})`;
    case 'empty':
      return `empty(${rule(node.arg)})`;
    case 'call':
      return `${node.fn}(${node.args.map(rule).join(', ')})`;
    case 'test':
      return `${node.fn}(${rule(node.list)}, "${node.sym}", ${rule(node.value)})`;
    case 'bin': {
      const nullSide = [node.left, node.right].find((n) => n.op === 'lit' && n.value === 'null');
      if (nullSide && (node.sym === '==' || node.sym === '!=')) {
        const other = nullSide === node.left ? node.right : node.left;
        return node.sym === '==' ? `empty(${rule(other)})` : `(not empty(${rule(other)}))`;
      }
      return `(${rule(node.left)} ${RULE_OPS[node.sym] ?? node.sym} ${rule(node.right)})`;
    }
  }
}

/** A vendor expression as rule-language text; throws ExpressionError saying why it is not read. */
export function vendorRule(text: string): string {
  if (text.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const vendor = vendorExpression(text);
  if (!vendor) throw new ExpressionError(`not a \${…}, #{…} or =… expression: ${text}`);
  return rule(parse(vendor.body, vendor.dialect));
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
