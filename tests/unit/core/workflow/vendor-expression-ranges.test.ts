// FEEL's range functions (docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md): the DMN 1.3 table's
// examples (§10.3.4.9, as Camunda's FEEL reference repeats them) over numbers, with dates, times, date-times,
// durations and strings as points, null for kinds that do not order, and range literals refused elsewhere.
import { describe, expect, it } from 'vitest';
import { refusal, value } from './support/feel.ts';

/** Each example `expression` → its expected value. */
const examples = (rows: Array<[string, boolean | null]>) =>
  it.each(rows)('%s is %s', (text, expected) => expect(value(`=${text}`)).toBe(expected));

describe('range functions as the DMN table has them', () => {
  describe('before', () =>
    examples([
      ['before(1, 10)', true],
      ['before(10, 1)', false],
      ['before(1, [1..10])', false],
      ['before(1, (1..10])', true],
      ['before(1, [5..10])', true],
      ['before([1..10], 10)', false],
      ['before([1..10), 10)', true],
      ['before([1..10], 15)', true],
      ['before([1..10], [15..20])', true],
      ['before([1..10], [10..20])', false],
      ['before([1..10), [10..20])', true],
      ['before([1..10], (10..20])', true],
    ]));
  describe('after', () =>
    examples([
      ['after(10, 1)', true],
      ['after(1, 10)', false],
      ['after(12, [2..5])', true],
      ['after([1..5], 10)', false],
      ['after(10, [1..10])', false],
      ['after(10, [1..10))', true],
      ['after((10..20], 10)', true],
      ['after([6..10], [1..5])', true],
      ['after([5..10], [1..5))', true],
      ['after([5..10], [1..5])', false],
    ]));
  describe('meets and met by', () =>
    examples([
      ['meets([1..5], [5..10])', true],
      ['meets([1..3], [4..6])', false],
      ['meets([1..3], [3..5])', true],
      ['meets([1..5], (5..8])', false],
      ['met by([5..10], [1..5])', true],
      ['met by([3..4], [1..2])', false],
      ['met by([3..5], [1..3])', true],
      ['met by((5..8], [1..5))', false],
      ['met by([5..10], [1..5))', false],
    ]));
  describe('overlaps', () =>
    examples([
      ['overlaps([5..10], [1..6])', true],
      ['overlaps((3..7], [1..4])', true],
      ['overlaps([1..3], (3..6])', false],
      ['overlaps((5..8], [1..5))', false],
      ['overlaps([4..10], [1..5))', true],
      ['overlaps before([1..5], [4..8])', true],
      ['overlaps before([1..5], [6..8])', false],
      ['overlaps before([1..5], [5..8])', true],
      ['overlaps before([1..5], (5..8])', false],
      ['overlaps before([1..5), [5..8])', false],
      ['overlaps before([1..5), (1..5])', true],
      ['overlaps before([1..5], (1..5])', true],
      ['overlaps before([1..5), [1..5])', false],
      ['overlaps before([1..5], [1..5])', false],
      ['overlaps after([4..8], [1..5])', true],
      ['overlaps after([6..8], [1..5])', false],
      ['overlaps after([5..8], [1..5])', true],
      ['overlaps after((5..8], [1..5])', false],
      ['overlaps after([5..8], [1..5))', false],
      ['overlaps after((1..5], [1..5))', true],
      ['overlaps after((1..5], [1..5])', true],
      ['overlaps after([1..5], [1..5))', false],
      ['overlaps after([1..5], [1..5])', false],
    ]));
  describe('finishes and finished by', () =>
    examples([
      ['finishes(10, [1..10])', true],
      ['finishes(10, [1..10))', false],
      ['finishes([5..10], [1..10])', true],
      ['finishes([5..10), [1..10])', false],
      ['finishes([5..10), [1..10))', true],
      ['finishes([1..10], [1..10])', true],
      ['finishes((1..10], [1..10])', true],
      ['finished by([1..10], 10)', true],
      ['finished by([1..10), 10)', false],
      ['finished by([1..10], [5..10])', true],
      ['finished by([1..10], [5..10))', false],
      ['finished by([1..10), [5..10))', true],
      ['finished by([1..10], [1..10])', true],
      ['finished by([1..10], (1..10])', true],
    ]));
  describe('includes and during', () =>
    examples([
      ['includes([1..10], 5)', true],
      ['includes([1..10], 12)', false],
      ['includes([1..10], 1)', true],
      ['includes([1..10], 10)', true],
      ['includes((1..10], 1)', false],
      ['includes([1..10), 10)', false],
      ['includes([1..10], [4..6])', true],
      ['includes([1..10], [1..5])', true],
      ['includes((1..10], (1..5])', true],
      ['includes([1..10], (1..10))', true],
      ['includes([1..10), [5..10))', true],
      ['includes([1..10], [1..10))', true],
      ['includes([1..10], [1..10])', true],
      ['includes((1..10], [1..5])', false],
      ['during(5, [1..10])', true],
      ['during(12, [1..10])', false],
      ['during(1, [1..10])', true],
      ['during(10, [1..10])', true],
      ['during(1, (1..10])', false],
      ['during(10, [1..10))', false],
      ['during([4..6], [1..10])', true],
      ['during([1..5], [1..10])', true],
      ['during((1..5], (1..10])', true],
      ['during((1..10), [1..10])', true],
      ['during([5..10), [1..10))', true],
      ['during([1..10), [1..10])', true],
      ['during([1..10], [1..10])', true],
      ['during([1..5], (1..10])', false],
    ]));
  describe('starts and started by', () =>
    examples([
      ['starts(1, [1..10])', true],
      ['starts(1, (1..10])', false],
      ['starts(2, [1..10])', false],
      ['starts([1..5], [1..10])', true],
      ['starts((1..5], (1..10])', true],
      ['starts((1..5], [1..10])', false],
      ['starts([1..5], (1..10])', false],
      ['starts([1..10], [1..10])', true],
      ['starts([1..10), [1..10])', true],
      ['starts((1..10), (1..10))', true],
      ['started by([1..10], 1)', true],
      ['started by((1..10], 1)', false],
      ['started by([1..10], 2)', false],
      ['started by([1..10], [1..5])', true],
      ['started by((1..10], (1..5])', true],
      ['started by([1..10], (1..5])', false],
      ['started by((1..10], [1..5])', false],
      ['started by([1..10], [1..10])', true],
      ['started by([1..10], [1..10))', true],
      ['started by((1..10), (1..10))', true],
    ]));
  describe('coincides', () =>
    examples([
      ['coincides(5, 5)', true],
      ['coincides(3, 4)', false],
      ['coincides([1..5], [1..5])', true],
      ['coincides((1..5), [1..5])', false],
      ['coincides([1..5], [2..6])', false],
    ]));
  describe('a signature the table has not is null', () =>
    examples([
      ['meets(1, 5)', null],
      ['includes(5, [1..10])', null],
      ['during([1..10], 5)', null],
      ['starts([1..10], 1)', null],
      ['finished by(10, [1..10])', null],
    ]));
});

