// FEEL's positive unary tests after `in` (docs/adr/0262-feel-unary-tests.md): a comparison with its subject
// left out (`x in > 5`), and tests in parentheses (`x in (> 5, [1..3], 8)`) holding when any holds, with
// FEEL's null where none holds and one cannot tell; the same inside a list's condition.
import { describe, expect, it } from 'vitest';
import { unaryTests } from '../../../../src/core/list-predicates.ts';
import { vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { refusal, value } from './support/feel.ts';

/** The expression's value for each `x`. */
const over = (text: string, xs: unknown[]) => xs.map((x) => value(text, { x }) ?? null);

describe('FEEL unary tests after in', () => {
  it('reads a comparison with its subject left out, as the comparison', () => {
    expect(over('=x in > 5', [4, 5, 6])).toEqual([false, false, true]);
    expect(over('=x in <= 5', [4, 5, 6])).toEqual([true, true, false]);
    expect(over('=x in >= limit + 1', [3])).toEqual([null]); // a missing limit: no answer
    expect(value('=x in >= limit + 1', { x: 3, limit: 2 })).toBe(true);
    expect(vendorRule('=x in < 5')).toBe(vendorRule('=x < 5'));
    // Bare after in, a value or an end is additive: and/or bind the whole membership.
    expect(vendorRule('=x in xs or y')).toBe(`(isIn('x', 'xs') or 'y')`);
    expect(vendorRule('=x in > 5 and y')).toBe(`(('x' > 5) and 'y')`);
  });

  it('holds when any test in parentheses holds: comparisons, ranges, values and lists', () => {
    expect(over('=x in (< 2, > 5)', [1, 2, 5, 6])).toEqual([true, false, false, true]);
    expect(over('=x in ([1..3], 8)', [0, 1, 3, 4, 8])).toEqual([false, true, true, false, true]);
    expect(over('=x in ((1..3], ]5..7[, >= 100)', [1, 2, 6, 7, 100])).toEqual([false, true, true, false, true]);
    expect(value('=x in (> 10, vips)', { x: 'ann', vips: ['ann', 'bob'] })).toBe(true); // a list: membership
    expect(value('=x in (> "m", "a")', { x: 'a' })).toBe(true); // strings order too
    expect(over('=x in ([1..5])', [0, 3])).toEqual([false, true]);
    const dates = '=date(d) in (< date("2020-01-01"), [date("2021-01-01")..date("2021-12-31")])';
    expect(['2019-05-01', '2020-06-01', '2021-06-01'].map((d) => value(dates, { d }))).toEqual([true, false, true]);
  });

  it('answers null, as FEEL, when no test holds and one cannot tell', () => {
    expect(over('=x in (> 5, < 2)', [undefined, 'a'])).toEqual([null, null]);
    expect(value('=x in (> 5, "a")', { x: 'a' })).toBe(true); // one that holds decides
    expect(value('=not(x in (> 5, "b"))', { x: 'a' }) ?? null).toBe(null);
    expect(value('=not(x in (> 5, < 2))', { x: 3 })).toBe(true);
  });

  it('keeps lists of plain values as before', () => {
    expect(vendorRule('=x in (1, 2)')).toBe(`isIn('x', listOf(1, 2))`);
    expect(vendorRule('=x in (1..5]')).toBe(`inRange('x', 1, 5, "(]")`);
  });

  it('reads the tests over a list’s element', () => {
    expect(value('=items[item in (> 5, < 2)]', { items: [1, 3, 7, 'a'] })).toEqual([1, 7]);
    expect(value('=some i in items satisfies i in ([1..2], >= 7)', { items: [3, 7] })).toBe(true);
    expect(
      value('=count(orders[amount in (>= limit, [0..1])])', { limit: 10, orders: [{ amount: 12 }, { amount: 5 }] }),
    ).toBe(1);
  });

  it('refuses a test outside in, and a comparison test inside a list literal', () => {
    expect(refusal('=x in [> 5, 2]')).toMatch(/out of place/);
    expect(refusal('=(> 5)')).toMatch(/out of place/);
    expect(refusal('=x in (> 5,)')).toMatch(/out of place|ends too early/);
  });

  it('gives null for tests not as the reader writes them', () => {
    expect(unaryTests(3, '> =')).toBeNull(); // too few ends
    expect(unaryTests(3, '~', 1)).toBeNull(); // an unknown kind
    expect(unaryTests(3, 7, 1)).toBeNull(); // kinds not a text
    expect(unaryTests(3, '[] >', 1, 5, 9)).toBe(true);
  });
});
