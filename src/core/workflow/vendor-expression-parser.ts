// The parser of vendor expressions (docs/adr/0117-vendor-expressions.md, docs/adr/0207-feel-list-filters.md,
// docs/adr/0211-feel-conditionals-paths-ranges.md, docs/adr/0217-feel-temporal-and-built-in-functions.md):
// tokens (vendor-expression-tokens.ts), then recursive descent into a tree that vendor-expression.ts
// writes out in the rule language. It reads only what is listed in those records and refuses the rest by
// throwing ExpressionError, bounded in nesting depth.
import { FEEL_FUNCTIONS, feelFunctionAt, placeNamed, temporalLiteral } from './feel-functions.ts';
import { ExpressionError, tokens, WORD_OPS, type Dialect, type Token } from './vendor-expression-tokens.ts';
import type { Node } from './vendor-expression-node.ts';
import { applyFunction, contextEntry, MAX_EXPANDED_NODES, size } from './vendor-expression-functions.ts';

export { ExpressionError, type Dialect } from './vendor-expression-tokens.ts';

export const MAX_EXPRESSION_DEPTH = 16;

export type { Node } from './vendor-expression-node.ts';

export const COMPARISONS = ['==', '!=', '<', '>', '<=', '>='];
/** Words that end a function's name when the reader looks for the name of a call it does not know. */
const STOP_WORDS = new Set(['and', 'or', 'in', 'between', 'then', 'else', 'satisfies', 'return']);

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
    case 'in':
      return any(node.value, node.list);
    case 'where':
      return any(node.list) || (node.element !== name && any(node.test));
    case 'fn':
      return !node.params.includes(name) && any(node.body);
    case 'context':
      return any(...node.entries.map(([, v]) => v));
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
  /** The names in scope: context entries with their values, and names bound (parameters, elements)
   *  that hide an outer entry of the same name. */
  const scopes: Array<Map<string, Node>> = [];
  const inScope = (name: string) => scopes.findLast((s) => s.has(name))?.get(name);
  const binding = <T>(names: readonly string[], read: () => T): T => {
    scopes.push(new Map(names.map((n) => [n, { op: 'var', name: n }])));
    try {
      return read();
    } finally {
      scopes.pop();
    }
  };
  let expanded = 0;
  /** The context entries being read: an entry's function cannot call itself (no recursion is read). */
  const defining: string[] = [];
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
    for (
      let t = peek();
      t?.text === '.' || (t?.text === '[' && !upperBound) || (t?.text === '(' && node.op === 'fn');
      t = peek()
    ) {
      if (t.text === '(' && node.op === 'fn') {
        node = callOf(node);
        continue;
      }
      if (t.text === '[') {
        node = feel ? bracket(node) : juelKey(node);
        continue;
      }
      at++;
      const key = list[at++];
      if (key?.kind !== 'id') throw new ExpressionError(`a name is expected after "." in ${body}`);
      if (node.op === 'context') {
        node = contextEntry(node, key.text);
        continue;
      }
      node =
        node.op === 'path' ? { ...node, keys: [...node.keys, key.text] } : { op: 'path', of: node, keys: [key.text] };
      if (peek()?.text === '(') throw new ExpressionError(`methods are not read here: ${key.text}(…)`);
    }
    return node;
  };
  const juelKey = (of: Node): Node =>
    deeper(() => {
      expect('[');
      const key = expression();
      expect(']');
      if (isCondition(key)) throw new ExpressionError(`JUEL indexes take a number or a key, not a condition: ${body}`);
      return { op: 'key', of, at: key };
    });
  const bracket = (of: Node): Node =>
    deeper(() => {
      expect('[');
      const inside = binding(['item'], or);
      expect(']');
      if (uses(inside, 'item')) return { op: 'where', fn: 'listFilter', list: of, element: 'item', test: inside };
      if (isCondition(inside)) throw new ExpressionError(`a filter's condition reads item: ${body}`);
      return { op: 'index', of, at: inside };
    });
  const items = (close: string): Node[] => {
    const read: Node[] = [];
    while (peek()?.text !== close) {
      if (read.length) expect(',');
      read.push(deeper(expression));
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
      const inner = deeper(expression);
      expect(')');
      upperBound = bound;
      return inner;
    }
    if (t.kind === 'sym' && t.text === '[' && feel) return { op: 'list', items: items(']') };
    if (t.kind === 'sym' && t.text === '@' && feel && peek()?.kind === 'str') return temporalLiteral(list[at++].text);
    if (t.kind === 'sym' && t.text === '{' && feel) return deeper(context);
    if (t.kind === 'id' && feel && t.text === 'function' && peek()?.text === '(') return deeper(definition);
    const entry = t.kind === 'id' && feel ? inScope(t.text) : undefined;
    if (entry) return entry.op === 'fn' && peek()?.text === '(' ? callOf(entry) : entry;
    if (t.kind === 'id') {
      if (['true', 'false', 'null'].includes(t.text)) return { op: 'lit', value: t.text };
      if (feel && t.text === 'not' && peek()?.text === '(') {
        at++;
        const inner = deeper(or);
        expect(')');
        return { op: 'not', arg: inner };
      }
      const name = feel
        ? feelFunctionAt(list.slice(at - 1, at + 4).map((w) => (w.kind === 'str' ? undefined : w.text)))
        : undefined;
      if (name) {
        at += name.split(' ').length - 1;
        return call(name);
      }
      if (feel && (t.text === 'some' || t.text === 'every') && list[at + 1]?.text === 'in') return quantified(t.text);
      if (feel && t.text === 'for' && list[at + 1]?.text === 'in') return iteration();
      if (feel && t.text === 'if' && peek() !== undefined) return conditional();
      if (feel && peek()?.text === '(' && defining.includes(t.text))
        throw new ExpressionError(`the function ${t.text} calls itself; recursion is not read here: ${body}`);
      const unknown = unknownFunction();
      if (unknown) throw new ExpressionError(`the function ${unknown}(…) is not read here`);
      return { op: 'var', name: t.text };
    }
    throw new ExpressionError(`"${t.text}" is out of place in ${body}`);
  };
  /** FEEL's `function(a, b) body`: the body takes the rest, as in FEEL; its parameters hide outer names. */
  const definition = (): Node => {
    expect('(');
    const params: string[] = [];
    while (peek()?.text !== ')') {
      if (params.length) expect(',');
      const p = list[at++];
      if (p?.kind !== 'id' || params.includes(p.text))
        throw new ExpressionError(`a function's parameters are distinct names: ${body}`);
      params.push(p.text);
    }
    at++;
    return { op: 'fn', params, body: binding(params, () => deeper(or)) };
  };
  /** A call of a function value: its body with the arguments in place, bounded in the nodes it adds. */
  const callOf = (fn: Extract<Node, { op: 'fn' }>): Node =>
    deeper(() => {
      expect('(');
      const args: Array<[string | undefined, Node]> = [];
      while (peek()?.text !== ')') {
        if (args.length) expect(',');
        const param = paramName();
        if (param !== undefined) at += param.split(' ').length + 1;
        args.push([param, deeper(expression)]);
      }
      at++;
      const node = applyFunction(fn, args, uses, body);
      expanded += size(node);
      if (expanded > MAX_EXPANDED_NODES)
        throw new ExpressionError(`functions called here expand past ${MAX_EXPANDED_NODES} steps: ${body}`);
      return node;
    });
  /** FEEL's context literal: `key: value` entries (a key a name or a string), each seeing the ones before. */
  const context = (): Node => {
    const entries: Array<[string, Node]> = [];
    const seen = new Map<string, Node>();
    scopes.push(seen);
    try {
      while (peek()?.text !== '}') {
        if (entries.length) expect(',');
        const key = peek()?.kind === 'str' ? list[at].text : paramName();
        if (key === undefined || entries.some(([k]) => k === key))
          throw new ExpressionError(`a context's entries are distinct names followed by ":": ${body}`);
        at += peek()?.kind === 'str' ? 1 : key.split(' ').length;
        expect(':');
        defining.push(key);
        const value = deeper(expression);
        defining.pop();
        entries.push([key, value]);
        seen.set(key, value);
      }
      at++;
    } finally {
      scopes.pop();
    }
    return { op: 'context', entries };
  };
  /** The name of a call to a function no record lists, read from the name just taken (`random number(`). */
  const unknownFunction = (): string | undefined => {
    const words: string[] = [];
    for (let i = at - 1; list[i]?.kind === 'id' && words.length < 5; i++) {
      if (words.length && STOP_WORDS.has(list[i].text)) return undefined;
      words.push(list[i].text);
      if (list[i + 1]?.text === '(') return words.join(' ');
    }
    return undefined;
  };
  /** The words of a parameter's name before `:` at the reader's place (`start position:`), or undefined. */
  const paramName = (): string | undefined => {
    const words: string[] = [];
    for (let i = at; list[i]?.kind === 'id' && words.length < 4; i++) {
      words.push(list[i].text);
      if (list[i + 1]?.text === ':') return words.join(' ');
    }
    return undefined;
  };
  /** FEEL's named arguments (`substring(string: "abc", start position: 2)`), put in their places. */
  const namedArgs = (name: string): Node[] => {
    const named: Array<[string | undefined, Node]> = [];
    while (peek()?.text !== ')') {
      if (named.length) expect(',');
      const param = paramName();
      if (param !== undefined) at += param.split(' ').length + 1;
      named.push([param, deeper(expression)]);
    }
    at++;
    return placeNamed(name, named, { op: 'lit', value: 'null' }, body);
  };
  const call = (name: string): Node => {
    const fn = FEEL_FUNCTIONS[name];
    expect('(');
    const args = peek()?.text === ')' ? (at++, []) : paramName() !== undefined ? namedArgs(name) : items(')');
    if (args.length < fn.min || args.length > fn.max)
      throw new ExpressionError(
        `${name}(…) takes ${fn.min === fn.max ? fn.min : `${fn.min} to ${fn.max}`} arguments: ${body}`,
      );
    return { op: 'call', fn: fn.rule, args, ...(fn.temporal ? { temporal: true as const } : {}) };
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
    const test = binding([element.text], () => deeper(or));
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
    return {
      op: 'where',
      fn: 'listMap',
      list: of,
      element: element.text,
      test: binding([element.text], () => deeper(or)),
    };
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
  /** JUEL's `c ? a : b`, below `||`, its branches read alike (`a ? b : c ? d : e`). */
  const expression = (): Node => {
    const test = or();
    if (feel || peek()?.text !== '?') return test;
    at++;
    const then = deeper(expression);
    expect(':');
    return { op: 'if', test, then, else: deeper(expression) };
  };
  const tree = expression();
  if (at < list.length) throw new ExpressionError(`"${list[at].text}" is out of place in ${body}`);
  return tree;
}
