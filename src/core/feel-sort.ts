// FEEL's `sort(list, precedes)` (docs/adr/0239-feel-zoned-times-and-functions.md): `precedes` is a function
// definition the reader writes out as a tree over its two parameters (list-predicates.ts walks it), so no
// code is called. Bounded so that a tenant's expression cannot hold the event loop: at most
// MAX_SORT_LENGTH elements and MAX_SORT_STEPS nodes of the tree walked in one call; past either the call
// throws, and the expression fails as any failing rule does (a condition not taken, no value).
import { treeOf, valueOf } from './list-predicates.ts';

export const MAX_SORT_LENGTH = 2000;
export const MAX_SORT_STEPS = 500_000;

export class FeelBoundError extends RangeError {}

/** The nodes of a tree, walked at most once each per comparison. */
const nodes = (tree: unknown): number => (Array.isArray(tree) ? 1 + tree.reduce((n: number, t) => n + nodes(t), 0) : 0);

/** The list ordered so that `precedes(x, y)` holds of each element and one after it, stably, as Camunda's
 *  FEEL sorts (Scala's `sortWith`: x first when precedes(x, y), y first when precedes(y, x)). Null for no
 *  list, a tree the walker does not know, or a comparison that gives no boolean (FEEL's error is null). */
export function listSort(list: unknown, text: unknown, ...args: unknown[]): unknown[] | null {
  const tree = treeOf(text);
  if (!Array.isArray(list) || tree === null) return null;
  if (list.length > MAX_SORT_LENGTH)
    throw new FeelBoundError(`sort takes at most ${MAX_SORT_LENGTH} elements, not ${list.length}`);
  const cost = nodes(tree);
  let steps = 0;
  let failed = false;
  const precedes = (x: unknown, y: unknown): boolean => {
    steps += cost;
    if (steps > MAX_SORT_STEPS) throw new FeelBoundError(`sort walks more than ${MAX_SORT_STEPS} steps`);
    const answer = valueOf(tree, [x, y], args);
    if (typeof answer !== 'boolean') failed = true;
    return answer === true;
  };
  const sorted = [...list].sort((x, y) => (failed ? 0 : precedes(x, y) ? -1 : precedes(y, x) ? 1 : 0));
  return failed ? null : sorted;
}

/** FEEL's context literal `{a: 1, "b c": 2}` (keys and values alternating): own entries only, so a key
 *  such as `__proto__` is an entry, never a prototype. */
export function contextOf(...pairs: unknown[]): Record<string, unknown> {
  const context: Record<string, unknown> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2)
    Object.defineProperty(context, String(pairs[i]), { value: pairs[i + 1], enumerable: true, writable: true });
  return context;
}
