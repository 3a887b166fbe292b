// The ordering of FEEL's `sort(list, precedes)` (docs/adr/0239-feel-zoned-times-and-functions.md), shared by
// the rule function (feel-sort.ts) and a sort inside a list's condition (list-predicates.ts,
// docs/adr/0265-feel-sort-inside-a-lists-condition.md): bounded in length; the steps are the caller's.

export const MAX_SORT_LENGTH = 2000;

export class FeelBoundError extends RangeError {}

/** The list ordered so that `precedes(x, y)` holds of each element and one after it, stably, as Camunda's
 *  FEEL sorts (Scala's `sortWith`: x first when precedes(x, y), y first when precedes(y, x)). Null when
 *  a comparison gives no boolean (FEEL's error is null); past MAX_SORT_LENGTH elements it throws. */
export function sortedBy(list: unknown[], precedes: (x: unknown, y: unknown) => unknown): unknown[] | null {
  if (list.length > MAX_SORT_LENGTH)
    throw new FeelBoundError(`sort takes at most ${MAX_SORT_LENGTH} elements, not ${list.length}`);
  let failed = false;
  const before = (x: unknown, y: unknown): boolean => {
    const answer = precedes(x, y);
    if (typeof answer !== 'boolean') failed = true;
    return answer === true;
  };
  const sorted = [...list].sort((x, y) => (failed ? 0 : before(x, y) ? -1 : before(y, x) ? 1 : 0));
  return failed ? null : sorted;
}
