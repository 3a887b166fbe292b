// FEEL's `sort(list, precedes)` (docs/adr/0239-feel-zoned-times-and-functions.md): `precedes` is a function
// definition the reader writes out as a tree over its two parameters (list-predicates.ts walks it), so no
// code is called. Bounded so that a tenant's expression cannot hold the event loop: at most
// MAX_SORT_LENGTH elements and MAX_SORT_STEPS nodes of the tree walked in one call; past either the call
// throws, and the expression fails as any failing rule does (a condition not taken, no value).
import { FeelBoundError, sortedBy } from './feel-sort-order.ts';
import type { TreeCall } from './feel-tree-calls.ts';
import { nodes, treeOf, valueOf, type ElementWalk, type Tree } from './list-predicates.ts';

export { FeelBoundError, MAX_SORT_LENGTH } from './feel-sort-order.ts';
export const MAX_SORT_STEPS = 500_000;

/** How much a call's arguments cost in steps: a list its elements, a context its entries, else nothing. */
const sizeOf = (values: unknown[]): number =>
  values.reduce<number>(
    (n, v) => n + (Array.isArray(v) ? v.length : typeof v === 'object' && v !== null ? Object.keys(v).length : 0),
    0,
  );

/** One call's budget of MAX_SORT_STEPS: `charge` adds steps and throws past the bound; `charged` is `call`
 *  with each built-in's arguments' size charged on top of its node. */
function stepBudget(what: string, call: TreeCall | undefined) {
  let steps = 0;
  const charge = (n: number) => {
    steps += n;
    if (steps > MAX_SORT_STEPS) throw new FeelBoundError(`${what} walks more than ${MAX_SORT_STEPS} steps`);
  };
  const charged: TreeCall | undefined = call && ((fn, values) => (charge(sizeOf(values)), call(fn, values)));
  return { charge, charged };
}

/** Whether a tree calls a built-in or reads a list anywhere (a `call`, `where` or `sort` node; a path's or
 *  a name's key is never a node's head). */
const charged = (tree: unknown): boolean =>
  Array.isArray(tree) && (tree[0] === 'call' || tree[0] === 'where' || tree[0] === 'sort' || tree.some(charged));

/** How FEEL's filters, `some`/`every` and `for` walk a tree that calls built-ins over the element
 *  (docs/adr/0250-feel-calls-over-a-lists-element.md) or reads a list inside (docs/adr/0257-feel-nested-filters.md):
 *  as sort's precedes, each element charged the tree's nodes, each inner element its condition's and each
 *  call its arguments' size, to one MAX_SORT_STEPS bound per list function called. Any other tree is walked
 *  once an element, linear in the list, as docs/adr/0211-feel-conditionals-paths-ranges.md left it. */
export function callingWalk(call: TreeCall): ElementWalk {
  return (tree: Tree, args) => {
    if (!charged(tree)) return (e) => valueOf(tree, [e], args);
    const cost = nodes(tree);
    const budget = stepBudget('a list’s condition', call);
    return (e) => (budget.charge(cost), valueOf(tree, [e], args, budget.charged, budget.charge));
  };
}

/** `sort(list, precedes)` as the rule function, ordered by sortedBy: null for no list, a tree the walker
 *  does not know, or a comparison that gives no boolean (FEEL's error is null). The tree's calls of
 *  built-ins go through `call` (docs/adr/0244-feel-calls-in-functions-context-functions.md), each charged
 *  its arguments' size on top of its node. */
export function sortCalling(call: TreeCall | undefined) {
  return (list: unknown, text: unknown, ...args: unknown[]): unknown[] | null => {
    const tree = treeOf(text);
    if (!Array.isArray(list) || tree === null) return null;
    const cost = nodes(tree);
    const { charge, charged } = stepBudget('sort', call);
    return sortedBy(list, (x, y) => (charge(cost), valueOf(tree, [x, y], args, charged, call && charge)));
  };
}

/** `sort` whose tree calls no built-in (a call in it is null). */
export const listSort = sortCalling(undefined);
