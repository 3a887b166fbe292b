// The parser of vendor expressions (docs/adr/0117-vendor-expressions.md, docs/adr/0207-feel-list-filters.md,
// docs/adr/0211-feel-conditionals-paths-ranges.md): tokens, then recursive descent into a tree that
// vendor-expression.ts writes out in the rule language. It reads only what is listed in those records
// and refuses the rest by throwing ExpressionError, bounded in nesting depth.

export const MAX_EXPRESSION_DEPTH = 16;

export type Dialect = 'uel' | 'feel';

export class ExpressionError extends Error {}

export type Node =
  | { op: 'var'; name: string }
  | { op: 'lit'; value: string }
  | { op: 'not' | 'neg' | 'empty'; arg: Node }
  | { op: 'bin'; sym: string; left: Node; right: Node }
  /** FEEL's `count(list)` and `list contains(list, value)`, the rule language's `count` and `has`. */
  | { op: 'call'; fn: 'count' | 'has'; args: Node[] }
  /** `a.b.c`: own properties, missing ones null. */
  | { op: 'path'; of: Node; keys: string[] }
  /** FEEL's `list[n]`, 1-based, negative from the end. */
  | { op: 'index'; of: Node; at: Node }
  | { op: 'list'; items: Node[] }
  | { op: 'if'; test: Node; then: Node; else: Node }
  /** `value in [low..high]` (bounds `[]`, `(]`, `[)`, `()`), `value between low and high`. */
  | { op: 'range'; value: Node; low: Node; high: Node; bounds: string }
  /** `value in list` (membership), `value in (a, b)`. */
  | { op: 'in'; value: Node; list: Node }
  /** A filter `list[condition of item]`, `some|every name in list satisfies condition of name`,
   *  `for name in list return value of name`. */
  | { op: 'where'; fn: 'listFilter' | 'listAny' | 'listAll' | 'listMap'; list: Node; element: string; test: Node };

type Token = { kind: 'num' | 'str' | 'id' | 'sym'; text: string };

const SYMBOLS = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '..',
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
export const COMPARISONS = ['==', '!=', '<', '>', '<=', '>='];

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
      return any(node.of, node.at);
    case 'list':
      return any(...node.items);
    case 'if':
      return any(node.test, node.then, node.else);
    case 'range':
      return any(node.value, node.low, node.high);
    case 'in':
      return any(node.value, node.list);
    case 'where':
      return any(node.list) || (node.element !== name && any(node.test));
  }
}

/** Whether a node is a condition (true, false or null), so `list[it]` filters rather than indexes. */
const isCondition = (n: Node): boolean =>
  (n.op === 'bin' && [...COMPARISONS, '&&', '||'].includes(n.sym)) ||
  ['not', 'empty', 'range', 'in'].includes(n.op) ||
  (n.op === 'where' && (n.fn === 'listAny' || n.fn === 'listAll')) ||
  (n.op === 'lit' && (n.value === 'true' || n.value === 'false'));

/** Recursive descent over the tokens: or → and → equality → relation (with FEEL's `in` and `between`)
 *  → sum → product → unary → primary with its paths, indexes and filters; the depth counted is that of
 *  parentheses, calls, filters, indexes, branches and unary operators. */
