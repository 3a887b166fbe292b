// Filters, `some`/`every` and `for` inside a list's condition (docs/adr/0257-feel-nested-filters.md): inside
// the inner filter `item` is the inner element and its entries come first, then the outer element's entries
// (or names bound outside), then the variables, as feel-scala's filter context extends the enclosing one;
// each inner element charged to the 500,000-step bound, so 2,000 × 2,000 stops at it.
import { describe, expect, it } from 'vitest';
import { callingWalk, FeelBoundError } from '../../../../src/core/feel-sort.ts';
import { listFunctions } from '../../../../src/core/list-predicates.ts';
import { ruleFunctions } from '../../../../src/core/rules.ts';
import { holds, refusal, value } from './support/feel.ts';

const orders = [
  {
    id: 'a',
    status: 'open',
    minimum: 3,
    lines: [
      { quantity: 0, status: 'open' },
      { quantity: 2, status: 'cancelled' },
    ],
  },
  { id: 'b', status: 'open', minimum: 1, lines: [{ quantity: 5, status: 'open' }] },
  { id: 'c', status: 'closed', minimum: 9, lines: [] },
];
const ids = (list: unknown) => (list as Array<{ id: string }>).map((o) => o.id);

describe('a filter inside a list’s condition', () => {
  it('filters each element’s list by the inner element’s entries', () => {
    expect(ids(value('=orders[count(lines[quantity > 0]) > 0]', { orders }))).toEqual(['a', 'b']);
    // `item` inside the inner filter is the inner element.
    expect(ids(value('=orders[count(lines[item.quantity > 4]) = 1]', { orders }))).toEqual(['b']);
    expect(ids(value('=orders[count(item.lines[item.quantity > 4]) = 0]', { orders }))).toEqual(['a', 'c']);
    // As a gateway's condition and under a call (a mapping's value).
    expect(holds('=count(orders[count(lines[quantity >= 5]) > 0]) = 1', { orders })).toBe(true);
    expect(value('=sum(for o in orders return count(o.lines[quantity > 0]))', { orders })).toBe(2);
  });

  it('reads the inner element’s entry over the outer’s, the outer’s from inside, then the variables', () => {
    // `status` is each line's own, not its order's: order a has an open line with nothing to ship.
    expect(ids(value('=orders[count(lines[status = "open" and quantity > 0]) > 0]', { orders }))).toEqual(['b']);
    // `minimum` is no line's entry: the order's, read from inside the inner filter.
    expect(ids(value('=orders[count(lines[quantity >= minimum]) > 0]', { orders }))).toEqual(['b']);
    // `limit` is neither's: the variable; a variable named like an entry is shadowed by it.
    expect(ids(value('=orders[count(lines[quantity > limit]) > 0]', { orders, limit: 3 }))).toEqual(['b']);
    expect(ids(value('=orders[count(lines[quantity > minimum]) > 0]', { orders, minimum: -1 }))).toEqual(['b']);
    // A line that is no context (a number) leaves names to the order and the variables.
    const plain = [
      { id: 'x', floor: 2, lines: [1, 3] },
      { id: 'y', lines: [1, 3] },
    ];
    expect(ids(value('=plain[count(lines[item > floor]) = 1]', { plain, floor: 0 }))).toEqual(['x']);
  });

  it('reads quantifiers and for inside a filter, and filters inside them, at any depth allowed', () => {
    const departments = [
      { id: 'd1', members: [{ active: false }, { active: true }] },
      { id: 'd2', members: [{ active: false }] },
    ];
    expect(ids(value('=departments[some m in members satisfies m.active]', { departments }))).toEqual(['d1']);
    expect(ids(value('=departments[every m in members satisfies not(m.active)]', { departments }))).toEqual(['d2']);
    expect(ids(value('=orders[any(for l in lines return l.quantity > 4)]', { orders }))).toEqual(['b']);
    // A quantifier's name is reached from an inner filter, under the inner element's entries.
    expect(value('=some o in orders satisfies count(o.lines[quantity > o.minimum]) > 0', { orders })).toBe(true);
    // A for's element is bound by its name only: `minimum` is the variable, not o's entry.
    expect(value('=for o in orders return count(o.lines[quantity >= minimum])', { orders, minimum: 2 })).toEqual([
      1, 1, 0,
    ]);
    // Three levels: regions whose orders have a line with more than the region's threshold.
    const regions = [
      { id: 'north', threshold: 4, orders },
      { id: 'south', threshold: 9, orders },
    ];
    expect(ids(value('=regions[count(orders[count(lines[quantity > threshold]) > 0]) > 0]', { regions }))).toEqual([
      'north',
    ]);
    // An index inside a filter is still an index (`lines[n]`, a name alone), read among the entries.
    expect(ids(value('=orders[lines[n].quantity = 2]', { orders, n: 2 }))).toEqual(['a']);
  });

  it('reads a filter inside a filter inside sort’s precedes', () => {
    const customers = [
      { id: 'p', orders: orders.slice(0, 1) },
      { id: 'q', orders },
    ];
    const busy = (x: string) => `count(${x}.orders[count(lines[quantity > 0]) > 0])`;
    expect(ids(value(`=sort(customers, function(x, y) ${busy('x')} > ${busy('y')})`, { customers }))).toEqual([
      'q',
      'p',
    ]);
  });

  it('stops 2,000 × 2,000 nested elements at the step bound, at once', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => ({ quantity: -i }));
    const many = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), lines }));
    const started = performance.now();
    expect(value('=orders[count(lines[quantity > 0]) > 0]', { orders: many })).toBeUndefined();
    expect(value('=some o in orders satisfies some l in o.lines satisfies l.quantity > 0', { orders: many })).toBe(
      undefined,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    // A smaller walk of the same condition answers.
    expect(value('=orders[count(lines[quantity > -5]) > 0]', { orders: many.slice(0, 20) })).toHaveLength(20);
    // The rule function itself throws the bound's error rather than answering slowly.
    const { listFilter } = listFunctions(callingWalk((fn, args) => ruleFunctions[fn](...(args as never[]))));
    const tree = JSON.stringify([
      'cmp',
      '>',
      ['call', 'count', ['where', 'listFilter', ['path', ['item'], 'lines'], ['cmp', '>', ['param', 1], ['arg', 0]]]],
      ['arg', 0],
    ]);
    expect(() => listFilter(many, tree, 0)).toThrow(FeelBoundError);
    // Without the rule language's table, a list read in the tree is null: no walk is made.
    expect(listFunctions().listFilter(many, tree, 0)).toEqual([]);
  });

  it('keeps refusing what the walker does not read, naming it', () => {
    // A condition whose tree would be longer than the walker reads is refused when read, not left empty.
    const names = Array.from({ length: 30 }, (_, i) => `n${i} > 0`).join(' and ');
    expect(refusal(`=a[count(b[count(c[count(d[${names}]) > 0]) > 0]) > 0]`)).toMatch(/longer or deeper than/);
  });
});
