// FEEL's regular-expression built-ins (docs/adr/0232-feel-time-zones-regex-built-ins.md): `matches`,
// `replace`, `split` and `extract` as Camunda's FEEL reference and the DMN TCK give them, on re2js (linear
// time), with a tenant's pattern from a variable; null for a wrong type, an unknown flag, a pattern RE2
// does not read (a back-reference) or a text past the bound; a classic catastrophic-backtracking pattern
// answers at once.
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN, MAX_REGEX_TEXT } from '../../../../src/core/feel-regex.ts';
import { holds, value } from './support/feel.ts';

describe('FEEL regular expressions', () => {
  it('matches anywhere in the text, with the flags i, s, m, x and q', () => {
    expect(value('=matches("foobar", "^fo*bar")')).toBe(true);
    expect(value('=matches("abracadabra", "bra")')).toBe(true);
    expect(value('=matches("abracadabra", "^a.*a$")')).toBe(true);
    expect(value('=matches("abracadabra", "^bra")')).toBe(false);
    expect(value('=matches("FooBar", "foo")')).toBe(false);
    expect(value('=matches("FooBar", "foo", "i")')).toBe(true);
    expect(value('=matches(x, "a.b")', { x: 'a\nb' })).toBe(false);
    expect(value('=matches(x, "a.b", "s")', { x: 'a\nb' })).toBe(true);
    expect(value('=matches(x, "^b$")', { x: 'a\nb' })).toBe(false);
    expect(value('=matches(x, "^b$", "m")', { x: 'a\nb' })).toBe(true);
    expect(value('=matches("hello world", "hello\\ sworld", "x")')).toBe(false);
    expect(value('=matches("helloworld", "hello world", "x")')).toBe(true);
    expect(value('=matches("a+b", "a+b", "q")')).toBe(true);
    expect(value('=matches("aab", "a+b", "q")')).toBe(false);
    expect(holds('=matches(order.sku, "^IT-\\d{3}$")', { order: { sku: 'IT-042' } })).toBe(true);
    expect(holds('=matches(order.sku, pattern)', { order: { sku: 'HR-1' }, pattern: '^IT-' })).toBe(false);
  });

  it('replaces every match, groups written $1', () => {
    expect(value('=replace("abcd", "(ab)|(a)", "[1=$1][2=$2]")')).toBe('[1=ab][2=]cd');
    expect(value('=replace("0123456789", "(\\d{3})(\\d{3})(\\d{4})", "($1) $2-$3")')).toBe('(012) 345-6789');
    expect(value('=replace("abracadabra", "bra", "*")')).toBe('a*cada*');
    expect(value('=replace("abracadabra", "a.*?a", "*")')).toBe('*c*bra');
    expect(value('=replace("abracadabra", "a", "")')).toBe('brcdbr');
    expect(value('=replace("abracadabra", "a(.)", "a$1$1")')).toBe('abbraccaddabbra');
    expect(value('=replace("AAAA", "a", "b", "i")')).toBe('bbbb');
    expect(value('=replace("a.b.c", ".", "/", "q")')).toBe('a/b/c');
    expect(value('=replace("price", "price", "$$5", "q")')).toBe('$$5');
    expect(value('=replace("abc", "def", "#")')).toBe('abc');
  });

  it('splits at a pattern and extracts matches', () => {
    expect(value('=split("John Doe", "\\s")')).toEqual(['John', 'Doe']);
    expect(value('=split("a;b;c;;", ";")')).toEqual(['a', 'b', 'c', '', '']);
    expect(value('=split("a1b22c", "\\d+")')).toEqual(['a', 'b', 'c']);
    expect(value('=count(split(approvers, ",\\s*"))', { approvers: 'ann, bob,cy' })).toBe(3);
    expect(value('=extract("this is foobar and folbar", "fo[a-z]*")')).toEqual(['foobar', 'folbar']);
    expect(value('=extract("nothing", "\\d")')).toEqual([]);
  });

  it('gives null for a wrong type, an unknown flag, what RE2 does not read, or a text past the bound', () => {
    for (const [text, vars] of [
      ['=matches(5, "a")', {}],
      ['=matches("a", 5)', {}],
      ['=matches("a", "a", "g")', {}],
      ['=matches("a", "(")', {}],
      ['=matches("aa", "(a)\\1")', {}], // back-reference
      ['=matches("ab", "a(?=b)")', {}], // look-ahead
      ['=replace("a", "a", 5)', {}],
      ['=replace("a", "(a)", "$2")', {}], // no such group
      ['=split(null, ",")', {}],
      ['=split("a,b", x)', { x: ['a'] }],
      ['=extract("a", "[")', {}],
      ['=matches(x, "a")', { x: 'a'.repeat(MAX_REGEX_TEXT + 1) }],
      ['=matches("a", x)', { x: 'a'.repeat(MAX_PATTERN + 1) }],
      ['=replace("a", "a", x)', { x: 'b'.repeat(MAX_PATTERN + 1) }],
    ] as const)
      expect(value(text, vars), text).toBeNull();
  });

  it('answers a catastrophic-backtracking pattern over the longest text at once', () => {
    const input = `${'a'.repeat(MAX_REGEX_TEXT - 1)}!`;
    for (const pattern of ['(a+)+$', '(a|aa)+$', '(a|a)+$', '^(\\w+\\s?)*$']) {
      const started = performance.now();
      expect(value('=matches(input, pattern)', { input, pattern }), pattern).toBe(false);
      expect(value('=replace(input, pattern, "x")', { input, pattern }), pattern).toBe(input);
      expect(performance.now() - started, pattern).toBeLessThan(2000); // native RegExp: years at this length
    }
  });
});