export function parse(body: string, dialect: Dialect): Node {
  const list = tokens(body, dialect);
  const feel = dialect === 'feel';
  let at = 0;
  let depth = 0;
  /** While a range's upper bound is read, `[` closes the range (`]1..5[`) rather than indexes. */
  let upperBound = false;
  const peek = () => list[at];
  const word = (text: string) => feel && peek()?.kind === 'id' && peek()?.text === text;
  const opOf = (t: Token | undefined) => {
    if (!t) return undefined;
    if (t.kind === 'sym') return t.text === '=' && feel ? '==' : t.text;
    if (t.kind === 'id' && (!feel || t.text === 'and' || t.text === 'or')) return WORD_OPS[t.text];
    return undefined;
  };
  const deeper = <T>(read: () => T): T => {
    if (++depth > MAX_EXPRESSION_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_EXPRESSION_DEPTH}`);
    const value = read();
    depth--;
    return value;
  };
  const expect = (text: string) => {
    if (peek()?.text !== text) throw new ExpressionError(`"${text}" expected in ${body}`);
    at++;
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
      if (t?.kind === 'id' && t.text === 'not' && !feel) return (at++, { op: 'not', arg: unary() });
      if (t?.kind === 'id' && t.text === 'empty' && !feel) return (at++, { op: 'empty', arg: unary() });
      return postfix(primary());
    });
  /** What follows a value: `.name` (both dialects), `[index]` or `[condition of item]` (FEEL). */
  const postfix = (first: Node): Node => {
    let node = first;
    for (let t = peek(); t?.text === '.' || (t?.text === '[' && !upperBound); t = peek()) {
      if (t.text === '[' && !feel) throw new ExpressionError(`indexes are read in FEEL only: ${body}`);
      if (t.text === '[') {
        node = bracket(node);
        continue;
      }
      at++;
      const key = list[at++];
      if (key?.kind !== 'id') throw new ExpressionError(`a name is expected after "." in ${body}`);
      node =
        node.op === 'path' ? { ...node, keys: [...node.keys, key.text] } : { op: 'path', of: node, keys: [key.text] };
      if (peek()?.text === '(') throw new ExpressionError(`calls are not read here: ${key.text}(…)`);
    }
    return node;
  };
  const bracket = (of: Node): Node =>
    deeper(() => {
      expect('[');
      const inside = or();
      expect(']');
      if (uses(inside, 'item')) return { op: 'where', fn: 'listFilter', list: of, element: 'item', test: inside };
      if (isCondition(inside)) throw new ExpressionError(`a filter's condition reads item: ${body}`);
      return { op: 'index', of, at: inside };
    });
  const items = (close: string): Node[] => {
    const read: Node[] = [];
    while (peek()?.text !== close) {
      if (read.length) expect(',');
      read.push(deeper(or));
    }
    at++;
    return read;
  };
  const primary = (): Node => {
    const t = list[at++];
    if (!t) throw new ExpressionError(`the expression ends too early: ${body}`);
    if (t.kind === 'num') return { op: 'lit', value: t.text };
    if (t.kind === 'str') return { op: 'lit', value: JSON.stringify(t.text) };
    if (t.kind === 'sym' && t.text === '(') {
      const bound = upperBound; // inside parentheses, `[` indexes again: `[1..(limits[2])]`
      upperBound = false;
      const inner = deeper(or);
      expect(')');
      upperBound = bound;
      return inner;
    }
    if (t.kind === 'sym' && t.text === '[' && feel) return { op: 'list', items: items(']') };
    if (t.kind === 'id') {
      if (['true', 'false', 'null'].includes(t.text)) return { op: 'lit', value: t.text };
      if (feel && t.text === 'not' && peek()?.text === '(') {
        at++;
        const inner = deeper(or);
        expect(')');
        return { op: 'not', arg: inner };
      }
      // The two list functions an output collection is read with (docs/adr/0202-multi-instance-output-collections.md).
      if (feel && t.text === 'count' && peek()?.text === '(') return call('count', 1);
      if (feel && t.text === 'list' && peek()?.text === 'contains' && list[at + 1]?.text === '(') {
        at++;
        return call('has', 2);
      }
      if (feel && (t.text === 'some' || t.text === 'every') && list[at + 1]?.text === 'in') return quantified(t.text);
      if (feel && t.text === 'for' && list[at + 1]?.text === 'in') return iteration();
      if (feel && t.text === 'if' && peek() !== undefined) return conditional();
      if (peek()?.text === '(') throw new ExpressionError(`calls are not read here: ${t.text}(…)`);
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
  /** FEEL's `if c then a else b`: the else branch takes the rest, as in FEEL. */
  const conditional = (): Node => {
    const test = deeper(or);
    expect('then');
    const then = deeper(or);
    expect('else');
    return { op: 'if', test, then, else: deeper(or) };
  };
  const quantified = (kind: string): Node => {
    const element = list[at++];
    if (element?.kind !== 'id') throw new ExpressionError(`a name is expected after ${kind}: ${body}`);
    expect('in');
    const of = postfix(primary());
    expect('satisfies');
    // As in FEEL, `satisfies` takes the rest of the expression.
    const test = deeper(or);
    if (!uses(test, element.text))
      throw new ExpressionError(`the condition after satisfies reads ${element.text}: ${body}`);
    return { op: 'where', fn: kind === 'some' ? 'listAny' : 'listAll', list: of, element: element.text, test };
  };
  /** FEEL's `for name in list return value`: one list, not a range (`1..3`) nor several (`x in a, y in b`). */
  const iteration = (): Node => {
    const element = list[at++];
    if (element?.kind !== 'id') throw new ExpressionError(`a name is expected after for: ${body}`);
    expect('in');
    const of = postfix(primary());
    if (peek()?.text !== 'return') throw new ExpressionError(`for reads one list and return here: ${body}`);
    at++;
    // As in FEEL, `return` takes the rest of the expression.
    return { op: 'where', fn: 'listMap', list: of, element: element.text, test: deeper(or) };
  };
  /** What follows FEEL's `in`: a range `[a..b]` (either bound open with `(`/`)` or `]`/`[`), a list
   *  `[a, b]`, tests `(a, b)`, or a value (a list variable: membership; anything else: equality). */
  const membership = (value: Node): Node =>
    deeper(() => {
      const open = peek()?.text;
      if (open !== '[' && open !== '(' && open !== ']') return { op: 'in', value, list: sum() };
      at++;
      if (open === '[' && peek()?.text === ']') return (at++, { op: 'in', value, list: { op: 'list', items: [] } });
      const first = deeper(or);
      if (peek()?.text === '..') {
        at++;
        upperBound = true;
        const high = deeper(or);
        upperBound = false;
        const close = list[at++]?.text;
        if (close !== ']' && close !== ')' && close !== '[')
          throw new ExpressionError(`a range ends with "]" or ")": ${body}`);
        return {
          op: 'range',
          value,
          low: first,
          high,
          bounds: `${open === '[' ? '[' : '('}${close === ']' ? ']' : ')'}`,
        };
      }
      if (open === ']') throw new ExpressionError(`".." expected in a range: ${body}`);
      const rest =
        peek()?.text === ',' ? (at++, items(open === '[' ? ']' : ')')) : (expect(open === '[' ? ']' : ')'), []);
      if (open === '(' && rest.length === 0) return { op: 'in', value, list: first };
      return { op: 'in', value, list: { op: 'list', items: [first, ...rest] } };
    });
  const product = level(['*', '/', '%'], unary);
  const sum = level(['+', '-'], product);
  const relation = (): Node => {
    let left = sum();
    for (;;) {
      const op = opOf(peek());
      if (op && ['<', '>', '<=', '>='].includes(op)) {
        at++;
        left = { op: 'bin', sym: op, left, right: sum() };
      } else if (word('between')) {
        at++;
        const low = sum();
        expect('and');
        left = { op: 'range', value: left, low, high: sum(), bounds: '[]' };
      } else if (word('in')) {
        at++;
        left = membership(left);
      } else return left;
    }
  };
  const equality = level(['==', '!='], relation);
  const and = level(['&&'], equality);
  const or = level(['||'], and);
  const tree = or();
  if (at < list.length) throw new ExpressionError(`"${list[at].text}" is out of place in ${body}`);
  return tree;
}
