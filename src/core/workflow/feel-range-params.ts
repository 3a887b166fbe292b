// Named arguments of FEEL's range functions (docs/adr/0253-feel-filter-implicit-entries.md): DMN 1.3's
// table (§10.3.4.9) names the parameters after the signature (`before(point1, point2)`,
// `before(point, range)`, `before(range, point)`, `before(range1, range2)`), so the names given choose the
// signature and so the places; `point` and `range` of `before` and `after` name two signatures, and the
// call is refused as ambiguous. A range is only ever a range literal where it is written (a range never
// reaches a variable, docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md), so whether each value
// fits its name is known when the expression is read: a point given a range or a range given a point is
// refused there rather than read as another signature.
import type { Node } from './vendor-expression-node.ts';
import { ExpressionError } from './vendor-expression-tokens.ts';

type Signature = readonly [string, string];
const POINTS: Signature = ['point1', 'point2'];
const RANGES: Signature = ['range1', 'range2'];
const POINT_RANGE: Signature = ['point', 'range'];
const RANGE_POINT: Signature = ['range', 'point'];

const SIGNATURES: Readonly<Record<string, readonly Signature[]>> = {
  before: [POINTS, POINT_RANGE, RANGE_POINT, RANGES],
  after: [POINTS, POINT_RANGE, RANGE_POINT, RANGES],
  meets: [RANGES],
  'met by': [RANGES],
  overlaps: [RANGES],
  'overlaps before': [RANGES],
  'overlaps after': [RANGES],
  finishes: [POINT_RANGE, RANGES],
  'finished by': [RANGE_POINT, RANGES],
  includes: [RANGE_POINT, RANGES],
  during: [POINT_RANGE, RANGES],
  starts: [POINT_RANGE, RANGES],
  'started by': [RANGE_POINT, RANGES],
  coincides: [POINTS, RANGES],
};

/** Whether `name` is a range function, whose named arguments placeRangeNamed places. */
export const isRangeFunction = (name: string) => Object.hasOwn(SIGNATURES, name);

/** The two named arguments of the range function `name` in the places of the signature their names give. */
export function placeRangeNamed(name: string, named: ReadonlyArray<[string | undefined, Node]>, body: string): Node[] {
  const given = named.map(([param]) => param);
  const matching = SIGNATURES[name].filter((s) => given.length === 2 && s.every((param) => given.includes(param)));
  if (matching.length > 1)
    // `before(point, range)` and `before(range, point)` have one set of names and named arguments have no
    // order, so the names cannot tell which is meant.
    throw new ExpressionError(
      `${name}(…) with ${matching[0].join(' and ')} by name is both ${matching.map((s) => `${name}(${s.join(', ')})`).join(' and ')}; pass them by position: ${body}`,
    );
  const signature = matching[0];
  if (!signature)
    throw new ExpressionError(
      `${name}(…) is called by name with ${SIGNATURES[name].map((s) => s.join(' and ')).join(', or ')}: ${body}`,
    );
  return signature.map((param) => {
    const value = named.find(([p]) => p === param)![1];
    if ((value.op === 'interval') !== param.startsWith('range'))
      throw new ExpressionError(
        `${name}(…)'s ${param} is ${param.startsWith('range') ? 'a range [a..b]' : 'a point, not a range'}: ${body}`,
      );
    return value;
  });
}
