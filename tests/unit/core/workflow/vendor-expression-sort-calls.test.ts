// Calls of FEEL's built-ins over `sort`'s parameters (docs/adr/0244-feel-calls-in-functions-context-functions.md):
// `sort(offers, function(a, b) date(a.due) < date(b.due))`, the built-ins left out refused naming them, and
// 0239's bounds holding with the calls' arguments charged to the step bound.
import { describe, expect, it } from 'vitest';
import { listSort, MAX_SORT_LENGTH, MAX_SORT_STEPS } from '../../../../src/core/feel-sort.ts';
import { refusal, value } from './support/feel.ts';

const offers = [
  { id: 'a', due: '2026-03-01T09:00:00+01:00', name: 'Nordlicht GmbH' },
  { id: 'b', due: '2026-01-15T18:00:00Z', name: 'Acme' },
  { id: 'c', due: '2026-03-01T07:30:00Z', name: 'Kite Ltd' },
];
const ids = (sorted: unknown) => (sorted as Array<{ id: string }>).map((o) => o.id);

describe('calls over sort’s parameters', () => {
  it('orders by a date, a date and time, a text’s length, a rounded number', () => {
    expect(
      ids(
        value('=sort(offers, function(a, b) date(substring(a.due, 1, 10)) > date(substring(b.due, 1, 10)))', {
          offers,
        }),
      ),
    ).toEqual(['a', 'c', 'b']);
    // By instant: 09:00+01:00 is 08:00Z, after 07:30Z.
    expect(ids(value('=sort(offers, function(a, b) date and time(a.due) < date and time(b.due))', { offers }))).toEqual(
      ['b', 'c', 'a'],
    );
    expect(value('=sort(["ccc", "a", "bb"], function(a, b) string length(a) < string length(b))')).toEqual([
      'a',
      'bb',
      'ccc',
    ]);
    expect(value('=sort(l, function(x, y) abs(x) < abs(y))', { l: [-3, 1, -2] })).toEqual([1, -2, -3]);
    expect(ids(value('=sort(offers, function(a, b) upper case(a.name) < upper case(b.name))', { offers }))).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('calls with named arguments, mixes calls with arithmetic and values computed once', () => {
    const due =
      '=sort(offers, function(a, b) date and time(from: a.due) - date and time(from: b.due) < duration("PT0S"))';
    expect(ids(value(due, { offers }))).toEqual(['b', 'c', 'a']);
    const near = '=sort(l, function(x, y) abs(x - target) < abs(y - target))';
    expect(value(near, { l: [1, 9, 5, 6], target: 6 })).toEqual([6, 5, 9, 1]);
    expect(value('=sort(l, function(a, b) count(a) > count(b))', { l: [[1], [1, 2, 3], []] })).toEqual([
      [1, 2, 3],
      [1],
      [],
    ]);
  });

  it('gives null where a call gives no value to compare (FEEL’s error)', () => {
    expect(value('=sort(l, function(a, b) date(a) < date(b))', { l: ['2026-01-02', 'no date'] })).toBeNull();
  });

  it('refuses, naming it, a built-in not called over the parameters', () => {
    expect(refusal('=sort(l, function(a, b) matches(a, "x") and not(matches(b, "x")))')).toMatch(
      /matches\(…\) is not called over sort’s parameters/,
    );
    expect(refusal('=sort(l, function(a, b) count(distinct values(a)) < count(b))')).toMatch(/distinct values\(…\)/);
    expect(refusal('=sort(l, function(a, b) is defined(a.x))')).toMatch(/is defined\(…\)/);
    // A list's condition calls the same built-ins (docs/adr/0250-feel-calls-over-a-lists-element.md).
    expect(refusal('=orders[matches(item.name, "x")]')).toMatch(/matches\(…\) is not called over a list’s element/);
  });

  it('keeps 0239’s bounds: a call’s list arguments are charged to the step bound', () => {
    const many = Array.from({ length: MAX_SORT_LENGTH }, (_, i) => (i * 7919) % MAX_SORT_LENGTH);
    const started = performance.now();
    expect(value('=sort(l, function(x, y) abs(x) < abs(y))', { l: many })).toEqual([...many].sort((a, b) => a - b));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(value('=sort(l, function(x, y) abs(x) < abs(y))', { l: [...many, 1] })).toBeUndefined();
    // 200 lists of 200 to 399 elements, shuffled: four calls charge over 800 steps a comparison, and the
    // thousand or so comparisons walk past the bound.
    const lists = Array.from({ length: 200 }, (_, i) => Array.from({ length: 200 + ((i * 37) % 200) }, () => 0));
    expect(value('=sort(l, function(a, b) sum(a) + count(a) < sum(b) + count(b))', { l: lists })).toBeUndefined();
    expect(value('=sort(l, function(a, b) count(a) > count(b))', { l: lists.slice(0, 5) })).toHaveLength(5);
    // Without the rule language's table (listSort as exported), a call in the tree is null: no code is reached.
    const tree = JSON.stringify(['cmp', '<', ['call', 'feelAbs', ['param', 0]], ['call', 'feelAbs', ['param', 1]]]);
    expect(listSort([2, 1], tree)).toBeNull();
    expect(MAX_SORT_STEPS).toBe(500_000);
  });
});
