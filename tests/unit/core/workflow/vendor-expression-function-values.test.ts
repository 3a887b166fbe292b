// FEEL's functions as values (docs/adr/0239-feel-zoned-times-and-functions.md): definitions called in a
// context entry or at once, `sort(list, precedes)` with positional and named arguments, context literals,
// and the refusals and bounds that keep a tenant's expression from holding the event loop.
import { describe, expect, it } from 'vitest';
import { FeelBoundError, listSort, MAX_SORT_LENGTH } from '../../../../src/core/feel-sort.ts';
import { refusal, value } from './support/feel.ts';

const orders = [
  { id: 'a', amount: 300, due: '2026-03-01' },
  { id: 'b', amount: 50, due: '2026-01-15' },
  { id: 'c', amount: 120, due: '2026-02-01' },
];

describe('FEEL sort(list, precedes)', () => {
  it('sorts as the DMN 1.4 and Camunda references give it', () => {
    expect(value('=sort(list: [3,1,4,5,2], precedes: function(x,y) x < y)')).toEqual([1, 2, 3, 4, 5]);
    expect(value('=sort([3,1,2], function(x,y) x < y)')).toEqual([1, 2, 3]);
    expect(value('=sort(precedes: function(x,y) x > y, list: [3,1,2])')).toEqual([3, 2, 1]);
    expect(value('=sort(["b","c","a"], function(x,y) x < y)')).toEqual(['a', 'b', 'c']);
  });

  it('sorts the process’s variables by a path, dates, and keeps equal elements in order', () => {
    expect(value('=for o in sort(orders, function(a, b) a.amount > b.amount) return o.id', { orders })).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect(value('=for o in sort(orders, function(a, b) a.due < b.due) return o.id', { orders })).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(value('=sort([@"2026-01-02", @"2026-01-01"], function(x, y) x < y)')).toEqual(['2026-01-01', '2026-01-02']);
    const same = [
      { n: 1, k: 'x' },
      { n: 0, k: 'y' },
      { n: 1, k: 'z' },
    ];
    expect(value('=sort(l, function(a, b) a.n < b.n)', { l: same })).toEqual([same[1], same[0], same[2]]);
    // Values that do not read the parameters are computed once, before the call.
    expect(value('=sort(l, function(a, b) a - abs(pivot) < b - abs(pivot))', { l: [1, 9, 5], pivot: -6 })).toEqual([
      1, 5, 9,
    ]);
    expect(value('=sort(l, function(a, b) if desc then a > b else a < b)', { l: [1, 9, 5], desc: true })).toEqual([
      9, 5, 1,
    ]);
  });

  it('gives null where FEEL gives an error: no list, a comparison that is not a boolean', () => {
    expect(value('=sort(missing, function(x, y) x < y)')).toBeNull();
    expect(value('=sort([3, null, 1], function(x, y) x < y)')).toBeNull();
    expect(value('=sort(["a", 1], function(x, y) x < y)')).toBeNull();
  });

  it('refuses, naming why, what is not a function of two elements written in the call', () => {
    expect(refusal('=sort([1,2], function(x) x)')).toMatch(/function of two elements/);
    expect(refusal('=sort([1,2], precedes)')).toMatch(/function of two elements/);
    expect(refusal('=sort(lst: [1,2], precedes: function(x,y) x < y)')).toMatch(/no parameter lst/);
    expect(refusal('=sort([1,2])')).toMatch(/takes 2 arguments/);
    // The body is read through the list walker; its calls over the parameters are in
    // vendor-expression-sort-calls.test.ts (docs/adr/0244-feel-calls-in-functions-context-functions.md), its
    // lists and contexts in vendor-expression-sort-bodies.test.ts (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md).
    expect(refusal('=sort(l, function(a, b) count(get entries({f: function(x) x + a})) > 0)')).toBe(
      'a, b are read here through paths, comparisons, and/or/not, arithmetic, if, in, between and built-in calls only',
    );
  });

  it('bounds one call in elements and steps; past them the expression fails', () => {
    const many = Array.from({ length: MAX_SORT_LENGTH }, (_, i) => (i * 7919) % MAX_SORT_LENGTH);
    const started = performance.now();
    expect(value('=sort(l, function(x, y) x < y)', { l: many })).toEqual([...many].sort((a, b) => a - b));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(value('=sort(l, function(x, y) x < y)', { l: [...many, 1] })).toBeUndefined();
    const tree = JSON.stringify(['cmp', '<', ['param', 0], ['param', 1]]);
    expect(() => listSort([...many, 1], tree)).toThrow(FeelBoundError);
    // A heavier comparison over the longest list walks past the step bound.
    const heavy = '=sort(l, function(x, y) if x + 0 + 0 + 0 + 0 + 0 < y + 0 + 0 + 0 + 0 + 0 then true else false)';
    expect(value(heavy, { l: many })).toBeUndefined();
    expect(value(heavy, { l: many.slice(0, 100) })).toEqual([...many.slice(0, 100)].sort((a, b) => a - b));
  });
});

