// `sort(list, precedes)` inside a list's condition, `for`'s return value and another sort's precedes
// (docs/adr/0265-feel-sort-inside-a-lists-condition.md): the precedes binds the two places after the
// elements already bound, and every comparison is charged to the list function's step bound.
import { describe, expect, it } from 'vitest';
import { FeelBoundError, MAX_SORT_LENGTH } from '../../../../src/core/feel-sort.ts';
import { ruleFunctions } from '../../../../src/core/rules.ts';
import { vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { value } from './support/feel.ts';

const orders = [
  { id: 'a', items: [3, 1, 2], xs: [1, 9] },
  { id: 'b', items: [], xs: [5] },
  { id: 'c', xs: [7, 2] },
];

describe('sort inside a list’s condition', () => {
  it('sorts each element’s list in for, a filter and a quantifier', () => {
    expect(value('=for o in orders return sort(o.items, function(x, y) x < y)', { orders })).toEqual([
      [1, 2, 3],
      [],
      null, // no list: null, as sort outside
    ]);
    expect(value('=orders[sort(item.xs, function(x, y) x > y)[1] > 6].id', { orders })).toEqual(['a', 'c']);
    expect(value('=some o in orders satisfies sort(o.items, function(x, y) x > y)[1] = 3', { orders })).toBe(true);
  });

  it('reads the element and the variables inside the precedes', () => {
    const byDistance = '=for o in orders return sort(o.xs, function(x, y) abs(x - o.xs[1]) < abs(y - target))';
    expect(value(byDistance, { orders, target: 6 })).toEqual([[1, 9], [5], [7, 2]]);
  });

  it('sorts inside another sort’s precedes, its parameters after the outer ones', () => {
    const byLargest =
      '=sort(orders, function(a, b) sort(a.xs, function(x, y) x > y)[1] < sort(b.xs, function(x, y) x > y)[1])';
    expect((value(byLargest, { orders }) as Array<{ id: string }>).map((o) => o.id)).toEqual(['b', 'c', 'a']);
  });

  it('gives null when a comparison gives no boolean', () => {
    expect(value('=for o in orders return sort(o.xs, function(x, y) x.k < y.k)', { orders })).toEqual([
      null,
      [5],
      null,
    ]);
  });

  it('stops at the step bound and the length bound, the expression then failing', () => {
    const lists = Array.from({ length: 200 }, () => ({ xs: Array.from({ length: 500 }, (_, i) => (i * 7919) % 500) }));
    const sortEach = '=for l in lists return sort(l.xs, function(x, y) x < y)';
    // 200 sorts of 500 elements: about 900,000 comparisons, past 500,000 steps; two are well within.
    expect(value(sortEach, { lists })).toBeUndefined();
    const ascending = [...lists[0].xs].sort((p, q) => p - q);
    expect(value(sortEach, { lists: lists.slice(0, 2) })).toEqual([ascending, ascending]);
    // The rule function itself throws the bound's error rather than answering slowly.
    const [, tree] = /^listMap\('lists', ("(?:[^"\\]|\\.)*")\)$/.exec(vendorRule(sortEach))!;
    expect(() => ruleFunctions.listMap(lists as never, JSON.parse(tree) as never)).toThrow(FeelBoundError);
    const long = [{ xs: Array.from({ length: MAX_SORT_LENGTH + 1 }, (_, i) => i) }];
    expect(() => ruleFunctions.listMap(long as never, JSON.parse(tree) as never)).toThrow(/at most 2000 elements/);
  });
});
