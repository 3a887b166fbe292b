// FEEL's range functions (DMN 1.3 §10.3.4.9, Camunda 8's FEEL reference;
// docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md): `before`, `after`, `meets`, `met by`,
// `overlaps`, `overlaps before`, `overlaps after`, `finishes`, `finished by`, `includes`, `during`,
// `starts`, `started by`, `coincides`, each over two points, a point and a range or two ranges as the
// spec's table has it. A point is any value that is not a range; all points and ends must order with each
// other (numbers, strings, or temporal values of one kind, as feelCompare orders them), else the answer is
// null, FEEL's error. A signature the table has not (`meets(1, 2)`) is null too.
import { FeelRange } from './feel-range-value.ts';
import type { RANGE_FUNCTION_NAMES } from './feel-range-names.ts';
import { feelCompare } from './list-predicates.ts';

type Point = unknown;
type Answer = boolean | null;
/** One function's cases by the kinds of its arguments; a case left out is null. */
interface Cases {
  points?: (p: Point, q: Point) => boolean;
  pointRange?: (p: Point, r: FeelRange) => boolean;
  rangePoint?: (r: FeelRange, p: Point) => boolean;
  ranges?: (r: FeelRange, s: FeelRange) => boolean;
}

// Comparisons once every value is known to order with every other, so each is true or false.
const lt = (a: Point, b: Point) => feelCompare(a, '<', b) === true;
const gt = (a: Point, b: Point) => feelCompare(a, '>', b) === true;
const eq = (a: Point, b: Point) => feelCompare(a, '==', b) === true;

/** Whether all the values order with each other (each with the first suffices: ordering is by kind). */
function ordered(values: Point[]): boolean {
  return values.every((v) => v !== null && v !== undefined && feelCompare(values[0], '<=', v) !== null);
}

const pointsOf = (v: unknown): Point[] => (v instanceof FeelRange ? [v.start, v.end] : [v]);

/** A range function from its cases: the case the arguments' kinds pick, null when none or unordered. */
function rangeFunction(cases: Cases) {
  return (a: unknown, b: unknown): Answer => {
    if (!ordered([...pointsOf(a), ...pointsOf(b)])) return null;
    const ra = a instanceof FeelRange;
    const rb = b instanceof FeelRange;
    if (ra && rb) return cases.ranges?.(a, b) ?? null;
    if (ra) return cases.rangePoint?.(a, b) ?? null;
    if (rb) return cases.pointRange?.(a, b) ?? null;
    return cases.points?.(a, b) ?? null;
  };
}

const before: Cases = {
  points: (p, q) => lt(p, q),
  pointRange: (p, r) => lt(p, r.start) || (eq(p, r.start) && !r.startIncluded),
  rangePoint: (r, p) => lt(r.end, p) || (eq(r.end, p) && !r.endIncluded),
  ranges: (r, s) => lt(r.end, s.start) || ((!r.endIncluded || !s.startIncluded) && eq(r.end, s.start)),
};
const meets = (r: FeelRange, s: FeelRange) => r.endIncluded && s.startIncluded && eq(r.end, s.start);
const overlaps = (r: FeelRange, s: FeelRange) =>
  (gt(r.end, s.start) || (eq(r.end, s.start) && r.endIncluded && s.startIncluded)) &&
  (lt(r.start, s.end) || (eq(r.start, s.end) && r.startIncluded && s.endIncluded));
const overlapsBefore = (r: FeelRange, s: FeelRange) =>
  (lt(r.start, s.start) || (eq(r.start, s.start) && r.startIncluded && !s.startIncluded)) &&
  (gt(r.end, s.start) || (eq(r.end, s.start) && r.endIncluded && s.startIncluded)) &&
  (lt(r.end, s.end) || (eq(r.end, s.end) && (!r.endIncluded || s.endIncluded)));
/** `finishes(range1, range2)`: one end, range1 starting no earlier. */
const finishes = (r: FeelRange, s: FeelRange) =>
  r.endIncluded === s.endIncluded &&
  eq(r.end, s.end) &&
  (gt(r.start, s.start) || (eq(r.start, s.start) && (!r.startIncluded || s.startIncluded)));
/** `includes(range, point)` and `during(point, range)`. */
const holds = (r: FeelRange, p: Point) =>
  (lt(r.start, p) && gt(r.end, p)) || (eq(r.start, p) && r.startIncluded) || (eq(r.end, p) && r.endIncluded);
/** `includes(range1, range2)`: range2 inside range1. */
const includes = (r: FeelRange, s: FeelRange) =>
  (lt(r.start, s.start) || (eq(r.start, s.start) && (r.startIncluded || !s.startIncluded))) &&
  (gt(r.end, s.end) || (eq(r.end, s.end) && (r.endIncluded || !s.endIncluded)));
/** `starts(range1, range2)`: one start, range1 ending no later. */
const starts = (r: FeelRange, s: FeelRange) =>
  eq(r.start, s.start) &&
  r.startIncluded === s.startIncluded &&
  (gt(s.end, r.end) || (eq(s.end, r.end) && (!r.endIncluded || s.endIncluded)));
const swap =
  <T, U>(f: (a: U, b: T) => boolean) =>
  (a: T, b: U) =>
    f(b, a);

export const feelRangeBuiltins = {
  feelBefore: rangeFunction(before),
  // `after(a, b)` is `before(b, a)` in each of the table's four rows.
  feelAfter: rangeFunction({
    points: swap(before.points!),
    pointRange: swap(before.rangePoint!),
    rangePoint: swap(before.pointRange!),
    ranges: swap(before.ranges!),
  }),
  feelMeets: rangeFunction({ ranges: meets }),
  feelMetBy: rangeFunction({ ranges: swap(meets) }),
  feelOverlaps: rangeFunction({ ranges: overlaps }),
  feelOverlapsBefore: rangeFunction({ ranges: overlapsBefore }),
  feelOverlapsAfter: rangeFunction({ ranges: swap(overlapsBefore) }),
  feelFinishes: rangeFunction({ pointRange: (p, r) => r.endIncluded && eq(r.end, p), ranges: finishes }),
  feelFinishedBy: rangeFunction({ rangePoint: (r, p) => r.endIncluded && eq(r.end, p), ranges: swap(finishes) }),
  feelIncludes: rangeFunction({ rangePoint: holds, ranges: includes }),
  feelDuring: rangeFunction({ pointRange: swap(holds), ranges: swap(includes) }),
  feelStarts: rangeFunction({ pointRange: (p, r) => r.startIncluded && eq(r.start, p), ranges: starts }),
  feelStartedBy: rangeFunction({ rangePoint: (r, p) => r.startIncluded && eq(r.start, p), ranges: swap(starts) }),
  feelCoincides: rangeFunction({
    points: eq,
    ranges: (r, s) =>
      eq(r.start, s.start) &&
      r.startIncluded === s.startIncluded &&
      eq(r.end, s.end) &&
      r.endIncluded === s.endIncluded,
  }),
} satisfies Record<(typeof RANGE_FUNCTION_NAMES)[number], unknown>;
