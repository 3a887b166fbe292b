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
import { loopCounterOf } from '../../core/workflow/loop-counter.ts';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import { cardinalityOf, loopCounts } from './multi-instance.ts';
import { loopOf } from './loop-of.ts';
import { endInstance, startInstance } from './loop-mappings.ts';
import { collectInstance, ownVariables, runningList, startingOutput, type LoopOutput } from './loop-output.ts';
import { cancelInside, nodesInside, noteStep } from './scopes.ts';
import { armBoundaries } from './waits/enter-wait.ts';
import { inScopes, mappedScopesAround, readScopes } from './sub-process-scopes.ts';
import { keepInInstance } from './variable-homes.ts';
import {
  atColumns,
  atOf,
  atOfRow,
  frameVariables,
  joinKey,
  scopedVariables,
  tokenAt,
  tokensAt,
  type LoopAt,
  type LoopFrame,
  type WalkState as Walk,
} from './walk-state.ts';

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
export const elementsOf = (walk: Walk, node: ProcessNode): unknown[] => collectionOf(node, walk.variables());

/** The elements of a multi-instance sub-process's collection (a count's nulls) over `variables`. */
export function collectionOf(node: ProcessNode, variables: Record<string, unknown>): unknown[] {
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
 *  of them in parallel, the first in a sequence) at its start, or where an intervention `place`s them
 *  (docs/adr/0220-interventions-into-multi-instance-sub-processes.md). An empty collection passes it at
 *  once. Inside an instance of another, the token is that instance's and so are its instances (their
 *  tokens carry both indexes). */
export async function enterLoop(
  walk: Walk,
  node: ProcessNode,
  place?: (index: number) => Promise<void>,
): Promise<void> {
  const items = elementsOf(walk, node);
  const outer = walk.loop;
  const at = atOf(outer);
  walk.terminated.delete(joinKey(node.id, at));
  const ofInstances = at ? `${node.id}@${at.index}.` : `${node.id}@`;
  for (const key of walk.terminated) if (key.startsWith(ofInstances)) walk.terminated.delete(key);
  if (items.length === 0) {
    // No instance: an output collection is the empty list (docs/adr/0212-multi-instance-sub-process-outputs.md).
    if (node.multi!.output) await setInstanceVariables(walk, node.id, outer, { [node.multi!.output.collection]: [] });
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
      ...startingOutput(node, items),
      ...atColumns(at),
    })
    .execute();
  // Timers on the sub-process itself hang on its token: they go when it goes (docs/adr/0170-multi-instance-ends-boundaries-nested.md).
  if (node.boundaries)
    await armBoundaries(
      {
        trx: walk.trx,
        instance: walk.instance,
        definition: walk.definition,
        at: walk.action.at,
        variables: walk.variables(),
      },
      node,
      token,
    );
  const first = node.multi!.sequential ? 1 : items.length;
  for (let index = 0; index < first; index++) await runInstance(walk, node, index, items, outer, undefined, place);
}

/** The frame of one instance: its index, its element under the element variable (none for a count), its
 *  own variables and the output collection as its holding token keeps them (loop-output.ts), and the
 *  instance of the multi-instance sub-process it is drawn in, if any. */
export function frameOf(
  node: ProcessNode,
  index: number,
  items: unknown[],
  outer?: LoopFrame,
  kept?: LoopOutput | null,
): LoopFrame {
  const locals = ownVariables(node, index, kept);
  const running = runningList(node, items, kept);
  return {
    scope: node.id,
    index,
    loopCounter: loopCounterOf(node.multi, index),
    count: items.length,
    ...(node.multi!.elementVariable ? { variable: node.multi!.elementVariable, item: items[index] } : {}),
    ...(locals ? { locals } : {}),
    ...(running ? { running } : {}),
    ...(outer ? { outer } : {}),
  };
}

/** Walks one instance from the start inside (or from where an intervention's `place` puts it), its
 *  element under the element variable (`kept`: what the holding token keeps, when a sequence's next
 *  instance starts or an intervention places the instances of a running one). */
function runInstance(
  walk: Walk,
  node: ProcessNode,
  index: number,
  items: unknown[],
  outer: LoopFrame | undefined,
  kept?: LoopOutput | null,
  place?: (index: number) => Promise<void>,
): Promise<void> {
  const frame = frameOf(node, index, items, outer, kept);
  return inFrame(walk, frame, async () => {
    await startInstance(walk, node, frame);
    if (place) return place(index);
    await startInside(walk, node);
  });
}

