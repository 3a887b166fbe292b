// The tokens of vendor expressions (docs/adr/0117-vendor-expressions.md): numbers, strings (FEEL's in
// double quotes), names and the symbols the parser (vendor-expression-parser.ts) reads; anything else is
// refused. Each pattern is anchored and linear, over an expression no longer than its bound.

export type Dialect = 'uel' | 'feel';

export class ExpressionError extends Error {}

export type Token = { kind: 'num' | 'str' | 'id' | 'sym'; text: string };

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
  '?',
  ':',
  '@',
  '{',
  '}',
];
export const WORD_OPS: Record<string, string> = {
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

export function tokens(body: string, dialect: Dialect): Token[] {
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
