// Joins the walk reaches (walk.ts): a parallel join's tokens per incoming flow, and once the action has
// walked every path, the joins, sub-processes, multi-instance instances and conditions it left waiting
// settled in turn until nothing moves.
import { randomUUID } from 'node:crypto';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import { fireConditions } from './conditions.ts';
import { inclusiveJoinsWaiting } from './inclusive-gateway.ts';
import { inLoopOf, settleLoops } from './loop-scopes.ts';
import { boundariesOf, settleScopes } from './scopes.ts';
import { leaveMappedScope } from './variable-homes.ts';
import { atColumns, atOf, joinOfKey, tokensAt, type WalkState } from './walk-state.ts';

/** A token arrives at a parallel join by `flowId`; true when every incoming flow has now brought one
 *  (those tokens are then used up and the join goes on). */
export async function joined(walk: WalkState, node: ProcessNode, flowId: string): Promise<boolean> {
  await arrive(walk, node, flowId);
  let query = walk.trx
    .selectFrom('flow_tokens')
    .select(['id', 'via_flow'])
    .where('instance_id', '=', walk.instance.id)
    .where('node_id', '=', node.id)
    .where('state', '=', 'joining');
  // Inside a multi-instance sub-process, tokens join only with those of their own instance (0167).
  const at = atOf(walk.loop);
  if (at) query = query.where(tokensAt(at));
  const waiting = await query.execute();
  const arrived = new Set(waiting.map((t) => t.via_flow));
  if (!node.incoming.every((f) => arrived.has(f))) return false;
  // One token per incoming flow is used up; a second one on the same flow (a loop) waits for the next round.
  const used = node.incoming.map((f) => waiting.find((t) => t.via_flow === f)!.id);
  await walk.trx.deleteFrom('flow_tokens').where('id', 'in', used).execute();
  return true;
}

/** A token waits at a join, having come by `flowId`. */
export async function arrive(walk: WalkState, node: ProcessNode, flowId: string): Promise<void> {
  await walk.trx
    .insertInto('flow_tokens')
    .values({
      id: randomUUID(),
      instance_id: walk.instance.id,
      node_id: node.id,
      state: 'joining',
      via_flow: flowId,
      created_at: walk.action.at,
      ...atColumns(atOf(walk.loop)),
    })
    .execute();
}

/** Once the action has walked every path: a join still waiting for a branch that no active token can
 *  bring any more (an intervention ended that branch) goes on with the tokens that came. Checked only
 *  now, not on arrival, because the walk follows one branch of a split before it starts the next. */
export async function settleJoins(walk: WalkState): Promise<void> {
  for (const joinId of await inclusiveJoinsWaiting(walk)) walk.waitingJoins.add(joinId);
  for (let moved = true; moved;) {
    // A sub-process whose last path inside ended goes on first: a join after it may be waiting for it.
    moved = await settleScopes(walk, (scope, at, work) =>
      inLoopOf(walk, scope, { id: null, at }, async () => {
        await leaveMappedScope(walk, scope, at);
        await work();
      }),
    );
    // An instance of a multi-instance sub-process that ended may end it or start the next one.
    if (await settleLoops(walk)) moved = true;
    // A condition watched by a waiting token may hold now that the action changed the variables.
    if (await fireConditions(walk)) moved = true;
    for (const key of [...walk.waitingJoins]) {
      // A join inside a multi-instance sub-process waits per instance: only that instance's tokens count (0167).
      const { joinId, at } = joinOfKey(key);
      let active = walk.trx
        .selectFrom('flow_tokens')
        .select('node_id')
        .where('instance_id', '=', walk.instance.id)
        .where('state', '=', 'active');
      if (at) active = active.where(tokensAt(at));
      if ((await active.execute()).some((t) => reaches(walk.definition, t.node_id, joinId))) continue;
      walk.waitingJoins.delete(key);
      let came = walk.trx
        .deleteFrom('flow_tokens')
        .where('instance_id', '=', walk.instance.id)
        .where('node_id', '=', joinId)
        .where('state', '=', 'joining');
      if (at) came = came.where(tokensAt(at));
      if ((await came.returning('id').execute()).length === 0) continue;
      await inLoopOf(walk, joinId, { id: null, at }, () => walk.leave(joinId));
      moved = true;
    }
  }
}

/** Whether a path leads from one node to another: along flows, out of a sub-process at its ends, into
 *  one at its start, out of an activity by its boundary events. */
export function reaches(definition: ProcessDefinition, from: string, to: string): boolean {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const node = definition.nodes[queue.shift()!];
    const after = node.outgoing.map((f) => definition.flows[f].target);
    if (node.kind === 'complete' && node.parent) after.push(node.parent);
    if (node.start) after.push(node.start);
    after.push(...boundariesOf(definition, node.id));
    for (const next of after) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}
