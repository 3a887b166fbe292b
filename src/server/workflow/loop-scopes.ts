// Multi-instance embedded sub-processes (docs/adr/0148-multi-instance-sub-processes.md): the inside runs
// once per element of a collection, all at once (parallel) or one after another (sequential), each
// instance seeing its element under the element variable. While one runs, a token stands at the
// sub-process itself holding the collection as it was on entry and how many instances are done; every
// token inside carries its instance's index. An instance is done once an end inside was reached and no
// token of its index is left; the sub-process is done when every instance is, or earlier when its
// completion condition holds over nrOfInstances, nrOfCompletedInstances and nrOfActiveInstances (the
// instances still inside are then cancelled), and the walk goes on after it. A count (`loopCardinality`)
// runs instances without an element; waits and joins inside carry their instance too
// (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md).
import { randomUUID } from 'node:crypto';
import { evaluateRule, ruleValue } from '../../core/rules.ts';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import { cardinalityOf } from './multi-instance.ts';
import { cancelInside, nodesInside, noteStep } from './scopes.ts';
import { armBoundaries } from './waits/enter-wait.ts';
import type { LoopFrame, WalkState as Walk } from './walk-state.ts';

const loopOfNode = new WeakMap<ProcessDefinition, Map<string, string>>();

/** The multi-instance sub-process a node is drawn in, if any (the install refuses one inside another). */
export function loopOf(definition: ProcessDefinition, nodeId: string): string | undefined {
  let byNode = loopOfNode.get(definition);
  if (!byNode) {
    loopOfNode.set(definition, (byNode = new Map()));
    for (const node of Object.values(definition.nodes))
      for (let at = node.parent; at; at = definition.nodes[at]?.parent)
        if (definition.nodes[at]?.multi) {
          byNode.set(node.id, at);
          break;
        }
  }
  return byNode.get(nodeId);
}

const scopesOf = new WeakMap<ProcessDefinition, string[]>();

/** The definition's multi-instance sub-processes (the list's label counts their instances). */
export function loopScopes(definition: ProcessDefinition): string[] {
  let ids = scopesOf.get(definition);
  if (!ids)
    scopesOf.set(
      definition,
      (ids = Object.values(definition.nodes)
        .filter((n) => n.kind === 'subprocess' && n.multi)
        .map((n) => n.id)),
    );
  return ids;
}

/** The collection's elements: a list, or text split at commas (as a multi-instance approval reads it);
 *  for a count (`loopCardinality`), that many instances with no element (0167). */