/** An instance of a multi-instance sub-process starts at its start, as a flow reaching it starts it. */
export async function startInside(walk: Walk, node: ProcessNode): Promise<void> {
  await noteStep(walk, node.start!);
  await walk.leave(node.start!);
}

export async function inFrame(walk: Walk, frame: LoopFrame | undefined, work: () => Promise<void>): Promise<void> {
  const outer = walk.loop;
  walk.loop = frame;
  try {
    await work();
  } finally {
    walk.loop = outer;
  }
}

/** The frame of the instance `at` that a node is drawn in, read from the tokens holding the instances of
 *  its multi-instance sub-process (and of the one that is drawn in); none outside every one, or once
 *  the instances are gone. */
async function frameAt(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  instanceId: string,
  nodeId: string,
  at: LoopAt | undefined,
): Promise<LoopFrame | undefined> {
  const scope = loopOf(definition, nodeId);
  if (!scope || !at) return undefined;
  const around = loopOf(definition, scope);
  const holders = await trx
    .selectFrom('flow_tokens')
    .select(['node_id', 'loop_index', 'loop_items', 'loop_output'])
    .where('instance_id', '=', instanceId)
    .where('node_id', 'in', around ? [around, scope] : [scope])
    .where('loop_items', 'is not', null)
    .execute();
  const items = (row: { loop_items: string | null }) => JSON.parse(row.loop_items ?? '[]') as unknown[];
  const own = (id: string, index?: number) =>
    holders.find((h) => h.node_id === id && (index === undefined || h.loop_index === index));
  if (!around) {
    const holder = own(scope);
    return holder
      ? frameOf(definition.nodes[scope], at.index, items(holder), undefined, holder.loop_output)
      : undefined;
  }
  const outerHolder = own(around);
  if (!outerHolder) return undefined;
  const outer = frameOf(definition.nodes[around], at.index, items(outerHolder), undefined, outerHolder.loop_output);
  const holder = own(scope, at.index);
  return at.inner === undefined || !holder
    ? undefined
    : frameOf(definition.nodes[scope], at.inner, items(holder), outer, holder.loop_output);
}

/** Runs `work` (an action going on from a token) in the instance the token belongs to when its node is
 *  inside a multi-instance sub-process; the token's instance is given, or read while the token stands. */
export async function inLoopOf(
  walk: Walk,
  nodeId: string,
  token: { id: string | null; at: LoopAt | undefined },
  work: () => Promise<void>,
): Promise<void> {
  const inLoop = loopOf(walk.definition, nodeId) !== undefined;
  // Inside a sub-process with mappings, the walk goes on in its scope too (sub-process-scopes.ts).
  if (!inLoop && mappedScopesAround(walk.definition, nodeId).length === 0) return work();
  const { trx, instance } = walk;
  const at = token.at ?? (inLoop ? await tokenAt(trx, token.id) : undefined);
  const frame = inLoop ? await frameAt(trx, walk.definition, instance.id, nodeId, at) : undefined;
  const scopes = await readScopes(trx, walk.definition, instance.id, nodeId, at);
  return inScopes(walk, scopes, () => (frame ? inFrame(walk, frame, work) : work()));
}

/** The variables a wait at `nodeId` in instance `at` of its multi-instance sub-process sees: its element
 *  variable, `loopCounter` and `nrOfInstances` over the process's (an external task's worker is handed
 *  these, docs/adr/0184-workers-and-conditions-inside-multi-instance.md). */
export async function instanceVariables(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  instanceId: string,
  nodeId: string,
  at: LoopAt | undefined,
  form: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const scopes = await readScopes(trx, definition, instanceId, nodeId, at);
  return frameVariables(scopedVariables(form, scopes), await frameAt(trx, definition, instanceId, nodeId, at));
}

/** Whether the wait of `token` at `nodeId` is in the instance of a multi-instance sub-process that
 *  `keys` name: each key is the element variable of the sub-process (or of the one it is drawn in) or
 *  loopCounter, with the instance's value (compared as text: a message's variables are JSON). A wait
 *  outside one has no such keys. */
