// A filter's implicit entries (docs/adr/0253-feel-filter-implicit-entries.md): inside `list[condition]` a
// context element's entries are in scope by name, over the variables outside; `item` is still the element;
// a name the element has not (or an element that is no context) is the name outside. In conditions,
// mappings, under calls and inside sort's precedes, bounded as the filters were.
import { describe, expect, it } from 'vitest';
import { holds, refusal, value } from './support/feel.ts';

const orders = [
  { id: 'a', amount: 5, category: 'A', approved: true, customer: { tier: 'gold' } },
  { id: 'b', amount: 20, category: 'A', approved: false, customer: { tier: 'silver' } },
  { id: 'c', amount: 30, category: 'B', approved: true, customer: { tier: 'gold' } },
];
const ids = (list: unknown) => (list as Array<{ id: string }>).map((o) => o.id);

describe('a filter’s implicit entries', () => {
  it('reads the element’s entries by name', () => {
    expect(ids(value('=orders[amount > 10]', { orders }))).toEqual(['b', 'c']);
    expect(ids(value('=orders[amount > 10 and category = "A"]', { orders }))).toEqual(['b']);
    expect(value('=count(orders[approved = true])', { orders })).toBe(2);
    expect(ids(value('=orders[customer.tier = "gold"]', { orders }))).toEqual(['a', 'c']);
    // As a gateway's condition.
    expect(holds('=count(orders[approved = true and amount >= 30]) = 1', { orders })).toBe(true);
    expect(holds('=some o in orders[category = "B"] satisfies o.amount > 25', { orders })).toBe(true);
  });

  it('puts an entry over a variable of the same name, and item is still the element', () => {
    // `amount` outside is 100; each element's own `amount` is read instead.
    expect(ids(value('=orders[amount > 10]', { orders, amount: 100 }))).toEqual(['b', 'c']);
    expect(ids(value('=orders[item.amount > 10 and amount < 25]', { orders, amount: 100 }))).toEqual(['b']);
  });

  it('falls back to the variable outside when the element has no such entry or is no context', () => {
    expect(ids(value('=orders[amount > limit]', { orders, limit: 10 }))).toEqual(['b', 'c']);
    // Elements that are numbers: `limit` is the variable; `item` the number.
    expect(value('=scores[item > limit]', { scores: [1, 5, 9], limit: 4 })).toEqual([5, 9]);
    expect(value('=scores[limit > 4]', { scores: [1, 5], limit: 5 })).toEqual([1, 5]);
    // A mixed list: the context holding `limit` uses its own, the others the variable.
    const mixed = [{ limit: 0, n: 1 }, { n: 2 }, 3];
    expect(value('=mixed[limit < 1]', { mixed, limit: 2 })).toEqual([{ limit: 0, n: 1 }]);
    // Neither: null, so no element passes.
    expect(value('=orders[missing > 1]', { orders })).toEqual([]);
  });

  it('reads entries in a condition calling built-ins and in one giving true of every element', () => {
    expect(ids(value('=orders[starts with(category, "B")]', { orders }))).toEqual(['c']);
    expect(ids(value('=orders[abs(amount - 20) < 6]', { orders }))).toEqual(['b']);
    expect(ids(value('=orders[true]', { orders }))).toEqual(['a', 'b', 'c']);
    // A value that is no condition still indexes, as FEEL's `list[n]`.
    expect(value('=orders[n].id', { orders, n: 2 })).toBe('b');
  });

  it('reads entries inside sort’s precedes, charged to its bound', () => {
    const baskets = [
      { id: 'a', items: [{ price: 5 }, { price: 40 }] },
      { id: 'b', items: [{ price: 12 }, { price: 50 }, { price: 60 }] },
      { id: 'c', items: [] },
    ];
    const text = '=sort(baskets, function(x, y) count(x.items[price > 10]) > count(y.items[price > 10]))';
    expect(ids(value(text, { baskets }))).toEqual(['b', 'a', 'c']);
    // A parameter's name is the element's entry first too: here `y` is each item's `y`, not the parameter
    // (read as the parameter, a context, `y > 2` would be null for both and the order kept).
    const pairs = [
      { id: 'b', items: [{ y: 5 }] },
      { id: 'a', items: [{ y: 1 }] },
    ];
    const shadow = '=sort(pairs, function(x, y) count(x.items[y > 2]) < count(y.items[y > 2]))';
    expect(ids(value(shadow, { pairs }))).toEqual(['a', 'b']);
    // Not an entry of the element: the parameter.
    const param = '=sort(pairs, function(x, y) count(x.items[count(y.items) = 1 and item.y > 2]) < 1)';
    expect(ids(value(param, { pairs }))).toEqual(['a', 'b']);
    // 2,000 baskets sharing 2,000 items stop at the step bound: the expression fails (no value), at once.
    const items = Array.from({ length: 2000 }, (_, i) => ({ price: i }));
    const many = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), items }));
    const started = performance.now();
    expect(
      value('=sort(many, function(x, y) count(x.items[price > 0]) < count(y.items[price > 0]))', { many }),
    ).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps refusing what the walker does not read, naming it', () => {
    // A filter inside a filter's condition is read since docs/adr/0257-feel-nested-filters.md (tested there).
    // A built-in the walker does not call over the element, now that a name may be an entry.
    expect(refusal('=orders[matches(category, "A")]')).toMatch(/matches\(…\) is not called over a list’s element/);
  });
});
