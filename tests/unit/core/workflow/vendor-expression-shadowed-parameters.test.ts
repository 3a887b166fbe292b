// A list's element named like `sort`'s parameter inside precedes (docs/adr/0264-feel-elements-shadow-sort-parameters.md):
// inside its condition the name is the element, outside it the parameter, as any inner name shadows an
// outer one (docs/adr/0257-feel-nested-filters.md).
import { describe, expect, it } from 'vitest';
import { value } from './support/feel.ts';

const orders = [
  { id: 'x', items: [{ price: 0, tags: [] }] },
  { id: 'y', items: [{ price: 5, tags: [2] }] },
  { id: 'z', items: [] },
];
const sorted = (text: string) => (value(text, { orders }) as Array<{ id: string }>).map((o) => o.id);

describe('a list’s element named like sort’s parameter', () => {
  it('is the element inside its condition and the parameter in its list', () => {
    // b precedes nothing, everything precedes an order holding an item above 1: y goes last.
    expect(sorted('=sort(orders, function(a, b) some a in b.items satisfies a.price > 1)')).toEqual(['x', 'z', 'y']);
    expect(sorted('=sort(orders, function(a, b) (for b in a.items return b.price) = [0])')).toEqual(['x', 'y', 'z']);
  });

  it('shadows the parameter in a filter’s condition inside precedes, the parameter read again after it', () => {
    // An order with an item tagged above 1 (y) precedes the others; after the filter, b is the parameter.
    const text =
      '=sort(orders, function(a, b) count(a.items[some b in item.tags satisfies b > 1]) > 0 and b.id != a.id)';
    expect(sorted(text)).toEqual(['y', 'x', 'z']);
  });
});