export async function instanceMatches(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  wait: { instance_id: string; token_id: string; node_id: string },
  keys: Record<string, unknown>,
): Promise<boolean> {
  if (!loopOf(definition, wait.node_id)) return false;
  const row = await trx
    .selectFrom('flow_tokens')
    .select(['loop_index', 'inner_index'])
    .where('id', '=', wait.token_id)
    .executeTakeFirst();
  const frame = row && (await frameAt(trx, definition, wait.instance_id, wait.node_id, atOfRow(row)));
  if (!frame) return false;
  const seen = frameVariables({}, frame);
  const variables = new Set<string>(['loopCounter']);
  for (let at: LoopFrame | undefined = frame; at; at = at.outer) if (at.variable) variables.add(at.variable);
  const same = (a: unknown, b: unknown) => a !== undefined && String(a) === String(b);
  return Object.entries(keys).every(([key, value]) => variables.has(key) && same(seen[key], value));
}

/** Once the action has walked its paths: each instance an end was reached in, with no token of it left
 *  inside, is done; the sub-process then ends when its condition holds or no instance is left, or a
 *  sequence starts its next instance. Inside an instance of another multi-instance sub-process, all of
 *  this is that instance's: its holding token, its instances, and the walk on after it. True when anything moved. */
export async function settleLoops(walk: Walk): Promise<boolean> {
  let moved = false;
  for (const { scope, index, outer } of walk.loopEnds.splice(0)) {
    const { trx, instance } = walk;
    const around = atOf(outer);
    const at: LoopAt = around ? { index: around.index, inner: index } : { index };
    const left = await trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where('node_id', 'in', nodesInside(walk.definition, scope))
      .where(tokensAt(at))
      .executeTakeFirst();
    if (left) continue; // another path of this instance still runs; its end settles it
    let holding = trx
      .updateTable('flow_tokens')
      .set((eb) => ({ loop_done: eb('loop_done', '+', 1) }))
      .where('instance_id', '=', instance.id)
      .where('node_id', '=', scope);
    if (around) holding = holding.where('loop_index', '=', around.index);
    const holder = await holding.returning(['id', 'loop_items', 'loop_done', 'loop_output']).executeTakeFirst();
    if (!holder) continue; // the sub-process ended earlier in this action (its condition held)
    moved = true;
    const node = walk.definition.nodes[scope];
    const items = JSON.parse(holder.loop_items ?? '[]') as unknown[];
    const done = holder.loop_done ?? 0;
    // What the ended instance gives, and the list as it now stands (docs/adr/0212-multi-instance-sub-process-outputs.md).
    const ended = frameOf(node, index, items, outer, holder.loop_output);
    await endInstance(walk, node, ended);
    const kept = await collectInstance(walk, node, holder.id, ended, holder.loop_output);
    const list = (kept && runningList(node, items, kept)) ?? {};
    // Drawn inside a mapped sub-process, what follows reads its scope (docs/adr/0231-interventions-enter-mapped-sub-processes.md).
    const scopes = await readScopes(trx, walk.definition, instance.id, scope, around);
    await inScopes(walk, scopes, () =>
      inFrame(walk, outer, async () => {
        const variables = { ...walk.variables(), ...list };
        const complete =
          done >= items.length ||
          (node.multi!.completion !== undefined &&
            evaluateRule(node.multi!.completion, {
              ...variables,
              form: variables,
              ...loopCounts(items.length, done, node.multi!.sequential ? 0 : items.length - done),
            }));
        if (complete) {
          await cancelInside(walk, scope, around);
          await trx.deleteFrom('flow_tokens').where('id', '=', holder.id).execute();
          await setInstanceVariables(walk, scope, outer, list);
          await noteStep(walk, scope);
          await walk.leave(scope);
        } else if (node.multi!.sequential) await runInstance(walk, node, done, items, outer, kept);
      }),
    );
  }
  return moved;
}

/** The list of a multi-instance sub-process `scope` that completed in the instance `outer` of the one it
 *  is drawn in (none: at the process's level): that instance's own when its output element names it
 *  alone, the process's otherwise. */
const setInstanceVariables = (
  walk: Walk,
  scope: string,
  outer: LoopFrame | undefined,
  values: Record<string, unknown>,
) => keepInInstance(walk.trx, walk.instance, walk.definition, scope, atOf(outer), values, outer, walk.scopes);