describe('points of other kinds', () => {
  it('orders dates, date-times, times, durations and strings', () => {
    const span = '[date("2026-12-01")..date("2026-12-31")]';
    expect(value(`=during(date(due), ${span})`, { due: '2026-12-24' })).toBe(true);
    expect(value(`=after(date(due), ${span})`, { due: '2027-01-02' })).toBe(true);
    expect(value('=before(@"2026-12-01T09:00:00Z", @"2026-12-01T10:00:00Z")')).toBe(true);
    expect(value('=includes([time("08:00:00")..time("17:00:00")), time("17:00:00"))')).toBe(false);
    expect(value('=overlaps([duration("PT1H")..duration("PT3H")], [duration("PT2H")..duration("PT5H")])')).toBe(true);
    expect(value('=before(duration("P1Y"), [duration("P2Y")..duration("P3Y")])')).toBe(true);
    expect(value('=during("b", ["a".."c"])')).toBe(true);
    expect(value('=meets([low..mid], [mid..high])', { low: 1, mid: 5, high: 9 })).toBe(true);
  });

  it('is null, FEEL’s error, when the values do not order with each other', () => {
    expect(value('=before(1, "a")')).toBeNull();
    expect(value('=during(5, [1.."z"])')).toBeNull();
    expect(value('=before(date("2026-01-01"), 5)')).toBeNull();
    expect(value('=before(duration("P1D"), duration("P1Y"))')).toBeNull();
    expect(value('=coincides(true, true)')).toBeNull();
    expect(value('=before(missing, [1..10])')).toBeNull();
    expect(value('=includes([1..missing], 5)')).toBeNull();
    expect(value('=before([1, 2], 3)')).toBeNull();
  });

  it('calls range functions over a list’s element and sort’s parameters', () => {
    const offers = [
      { id: 'a', price: 120 },
      { id: 'b', price: 80 },
      { id: 'c', price: 300 },
    ];
    expect(value('=offers[during(item.price, [100..200])]', { offers })).toEqual([offers[0]]);
    expect(value('=some o in offers satisfies before(o.price, [lo..hi])', { offers, lo: 90, hi: 100 })).toBe(true);
    expect(value('=for o in offers return after(o.price, [o.price - 1..o.price))', { offers })).toEqual([
      true,
      true,
      true,
    ]);
    expect(value('=sort(offers, function(a, b) before(a.price, [b.price..b.price]))', { offers })).toEqual([
      offers[1],
      offers[0],
      offers[2],
    ]);
  });
});