describe('FEEL function definitions and context literals', () => {
  it('calls a function held in a context entry or defined in place', () => {
    expect(value('={square: function(x) x * x, r: square(4)}.r')).toBe(16);
    expect(value('={f: function(x) x * 2}.f(5)')).toBe(10);
    expect(value('=(function(a, b) a + b)(1, 2)')).toBe(3);
    expect(value('=(function(a, b) a - b)(b: 1, a: 5)')).toBe(4);
    expect(value('=(function(a, b) b)(1)')).toBeNull();
    expect(value('={limit: 100, big: function(o) o.amount > limit, r: orders[big(item)]}.r', { orders })).toEqual([
      orders[0],
      orders[2],
    ]);
    expect(
      value('={byAmount: function(a, b) a.amount < b.amount, r: for o in sort(orders, byAmount) return o.id}.r', {
        orders,
      }),
    ).toEqual(['b', 'c', 'a']);
    // A parameter hides an entry and a process variable of its name.
    expect(value('={x: 1, f: function(x) x + 10, r: f(5)}.r', { x: 100 })).toBe(15);
  });

  it('reads context literals, each entry seeing the ones before it', () => {
    expect(value('={a: 1, b: a + 1}.b')).toBe(2);
    expect(value('={a: 1, "b c": a + 1}')).toEqual({ a: 1, 'b c': 2 });
    expect(value('={a: 1}.missing')).toBeNull();
    expect(value('={__proto__: 1}.__proto__')).toBe(1);
    expect(Object.getPrototypeOf(value('={__proto__: {a: 1}}'))).toBe(Object.prototype);
  });

  it('refuses recursion, captures, functions as values elsewhere and expansions past the bound', () => {
    expect(refusal('={f: function(n) if n = 0 then 1 else n * f(n - 1), r: f(3)}.r')).toMatch(/calls itself/);
    expect(refusal('=function(x) x')).toMatch(/a function is read here/);
    expect(refusal('={f: function(x) x}')).toMatch(/holding a function/);
    expect(refusal('=(function(a) a)(1, 2)')).toMatch(/takes 1 arguments/);
    expect(refusal('=(function(a) a)(b: 1)')).toMatch(/no parameter b/);
    expect(refusal('=(function(a, a) a)(1, 2)')).toMatch(/distinct names/);
    expect(refusal('={a: 1, a: 2}')).toMatch(/distinct names/);
    expect(refusal('=l[{f: function(x) [1, 2][item > x]}.f(item) = []]')).toMatch(/binds itself/);
    // Each function doubles its argument's nodes: twelve of them expand past 2,000.
    const chain = ['f0: function(x) [x, x]'];
    for (let i = 1; i < 12; i++) chain.push(`f${i}: function(x) f${i - 1}(f${i - 1}(x))`);
    expect(refusal(`={${chain.join(', ')}, r: f11(1)}.r`)).toMatch(/expand past 2000/);
  });
});
