// FEEL's context literals over a list's element and paths over lists
// (docs/adr/0263-feel-contexts-over-a-lists-element.md): `for l in lines return {sku: l.sku}` builds a list
// of contexts, as Camunda 8 mappings do to feed a multi-instance activity; `orders.amount` reads each
// element's amount, so `sum(orders.amount)` adds them up.
import { describe, expect, it } from 'vitest';
import { vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { holds, refusal, value } from './support/feel.ts';

const orders = [
  { id: 'a', qty: 2, price: 3, lines: [{ quantity: 0 }, { quantity: 2 }] },
  { id: 'b', qty: 1, price: 10, lines: [{ quantity: 0 }] },
  { id: 'c', qty: 5, price: 1 },
];

describe('FEEL contexts over a list’s element', () => {
  it('builds a context for each element, entries seeing the ones before them', () => {
    expect(value('=for o in orders return {id: o.id, total: o.qty * o.price}', { orders })).toEqual([
      { id: 'a', total: 6 },
      { id: 'b', total: 10 },
      { id: 'c', total: 5 },
    ]);
    expect(value('=for o in orders return {t: o.qty * o.price, big: t > 5}', { orders })).toEqual([
      { t: 6, big: true },
      { t: 10, big: true },
      { t: 5, big: false },
    ]);
    // A nested list inside the context is walked too; a missing list has no elements.
    expect(value('=for o in orders return {id: o.id, open: count(o.lines[quantity > 0])}', { orders })).toEqual([
      { id: 'a', open: 1 },
      { id: 'b', open: 0 },
      { id: 'c', open: 0 },
    ]);
  });

  it('reads a context built in a filter’s condition or in sort’s precedes', () => {
    expect(value('=orders[get value({p: item.id}, "p") = "b"].id', { orders })).toEqual(['b']);
    const byTotal = '=sort(orders, function(x, y) {t: x.qty * x.price}.t < {t: y.qty * y.price}.t).id';
    expect(value(byTotal, { orders })).toEqual(['c', 'a', 'b']);
  });

  it('keeps the entries a context literal names as its own, not an object’s inherited ones', () => {
    const built = value('=for o in orders return {constructor: o.id}', { orders }) as object[];
    expect(built.map((c) => Object.getOwnPropertyDescriptor(c, 'constructor')?.value)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a function kept in a context over the element', () => {
    expect(refusal('=for l in orders return {f: function(x) x + l.qty}')).toMatch(/l is read here through/);
  });
});

describe('FEEL paths over lists', () => {
  it('reads each element’s entry, null where one has none', () => {
    expect(value('=orders.id', { orders })).toEqual(['a', 'b', 'c']);
    expect(value('=sum(orders.qty)', { orders })).toBe(8);
    expect(value('=orders.lines', { orders })).toEqual([orders[0].lines, orders[1].lines, null]);
    expect(value('=orders[1].lines.quantity', { orders })).toEqual([0, 2]);
    expect(value('=(for o in orders return {id: o.id, total: o.qty * o.price})[total > 5].id', { orders })).toEqual([
      'a',
      'b',
    ]);
    expect(holds('=list contains(orders.id, "b")', { orders })).toBe(true);
  });

  it('reads a path inside a list’s condition the same way', () => {
    const teams = [
      { name: 'x', members: [{ active: true }, { active: false }] },
      { name: 'y', members: [] },
    ];
    expect(value('=teams[count(item.members.active[item]) > 0].name', { teams })).toEqual(['x']);
  });

  it('reads a path on anything but a list as before: own entries, missing ones null', () => {
    expect(value('=order.amount', { order: { amount: 3 } })).toBe(3);
    expect(value('=order.constructor', { order: {} }) ?? null).toBeNull();
    expect(value('=order.amount', {}) ?? null).toBeNull();
  });

  it('leaves JUEL’s paths as they were: a list has no properties there', () => {
    expect(vendorRule('${order.amount > 10}')).toBe(`('order.amount' > 10)`);
    expect(value('${orders.id}', { orders }) ?? null).toBeNull();
  });
});
