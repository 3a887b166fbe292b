// FEEL's list, string, numeric, temporal and context built-ins added by
// docs/adr/0232-feel-time-zones-regex-built-ins.md, and named arguments: values as Camunda's FEEL
// reference gives them, null for a wrong type or a position outside the list, as FEEL does.
import { describe, expect, it } from 'vitest';
import { ExpressionError, vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { holds, value } from './support/feel.ts';

const allNull = (texts: string[], vars: Record<string, unknown> = {}) => {
  for (const text of texts) expect(value(text, vars), text).toBeNull();
};

describe('FEEL list built-ins', () => {
  it('keeps distinct values and finds duplicates, by FEEL equality', () => {
    expect(value('=distinct values([1, 2, 3, 2, 1])')).toEqual([1, 2, 3]);
    expect(value('=distinct values(approvers)', { approvers: ['ann', 'bob', 'ann'] })).toEqual(['ann', 'bob']);
    expect(value('=distinct values([[1, 2], [1, 2], [2, 1]])')).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(value('=distinct values(x)', { x: [[1, 2], [1, 2], { a: 1 }, { a: 1 }, null, null] })).toEqual([
      [1, 2],
      { a: 1 },
      null,
    ]);
    expect(value('=distinct values([date("2026-01-01"), @"2026-01-01"])')).toEqual(['2026-01-01']);
    expect(value('=duplicate values([1, 2, 3, 2, 1, 1])')).toEqual([1, 2]);
    expect(value('=distinct values([])')).toEqual([]);
    expect(value('=count(distinct values(x))', { x: Array.from({ length: 2000 }, (_, i) => i % 7) })).toBe(7);
    allNull(['=distinct values("abc")', '=distinct values(x)', '=duplicate values(5)']);
    allNull(['=distinct values(x)'], { x: Array.from({ length: 2001 }, (_, i) => i) }); // past the bound
  });

  it('builds lists: append, concatenate, insert before, remove, reverse, sublist, flatten, union, partition', () => {
    expect(value('=append([1], 2, 3)')).toEqual([1, 2, 3]);
    expect(value('=concatenate([1, 2], [3])')).toEqual([1, 2, 3]);
    expect(value('=insert before([1, 3], 1, 2)')).toEqual([2, 1, 3]);
    expect(value('=insert before([1, 3], -1, 2)')).toEqual([1, 2, 3]);
    expect(value('=remove([1, 2, 3], 2)')).toEqual([1, 3]);
    expect(value('=reverse([1, 2, 3])')).toEqual([3, 2, 1]);
    expect(value('=sublist([1, 2, 3], 2)')).toEqual([2, 3]);
    expect(value('=sublist([1, 2, 3], 1, 2)')).toEqual([1, 2]);
    expect(value('=sublist([1, 2, 3], -2, 1)')).toEqual([2]);
    expect(value('=flatten([[1, 2], [[3]], 4])')).toEqual([1, 2, 3, 4]);
    expect(value('=union([1, 2], [2, 3])')).toEqual([1, 2, 3]);
    expect(value('=partition([1, 2, 3, 4, 5], 2)')).toEqual([[1, 2], [3, 4], [5]]);
    expect(value('=index of([1, 2, 3, 2], 2)')).toEqual([2, 4]);
    expect(value('=index of([1, 2], 5)')).toEqual([]);
    expect(holds('=is empty([])')).toBe(true);
    expect(holds('=is empty(list)', { list: [1] })).toBe(false);
    allNull([
      '=append(1, 2)',
      '=concatenate([1], 2)',
      '=insert before([1, 3], 3, 2)',
      '=insert before([1, 3], 0, 2)',
      '=remove([1, 2], 3)',
      '=remove([1, 2], 1.5)',
      '=reverse("abc")',
      '=sublist([1, 2, 3], 4)',
      '=sublist([1, 2, 3], 2, 5)',
      '=partition([1, 2], 0)',
      '=index of("abc", "b")',
      '=is empty("")',
      '=union([1], 2)',
    ]);
    allNull(['=flatten(x)'], { x: JSON.parse('['.repeat(20) + ']'.repeat(20)) }); // deeper than the bound
  });

  it('aggregates: product, median, stddev, mode, all, any', () => {
    expect(value('=product([2, 3, 4])')).toBe(24);
    expect(value('=product(2, 3)')).toBe(6);
    expect(value('=median(8, 2, 5, 3, 4)')).toBe(4);
    expect(value('=median([6, 1, 2, 3])')).toBe(2.5);
    expect(value('=stddev(2, 4, 7, 5)')).toBeCloseTo(2.0816659994661326, 12);
    expect(value('=mode(6, 3, 9, 6, 6)')).toEqual([6]);
    expect(value('=mode([6, 1, 9, 6, 1])')).toEqual([1, 6]);
    expect(value('=mode([])')).toEqual([]);
    expect(value('=all([true, false])')).toBe(false);
    expect(value('=all(true, true)')).toBe(true);
    expect(value('=all([])')).toBe(true);
    expect(value('=any([false, true])')).toBe(true);
    expect(value('=any([])')).toBe(false);
    expect(holds('=all(for a in approvals return a.approved)', { approvals: [{ approved: true }] })).toBe(true);
    allNull([
      '=product([])',
      '=median([])',
      '=stddev([1])',
      '=mode([1, "a"])',
      '=all([true, null])',
      '=any([false, 0])',
      '=median([1, "a"])',
    ]);
    expect(value('=all([false, null])')).toBe(false);
    expect(value('=any([true, null])')).toBe(true);
  });

  it('joins texts', () => {
    expect(value('=string join(["a", "b", "c"])')).toBe('abc');
    expect(value('=string join(["a", null, "c"], ", ")')).toBe('a, c');
    expect(value('=string join(["a", "b"], ", ", "[", "]")')).toBe('[a, b]');
    expect(value('=string join([])')).toBe('');
    allNull(['=string join([1, 2])', '=string join(["a"], 5)', '=string join("a")']);
  });
});

describe('FEEL string, numeric, temporal and context built-ins', () => {
  it('cuts and trims texts', () => {
    expect(value('=substring before("foobar", "bar")')).toBe('foo');
    expect(value('=substring before("foobar", "xyz")')).toBe('');
    expect(value('=substring after("foobar", "ob")')).toBe('ar');
    expect(value('=substring after("", "a")')).toBe('');
    expect(value('=trim("  hello  ")')).toBe('hello');
    expect(holds('=is blank("   ")')).toBe(true);
    expect(holds('=is blank("a")')).toBe(false);
    allNull(['=substring before(1, "a")', '=substring after("a", null)', '=trim(5)', '=is blank([])']);
  });

  it('computes modulo, roots, logarithms and parity', () => {
    expect(value('=modulo(12, 5)')).toBe(2);
    expect(value('=modulo(-12, 5)')).toBe(3);
    expect(value('=modulo(12, -5)')).toBe(-3);
    expect(value('=modulo(10.1, 4.5)')).toBeCloseTo(1.1, 12);
    expect(value('=sqrt(16)')).toBe(4);
    expect(value('=log(10)')).toBeCloseTo(2.302585092994046, 12);
    expect(value('=exp(5)')).toBeCloseTo(148.4131591025766, 10);
    expect(value('=odd(5)')).toBe(true);
    expect(value('=odd(-3)')).toBe(true);
    expect(value('=even(2)')).toBe(true);
    expect(value('=even(5)')).toBe(false);
    allNull(['=modulo(1, 0)', '=sqrt(-3)', '=log(0)', '=exp(1000)', '=odd(1.5)', '=even("2")', '=sqrt("4")']);
  });

  it('names days, weeks and months', () => {
    expect(value('=day of year(date("2019-09-17"))')).toBe(260);
    expect(value('=day of year(@"2024-12-31")')).toBe(366);
    expect(value('=week of year(date("2019-09-17"))')).toBe(38);
    expect(value('=week of year(date("2021-01-03"))')).toBe(53); // a Sunday, in 2020's last week
    expect(value('=week of year(date("2024-12-30"))')).toBe(1); // a Monday, in 2025's first
    expect(value('=month of year(date("2019-09-17"))')).toBe('September');
    expect(value('=last day of month(date("2024-02-10"))')).toBe('2024-02-29');
    expect(value('=last day of month(@"2026-12-01T10:00:00@Europe/Berlin")')).toBe('2026-12-31');
    expect(holds('=last day of month(date("2026-04-03")) = date("2026-04-30")')).toBe(true);
    allNull(['=day of year("2019-09-17")', '=week of year(5)', '=month of year(null)', '=last day of month(x)']);
  });

  it('reads a context’s entry and a default', () => {
    expect(value('=get value(order, "amount")', { order: { amount: 5 } })).toBe(5);
    expect(value('=get value(order, "constructor")', { order: {} })).toBeNull();
    expect(value('=get or else(missing, "manager")')).toBe('manager');
    expect(value('=get or else(role, "manager")', { role: 'director' })).toBe('director');
    allNull(['=get value([1], "0")', '=get value(order, 1)'], { order: { 1: 2 } });
  });
});

describe('FEEL named arguments', () => {
  it('puts each argument in its place, in any order', () => {
    expect(value('=substring(string: "abc", start position: 2)')).toBe('bc');
    expect(value('=substring(start position: 2, length: 1, string: "abc")')).toBe('b');
    expect(value('=contains(string: "me@camunda.com", match: ".de")')).toBe(false);
    expect(value('=starts with(input: "foobar", match: "fo")')).toBe(true);
    expect(value('=round up(n: 5.5, scale: 0)')).toBe(6);
    expect(value('=replace(input: "abc", pattern: "b", replacement: "x")')).toBe('axc');
    expect(value('=matches(input: "Abc", flags: "i", pattern: "^a")')).toBe(true);
    expect(value('=sum(list: [1, 2])')).toBe(3);
    expect(value('=date and time(from: "2026-12-01T10:00:00@Europe/Berlin")')).toBe(
      '2026-12-01T10:00:00@Europe/Berlin',
    );
    expect(value('=string join(list: ["a", "b"], suffix: "!")')).toBe('ab!'); // the delimiter left out: null
  });

  it('refuses an unknown, repeated or missing parameter', () => {
    for (const text of [
      '=substring(text: "abc", start position: 2)',
      '=substring(string: "abc", string: "b", start position: 2)',
      '=substring(start position: 2)',
      '=substring(string: "abc", 2)',
    ])
      expect(() => vendorRule(text), text).toThrow(ExpressionError);
    expect(() => vendorRule('=substring(start position: 2)')).toThrow(/needs its string/);
  });
});
