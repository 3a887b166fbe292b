// The expressions modelers write into BPMN files (docs/adr/0117-vendor-expressions.md): the UEL/JUEL
// subset of Camunda 7, Flowable and Activiti (`${approved}`, `#{amount > 1000 && dept == 'sales'}`)
// and FEEL's simple expressions of Camunda 8 (`=approved`, `= amount > 1000 and dept = "sales"`).
// They are parsed here, bounded in length and depth, and written out in the rule language
// (src/core/rules.ts), so the engine keeps one evaluator. Only variables, literals, comparisons,
// arithmetic and logic are read, and FEEL's `count(…)` and `list contains(…, …)`: any other call, a
// property access or an index is refused.

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
  | { op: 'call'; fn: 'count' | 'has'; args: Node[] };

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

/** Recursive descent over the tokens: or → and → equality → relation → sum → product → unary → primary. */
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
    () =>
      deeper(() => {
        let left = next();
        for (let op = opOf(peek()); op && ops.includes(op); op = opOf(peek())) {
          at++;
          left = { op: 'bin', sym: op, left, right: next() };
        }
        return left;
      });
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
      const inner = or();
      expect(')');
      return inner;
    }
    if (t.kind === 'id') {
      if (['true', 'false', 'null'].includes(t.text)) return { op: 'lit', value: t.text };
      if (dialect === 'feel' && t.text === 'not' && peek()?.text === '(') {
        at++;
        const inner = or();
        expect(')');
        return { op: 'not', arg: inner };
      }
      // The two list functions an output collection is read with (docs/adr/0202-multi-instance-output-collections.md).
      if (dialect === 'feel' && t.text === 'count' && peek()?.text === '(') return call('count', 1);
      if (dialect === 'feel' && t.text === 'list' && peek()?.text === 'contains' && list[at + 1]?.text === '(') {
        at++;
        return call('has', 2);
      }
      const after = peek()?.text;
      if (after === '(') throw new ExpressionError(`calls are not read here: ${t.text}(…)`);
      if (after === '.' || after === '[')
        throw new ExpressionError(`only plain variables are read here: ${t.text}${after}…`);
      return { op: 'var', name: t.text };
    }
    throw new ExpressionError(`"${t.text}" is out of place in ${body}`);
  };
  const call = (fn: 'count' | 'has', arity: number): Node => {
    expect('(');
    const args = [or()];
    while (args.length < arity) {
      expect(',');
      args.push(or());
    }
    expect(')');
    return { op: 'call', fn, args };
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