describe('range literals', () => {
  it('are read as a range function’s argument only', () => {
    expect(refusal('=[1..10]')).toMatch(/a range \[a..b\] is read here after in or as an argument of a range function/);
    expect(refusal('=count([1..10])')).toMatch(/a range \[a..b\]/);
    expect(refusal('=some o in offers satisfies [o..10] = x')).toMatch(/a range \[a..b\]/);
  });

  it('leave list literals and membership as they were', () => {
    expect(value('=[1, 2, 3]')).toEqual([1, 2, 3]);
    expect(value('=[x]', { x: 4 })).toEqual([4]);
    expect(value('=[]')).toEqual([]);
    expect(value('=x in [1..3]', { x: 3 })).toBe(true);
    expect(value('=x in ]1..3]', { x: 1 })).toBe(false);
    expect(value('=(1 + 2) * 3')).toBe(9);
  });

  it('take named arguments by the DMN table’s names, the names choosing the signature', () => {
    // docs/adr/0253-feel-filter-implicit-entries.md
    expect(value('=before(point1: 1, point2: 2)')).toBe(true);
    expect(value('=before(point2: 1, point1: 2)')).toBe(false);
    expect(value('=before(range1: [1..5], range2: [6..8])')).toBe(true);
    expect(value('=during(range: [1..5], point: 3)')).toBe(true); // named arguments have no order
    expect(value('=starts(point: 2, range: [1..5])')).toBe(false);
    expect(value('=after(range2: [1..5], range1: [6..10])')).toBe(true);
    expect(value('=meets(range1: [1..5], range2: [5..10])')).toBe(true);
    expect(value('=includes(point: 3, range: [1..5])')).toBe(true);
    expect(value('=finished by(range: [1..5], point: 5)')).toBe(true);
    expect(value('=coincides(point1: x, point2: 5)', { x: 5 })).toBe(true);
    expect(value('=orders[during(point: item.n, range: [lo..10])]', { orders: [{ n: 1 }, { n: 4 }], lo: 2 })).toEqual([
      { n: 4 },
    ]);
  });

  it('take FEEL’s range("…") written in the call, as the range literal it spells', () => {
    // docs/adr/0253-feel-filter-implicit-entries.md
    expect(value('=before(1, range("[2..5]"))')).toBe(true);
    expect(value('=includes(range("(1..10)"), 10)')).toBe(false);
    expect(value('=includes(range("(1..10]"), 10)')).toBe(true);
    expect(value('=after(range("[-3..5]"), -4)')).toBe(true);
    expect(value('=during(point: 3, range: range(from: "[1..5]"))')).toBe(true);
    expect(value('=orders[during(n, range("[2..10]"))]', { orders: [{ n: 1 }, { n: 4 }] })).toEqual([{ n: 4 }]);
  });

  it('refuse range("…") elsewhere, over a variable, and a text that is no range of two literals', () => {
    expect(refusal('=range("[1..5]")')).toMatch(/a range \[a..b\] is read here after in or as an argument/);
    expect(refusal('=before(1, range(t))')).toMatch(/range\(…\) reads a text written in the call/);
    for (const text of ['[a..5]', '1', '[1..5] x', '< 10', '[1..2'])
      expect(refusal(`=before(1, range("${text}"))`), text).toMatch(/range\(…\)'s text is a range of two literals/);
    // Unary tests as ranges (`< 10`) stay refused: a range's missing end is FEEL's null here, not unbounded.
    expect(() => value('=before(1, < 10)')).toThrow();
    // A point named point2 given range("…") is a range: refused as a named range argument of the other kind.
    expect(refusal('=before(point1: 1, point2: range("[1..2]"))')).toMatch(/point2 is a point, not a range/);
  });

  it('refuse names of no signature of the function, and a value of the other kind', () => {
    expect(refusal('=before(point1: 1, range: [1..2])')).toMatch(
      /before\(…\) is called by name with point1 and point2, or point and range, or range and point, or range1 and range2/,
    );
    expect(refusal('=meets(point1: 1, point2: 2)')).toMatch(/meets\(…\) is called by name with range1 and range2/);
    expect(refusal('=during(point1: 1, range: [1..2])')).toMatch(/during\(…\) is called by name with point and range/);
    // before(point, range) and before(range, point) share their names: which is meant cannot be told.
    expect(refusal('=before(point: 1, range: [2..5])')).toMatch(
      /before\(…\) with point and range by name is both before\(point, range\) and before\(range, point\)/,
    );
    expect(refusal('=during(point: [1..2], range: [3..4])')).toMatch(/during\(…\)'s point is a point, not a range/);
    expect(refusal('=during(point: 1, range: 2)')).toMatch(/during\(…\)'s range is a range \[a..b\]/);
    expect(refusal('=before(point: 1)')).toMatch(/is called by name with/);
  });
});