function elementsOf(walk: Walk, node: ProcessNode): unknown[] {
  const variables = walk.variables();
  if (!node.multi!.collection) return new Array<null>(cardinalityOf(node.multi!, variables)).fill(null);
  const value = ruleValue(node.multi!.collection!, { ...variables, form: variables });
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

/** A flow reaches a multi-instance sub-process: its token is written and its first instances start (all
 *  of them in parallel, the first in a sequence). An empty collection passes it at once. */
export async function enterLoop(walk: Walk, node: ProcessNode): Promise<void> {
  const items = elementsOf(walk, node);
  walk.terminated.delete(node.id);
  for (const key of walk.terminated) if (key.startsWith(`${node.id}@`)) walk.terminated.delete(key);
  if (items.length === 0) {
    await noteStep(walk, node.id);
    return walk.leave(node.id);
  }
  const token = randomUUID();
  await walk.trx
    .insertInto('flow_tokens')
    .values({
      id: token,
      instance_id: walk.instance.id,
      node_id: node.id,
      state: 'active',
      via_flow: null,
      created_at: walk.action.at,
      loop_items: JSON.stringify(items),
      loop_done: 0,
    })
    .execute();
  // Timers on the sub-process itself hang on its token: they go when it goes (docs/adr/0170-multi-instance-ends-boundaries-nested.md).
  if (node.boundaries)
    await armBoundaries(
      { trx: walk.trx, instance: walk.instance, definition: walk.definition, at: walk.action.at },
      node,
      token,
    );
  const first = node.multi!.sequential ? 1 : items.length;
  for (let index = 0; index < first; index++) await runInstance(walk, node, index, items);
}

/** The frame of one instance: its index, its element under the element variable (none for a count). */
const frameOf = (node: ProcessNode, index: number, items: unknown[]): LoopFrame => ({
  scope: node.id,
  index,
  count: items.length,
  ...(node.multi!.elementVariable ? { variable: node.multi!.elementVariable, item: items[index] } : {}),
});

/** Walks one instance from the start inside, its element under the element variable. */
function runInstance(walk: Walk, node: ProcessNode, index: number, items: unknown[]): Promise<void> {
  return inFrame(walk, frameOf(node, index, items), async () => {
    await noteStep(walk, node.start!);
    await walk.leave(node.start!);
  });
}

async function inFrame(walk: Walk, frame: LoopFrame | undefined, work: () => Promise<void>): Promise<void> {
  const outer = walk.loop;
  walk.loop = frame;
  try {
    await work();
  } finally {
    walk.loop = outer;
  }
}

/** Runs `work` (an action going on from a token) in the instance the token belongs to when its node is
 *  inside a multi-instance sub-process; the token's index is given, or read while the token stands. */
export async function inLoopOf(
  walk: Walk,
  nodeId: string,
  token: { id: string | null; loopIndex: number | null },
  work: () => Promise<void>,
): Promise<void> {
  const scope = loopOf(walk.definition, nodeId);
  if (!scope) return work();
  const { trx, instance } = walk;
  const index =
    token.loopIndex ??
    (token.id
      ? (await trx.selectFrom('flow_tokens').select('loop_index').where('id', '=', token.id).executeTakeFirst())
          ?.loop_index
      : null);
  const holder = await trx
    .selectFrom('flow_tokens')
    .select('loop_items')
    .where('instance_id', '=', instance.id)
    .where('node_id', '=', scope)
    .executeTakeFirst();
  if (index === null || index === undefined || !holder) return work();
  const items = JSON.parse(holder.loop_items ?? '[]') as unknown[];
  return inFrame(walk, frameOf(walk.definition.nodes[scope], index, items), work);
}

/** The variables a wait at `nodeId` in instance `index` of its multi-instance sub-process sees: its element
 *  variable, `loopCounter` and `nrOfInstances` over the process's (an external task's worker is handed
 *  these, docs/adr/0184-workers-and-conditions-inside-multi-instance.md). */
export async function instanceVariables(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  instanceId: string,
  nodeId: string,
  index: number | null,
  form: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const scope = loopOf(definition, nodeId);
  if (!scope || index === null) return form;
  const holder = await trx
    .selectFrom('flow_tokens')
    .select('loop_items')
    .where('instance_id', '=', instanceId)
    .where('node_id', '=', scope)
    .executeTakeFirst();
  if (!holder) return form;
  const { variable, item, count } = frameOf(definition.nodes[scope], index, JSON.parse(holder.loop_items ?? '[]'));
  return { ...form, ...(variable ? { [variable]: item } : {}), loopCounter: index, nrOfInstances: count };
}

/** Whether the wait of `token` at `nodeId` is in the instance of a multi-instance sub-process that
 *  `keys` name: each key is the sub-process's element variable or loopCounter, with the instance's
 *  value (compared as text: a message's variables are JSON). A wait outside one has no such keys. */
export async function instanceMatches(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  wait: { instance_id: string; token_id: string; node_id: string },
  keys: Record<string, unknown>,
): Promise<boolean> {
  const scope = loopOf(definition, wait.node_id);
  if (!scope) return false;
  const row = await trx
    .selectFrom('flow_tokens as t')
    .innerJoin('flow_tokens as k', (join) =>
      join.onRef('k.instance_id', '=', 't.instance_id').on('k.node_id', '=', scope),
    )
    .select(['t.loop_index', 'k.loop_items'])
    .where('t.id', '=', wait.token_id)
    .executeTakeFirst();
  if (row?.loop_index === null || row?.loop_index === undefined) return false;
  const index = row.loop_index;
  const item = (JSON.parse(row.loop_items ?? '[]') as unknown[])[index];
  const variable = definition.nodes[scope].multi!.elementVariable;
  const same = (a: unknown, b: unknown) => a !== undefined && String(a) === String(b);
  return Object.entries(keys).every(([key, value]) =>
    key === 'loopCounter' ? same(index, value) : key === variable && same(item, value),
  );
}

/** Once the action has walked its paths: each instance an end was reached in, with no token of it left
 *  inside, is done; the sub-process then ends when its condition holds or no instance is left, or a
 *  sequence starts its next instance. True when anything moved. */
export async function settleLoops(walk: Walk): Promise<boolean> {
  let moved = false;
  for (const { scope, index } of walk.loopEnds.splice(0)) {
    const { trx, instance } = walk;
    const left = await trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where('node_id', 'in', nodesInside(walk.definition, scope))
      .where('loop_index', '=', index)
      .executeTakeFirst();
    if (left) continue; // another path of this instance still runs; its end settles it
    const holder = await trx
      .updateTable('flow_tokens')
      .set((eb) => ({ loop_done: eb('loop_done', '+', 1) }))
      .where('instance_id', '=', instance.id)
      .where('node_id', '=', scope)
      .returning(['id', 'loop_items', 'loop_done'])
      .executeTakeFirst();
    if (!holder) continue; // the sub-process ended earlier in this action (its condition held)
    moved = true;
    const node = walk.definition.nodes[scope];
    const items = JSON.parse(holder.loop_items ?? '[]') as unknown[];
    const done = holder.loop_done ?? 0;
    const variables = walk.variables();
    const complete =
      done >= items.length ||
      (node.multi!.completion !== undefined &&
        evaluateRule(node.multi!.completion, {
          ...variables,
          form: variables,
          nrOfInstances: items.length,
          nrOfCompletedInstances: done,
          nrOfActiveInstances: node.multi!.sequential ? 0 : items.length - done,
        }));
    if (complete) {
      await cancelInside(walk, scope);
      await trx.deleteFrom('flow_tokens').where('id', '=', holder.id).execute();
      await noteStep(walk, scope);
      await walk.leave(scope);
    } else if (node.multi!.sequential) await runInstance(walk, node, done, items);
  }
  return moved;
}
