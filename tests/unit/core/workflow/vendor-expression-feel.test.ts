// FEEL's conditionals, paths, indexes, conditions over lists, ranges and `for` read into the rule language
// (docs/adr/0211-feel-conditionals-paths-ranges.md): each form read and evaluated over variables as an
// instance holds them, FEEL's null where a value is missing, and what is still refused, refused.
import { describe, expect, it } from 'vitest';
import { listAll, listFilter } from '../../../../src/core/list-predicates.ts';
import { ExpressionError, vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { holds, value } from './support/feel.ts';

const refused = (...texts: string[]) => {
  for (const text of texts) expect(() => vendorRule(text), text).toThrow(ExpressionError);
};

const order = {
  amount: 12_500,
  dept: 'sales',
  lines: [
    { sku: 'A-1', amount: 50, category: 'stationery', quantity: 10 },
    { sku: 'B-7', amount: 12_000, category: 'it', quantity: 1, cancelled: false },
    { sku: 'C-3', amount: 450, category: 'supplies', quantity: 0, cancelled: true },
  ],
};

describe('FEEL conditionals, paths and ranges', () => {
  it('reads if … then … else, nested, taking else for anything but true', () => {
    const route = '=if order.amount > 10000 then "board" else "manager"';
    expect(value(route, { order })).toBe('board');
    expect(value(route, { order: { amount: 900 } })).toBe('manager');
    const tiers = '=if amount > 10000 then "board" else if amount > 2000 then "director" else "manager"';
    expect([25_000, 5000, 100].map((amount) => value(tiers, { amount }))).toEqual(['board', 'director', 'manager']);
    expect(value('=if if urgent then a else b then 1 else 2', { urgent: true, a: true, b: false })).toBe(1);
    expect(value('=if urgent then 1 else 2', {})).toBe(2); // a missing condition is null: else, as FEEL
    expect(value('=if urgent then 1 else 2', { urgent: 'yes' })).toBe(2); // not a boolean: else
    expect(holds('=(if vip then 500 else 100) < amount', { vip: false, amount: 200 })).toBe(true);
    expect(holds('=if a then b else c = 2', { a: false, b: false, c: 2 })).toBe(true); // else takes the rest
  });

  it('reads paths on variables in FEEL and UEL, null-safe and own properties only', () => {
    expect(holds('=order.amount > 1000', { order })).toBe(true);
    expect(holds('=applicant.dept = "sales"', { applicant: { dept: 'sales' } })).toBe(true);
    expect(holds('=applicant.dept = "sales"', { applicant: { dept: 'hr' } })).toBe(false);
    expect(holds('${order.amount > 1000}', { order })).toBe(true);
    expect(holds("#{order.amount > 1000 && applicant.dept == 'sales'}", { order, applicant: { dept: 'hr' } })).toBe(
      false,
    );
    expect(holds('${not empty order.dept}', { order })).toBe(true);
    expect(holds('=a.b.c = 3', { a: { b: { c: 3 } } })).toBe(true);
    // A missing step is null: a comparison with null holds, an ordered one fails closed.
    expect(holds('=a.b.c = null', { a: {} })).toBe(true);
    expect(holds('=a.b.c = null', {})).toBe(true);
    expect(holds('=a.b.c > 1', { a: 5 })).toBe(false);
    expect(holds('=order.constructor != null', { order })).toBe(false); // never a prototype
    expect(holds('${Runtime.exec == null}', {})).toBe(true); // a name, not a class
  });

  it('reads indexes, 1-based and negative from the end, out of range null', () => {
    const lines = order.lines;
    expect(value('=lines[1].sku', { lines })).toBe('A-1');
    expect(value('=lines[-1].sku', { lines })).toBe('C-3');
    expect(value('=order.lines[2].amount', { order })).toBe(12_000);
    expect(value('=lines[n].sku', { lines, n: 2 })).toBe('B-7');
    expect(holds('=lines[4] = null and lines[0] = null and lines[-4] = null', { lines })).toBe(true);
    expect(holds('=missing[1] = null', {})).toBe(true);
    expect(holds('=[10, 20, 30][-2] = 20', {})).toBe(true);
  });

  it('reads conditions of any shape over item, and some / every likewise', () => {
    const vars = { order, limit: 100, scores: [1, 3, 5, 7, null, '4'] };
    expect(value('=order.lines[item.amount > limit]', vars)).toEqual([order.lines[1], order.lines[2]]);
    expect(holds('=count(order.lines[item.amount > 100 and not(item.cancelled)]) = 1', vars)).toBe(true);
    expect(value('=count(scores[item > 1 and item < 7])', vars)).toBe(2); // 3 and 5; not null, not "4"
    expect(value('=count(scores[item < 2 or item >= 7])', vars)).toBe(2);
    expect(value('=count(scores[not(item = 3)])', vars)).toBe(5); // not(null = 3) is true, as FEEL
    expect(value('=count(scores[item in [2..6]])', vars)).toBe(2);
    expect(value('=order.lines[item.category in ["stationery", "supplies"]][-1].sku', vars)).toBe('C-3');
    expect(value('=count(order.lines[item.amount * item.quantity > 1000])', vars)).toBe(1);
    expect(value('=count(order.lines[if item.cancelled = true then false else item.quantity > 0])', vars)).toBe(2);
    expect(value('=count([true, false, null, true][item])', vars)).toBe(2);
    expect(holds('=some x in scores satisfies x > 1 and x < 5', vars)).toBe(true);
    expect(holds('=some x in scores satisfies x > 7 or x = "9"', vars)).toBe(false);
    expect(holds('=every l in order.lines satisfies l.amount > 0 and l.sku != null', vars)).toBe(true);
    expect(holds('=every l in order.lines satisfies l.quantity >= 1', vars)).toBe(false);
    expect(holds('=every l in order.lines[not(item.cancelled = true)] satisfies l.quantity >= 1', vars)).toBe(true);
    // A value the condition computes once, outside the element: a variable, a path, arithmetic.
    expect(value('=count(order.lines[item.amount >= order.amount - 500])', vars)).toBe(1);
    // The forms of docs/adr/0207-feel-list-filters.md read as before.
    expect(holds('=count(decisions[item = true]) >= 2', { decisions: [true, null, false, true] })).toBe(true);
    expect(holds('=every d in decisions satisfies d = true', {})).toBe(true);
    refused(
      '=some d in decisions satisfies e = 1',
      '=orders[distinct values(item.lines) = []]', // item only through what docs/adr/0250-… lists
      '=orders[matches(item.tag, "x")]',
      '${orders[item.amount > 1]}', // filters are FEEL's
    );
  });

  it('reads ranges, list membership and between, with FEEL bounds', () => {
    const inRange = (text: string, xs: unknown[]) => xs.map((x) => holds(text, { x }));
    expect(inRange('=x in [1..5]', [0, 1, 3, 5, 6])).toEqual([false, true, true, true, false]);
    expect(inRange('=x in (1..5]', [1, 2, 5])).toEqual([false, true, true]);
    expect(inRange('=x in [1..5)', [1, 5])).toEqual([true, false]);
    expect(inRange('=x in ]1..5[', [1, 3, 5])).toEqual([false, true, false]);
    expect(holds('=x in [limits[1]..(limits[-1])]', { x: 4, limits: [2, 3, 4] })).toBe(true);
    expect(inRange('=x in ["a", "b"]', ['a', 'b', 'c', null])).toEqual([true, true, false, false]);
    expect(inRange('=x in ("a", "b")', ['b', 'c'])).toEqual([true, false]);
    expect(inRange('=x in allowed', ['a'])).toEqual([false]); // no list: nothing in it
    expect(holds('=x in allowed', { x: 'a', allowed: ['a', 'z'] })).toBe(true);
    expect(inRange('=x between 10 and 20', [9, 10, 20, 21])).toEqual([false, true, true, false]);
    expect(inRange('=x in ["a".."m"]', ['k', 'z'])).toEqual([true, false]); // strings order too
    expect(inRange('=x in [1..5]', ['3', null, undefined])).toEqual([false, false, false]); // no mixed types
    expect(holds('=order.amount between 10000 and 20000 and order.dept in ["sales", "hr"]', { order })).toBe(true);
    expect(holds('=not(x in [1..5])', { x: 7 })).toBe(true);
    expect(holds('=not(x in [1..5])', {})).toBe(false); // null, as FEEL: neither in nor out
    refused('=x in [1..', '=x in ]1, 2[', '=x between 1');
    refused('=x in ["a\nb"]'); // a text the rule language cannot hold is refused at reading, not at run time
  });

  it('reads for … return over one list, the value for each element', () => {
    const vars = { order, k: 2 };
    expect(value('=for l in order.lines return l.amount * l.quantity', vars)).toEqual([500, 12_000, 0]);
    expect(value('=for x in [1, 2, 3] return x * k', vars)).toEqual([2, 4, 6]);
    expect(value('=for l in order.lines return l.cancelled', vars)).toEqual([null, false, true]);
    expect(value('=for x in missing return x', vars)).toEqual([]);
    expect(holds('=list contains(for l in order.lines return l.category, "it")', vars)).toBe(true);
    expect(holds('=every c in (for l in order.lines return l.sku) satisfies c != null', vars)).toBe(true);
    expect(value('=(for l in order.lines return if l.quantity > 0 then l.sku else null)[-1]', vars)).toBe(null);
    expect(value('=for l in order.lines[item.quantity > 0] return k', vars)).toEqual([2, 2]);
  });

  it('keeps the walk of a list condition bounded and its text as data', () => {
    // The tree is data: an unknown operation, a prototype key or a tree deeper than the bound is not walked.
    expect(listFilter([1, 2], '["call","alert",["item"]]')).toEqual([]);
    expect(listFilter([{}], '["cmp","!=",["path",["item"],"constructor"],["arg",0]]', null)).toEqual([]);
    const deep = `${'["not",'.repeat(70)}["item"]${']'.repeat(70)}`;
    expect(listFilter([true, false], deep)).toEqual([]);
    expect(listAll([1], 'not json')).toBe(false);
    expect(listFilter([true, false], '["not",["not",["item"]]]')).toEqual([true]);
    // The reader refuses a condition nested past the walker's bound rather than writing one it skips.
    refused(`=xs[${'item+'.repeat(90)}item > 0]`);
  });
});
