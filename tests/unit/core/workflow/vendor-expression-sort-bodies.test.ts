// Context literals and lists read inside `sort`'s precedes, and FEEL's draws `uuid()` and `random number()`
// (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md): the filters, `some`/`every` and `for` over
// the parameters charged to 0239's step bound, a hostile list refused by it.
import { describe, expect, it } from 'vitest';
import { FeelBoundError, listSort, MAX_SORT_STEPS, sortCalling } from '../../../../src/core/feel-sort.ts';
import { ruleFunctions } from '../../../../src/core/rules.ts';
import { refusal, value } from './support/feel.ts';

const orders = [
  { id: 'a', items: [{ price: 5 }, { price: 40 }, { price: 30 }], tags: ['x'] },
  { id: 'b', items: [{ price: 12 }], tags: [] },
  { id: 'c', items: [], tags: ['x', 'y'] },
];
const ids = (sorted: unknown) => (sorted as Array<{ id: string }>).map((o) => o.id);

describe('sort’s precedes reading lists and building contexts', () => {
  it('filters a parameter’s list and counts it', () => {
    const text = '=sort(orders, function(a, b) count(a.items[item.price > 10]) > count(b.items[item.price > 10]))';
    expect(ids(value(text, { orders }))).toEqual(['a', 'b', 'c']);
    // The other parameter is read inside the filter too.
    const against = '=sort(orders, function(a, b) count(a.items[item.price > count(b.tags) * 20]) > 0)';
    expect(ids(value(against, { orders }))).toEqual(['a', 'b', 'c']);
  });

  it('quantifies and maps over a parameter’s list', () => {
    const some = '=sort(orders, function(a, b) some i in a.items satisfies i.price > 35)';
    expect(ids(value(some, { orders }))).toEqual(['a', 'b', 'c']);
    const sum =
      '=sort(orders, function(a, b) sum(for i in a.items return i.price) < sum(for i in b.items return i.price))';
    expect(ids(value(sum, { orders }))).toEqual(['c', 'b', 'a']);
    const every =
      '=sort(orders, function(a, b) (every t in a.tags satisfies t = "x") and count(a.tags) > count(b.tags))';
    expect(ids(value(every, { orders }))).toEqual(['a', 'b', 'c']);
  });

  it('builds context literals over the parameters', () => {
    const text = '=sort(orders, function(a, b) get value({n: count(a.tags), id: a.id}, "n") < count(b.tags))';
    expect(ids(value(text, { orders }))).toEqual(['b', 'a', 'c']);
    const entries = '=sort(orders, function(a, b) count(get entries({x: a.id, y: b.id})) = 2 and a.id > b.id)';
    expect(ids(value(entries, { orders }))).toEqual(['c', 'b', 'a']);
  });

  it('reads a quantifier inside a filter (docs/adr/0257-feel-nested-filters.md)', () => {
    expect(ids(value('=orders[some t in item.tags satisfies t = "y"]', { orders }))).toEqual(['c']);
  });

  it('charges each element of a list read inside precedes to the step bound', () => {
    // 2,000 orders sharing one list of 2,000 items: each comparison walks 2,000 items twice, and the
    // thousands of comparisons walk far past 500,000 steps.
    const items = Array.from({ length: 2000 }, (_, i) => ({ price: i }));
    const many = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), items }));
    const text = '=sort(orders, function(a, b) count(a.items[item.price > 10]) < count(b.items[item.price > 10]))';
    const started = performance.now();
    expect(value(text, { orders: many })).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(value(text, { orders: many.slice(0, 10).map((o) => ({ ...o, items: items.slice(0, 100) })) })).toHaveLength(
      10,
    );
    // The same through the rule function itself: the bound's error, not a slow answer.
    const tree = JSON.stringify([
      'cmp',
      '<',
      [
        'call',
        'count',
        ['where', 'listFilter', ['path', ['param', 0], 'items'], ['cmp', '>', ['param', 2], ['arg', 0]]],
      ],
      ['arg', 0],
    ]);
    const sort = sortCalling((fn, args) => ruleFunctions[fn](...(args as never[])));
    const lists = Array.from({ length: 2000 }, () => ({ items: Array.from({ length: 2000 }, (_, i) => i) }));
    expect(() => sort(lists, tree, 5)).toThrow(FeelBoundError);
    expect(MAX_SORT_STEPS).toBe(500_000);
    // Without the rule language's table, a list read in the tree is null: no walk is made.
    expect(listSort([{ items: [1] }, { items: [] }], tree, 0)).toBeNull();
  });
});

describe('uuid() and random number()', () => {
  it('draw a v4 UUID and a number in [0, 1), anew at each evaluation', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const first = value('=uuid()');
    expect(first).toMatch(v4);
    expect(value('=uuid()')).not.toBe(first);
    const draws = Array.from({ length: 200 }, () => value('=random number()') as number);
    expect(draws.every((x) => typeof x === 'number' && x >= 0 && x < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(190);
    expect(value('=string length(uuid())')).toBe(36);
  });

  it('are refused where they would be drawn once for many elements', () => {
    expect(refusal('=for o in orders return uuid()')).toMatch(
      /uuid\(\) and random number\(\) are not drawn for each of o/,
    );
    expect(refusal('=sort(orders, function(a, b) random number() < 0.5)')).toMatch(/not drawn for each of a, b/);
  });
});
