// The reader's state while the vendor-expression parser (vendor-expression-parser.ts) walks the tokens:
// the place, the nesting depth counted, the names in scope and the size functions expand to. The parts of
// the grammar live in their own files (vendor-expression-operators.ts, vendor-expression-primary.ts,
// vendor-expression-definitions.ts, vendor-expression-forms.ts) and reach each other through `grammar`,
// so that no file imports one that imports it back.
import type { Node } from './vendor-expression-node.ts';
import { ExpressionError, tokens, WORD_OPS, type Dialect, type Token } from './vendor-expression-tokens.ts';

export const MAX_EXPRESSION_DEPTH = 16;

/** The entry points of the grammar one part calls in another. */
export interface Grammar {
  /** An expression with JUEL's `c ? a : b`. */
  expression(r: Reader): Node;
  /** An expression without it: `or` and all below. */
  or(r: Reader): Node;
  /** Arithmetic (`+`, `-` and below), as a range's bound after `in` is read. */
  sum(r: Reader): Node;
  /** A value with what follows it (`.name`, `[…]`, a call of a function value). */
  postfix(r: Reader, first: Node): Node;
  primary(r: Reader): Node;
  /** A range from its first bound on (`..high` and its closing bracket), `open` its opening bracket. */
  rangeEnd(r: Reader, open: string): { high: Node; bounds: string };
}

export class Reader {
  readonly list: Token[];
  readonly feel: boolean;
  at = 0;
  depth = 0;
  /** While a range's upper bound is read, `[` closes the range (`]1..5[`) rather than indexes. */
  upperBound = false;
  /** Nodes the function calls read so far expand to (vendor-expression-functions.ts bounds it). */
  expanded = 0;
  /** The names in scope: context entries with their values, and names bound (parameters, elements)
   *  that hide an outer entry of the same name. */
  readonly scopes: Array<Map<string, Node>> = [];
  /** The context entries being read: an entry's function cannot call itself (no recursion is read). */
  readonly defining: string[] = [];
  constructor(
    readonly body: string,
    dialect: Dialect,
    readonly grammar: Grammar,
  ) {
    this.list = tokens(body, dialect);
    this.feel = dialect === 'feel';
  }
  peek(): Token | undefined {
    return this.list[this.at];
  }
  /** The token at the reader's place, and the place moved past it. */
  take(): Token | undefined {
    return this.list[this.at++];
  }
  /** Whether the next token is FEEL's word `text`. */
  word(text: string): boolean {
    return this.feel && this.peek()?.kind === 'id' && this.peek()?.text === text;
  }
  /** The operator a token stands for (`=` is FEEL's equality, `and` both dialects', `eq` JUEL's). */
  opOf(t: Token | undefined): string | undefined {
    if (!t) return undefined;
    if (t.kind === 'sym') return t.text === '=' && this.feel ? '==' : t.text;
    if (t.kind === 'id' && (!this.feel || t.text === 'and' || t.text === 'or')) return WORD_OPS[t.text];
    return undefined;
  }
  deeper<T>(read: () => T): T {
    if (++this.depth > MAX_EXPRESSION_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_EXPRESSION_DEPTH}`);
    const value = read();
    this.depth--;
    return value;
  }
  expect(text: string): void {
    if (this.peek()?.text !== text) throw new ExpressionError(`"${text}" expected in ${this.body}`);
    this.at++;
  }
  inScope(name: string): Node | undefined {
    return this.scopes.findLast((s) => s.has(name))?.get(name);
  }
  /** `read` with `names` bound (a filter's `item`, a quantifier's element, a function's parameters). */
  binding<T>(names: readonly string[], read: () => T): T {
    this.scopes.push(new Map(names.map((n) => [n, { op: 'var', name: n }])));
    try {
      return read();
    } finally {
      this.scopes.pop();
    }
  }
  /** Expressions separated by `,` up to `close`, which is taken too. */
  items(close: string): Node[] {
    const read: Node[] = [];
    while (this.peek()?.text !== close) {
      if (read.length) this.expect(',');
      read.push(this.deeper(() => this.grammar.expression(this)));
    }
    this.at++;
    return read;
  }
  /** The words of a parameter's name before `:` at the reader's place (`start position:`), or undefined. */
  paramName(): string | undefined {
    const words: string[] = [];
    for (let i = this.at; this.list[i]?.kind === 'id' && words.length < 4; i++) {
      words.push(this.list[i].text);
      if (this.list[i + 1]?.text === ':') return words.join(' ');
    }
    return undefined;
  }
  /** Arguments, each perhaps named (`name: value`), up to `)`, which is taken too. */
  namedItems(): Array<[string | undefined, Node]> {
    const args: Array<[string | undefined, Node]> = [];
    while (this.peek()?.text !== ')') {
      if (args.length) this.expect(',');
      const param = this.paramName();
      if (param !== undefined) this.at += param.split(' ').length + 1;
      args.push([param, this.deeper(() => this.grammar.expression(this))]);
    }
    this.at++;
    return args;
  }
}
