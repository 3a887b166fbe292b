// Conditional events (docs/adr/0139-call-activities-and-conditional-events.md): an intermediate catch event that waits until a
// condition over the instance's variables holds, and an interrupting boundary event that leaves its
// activity when one does. A catch event whose condition holds on arrival is passed at once; otherwise
// its token waits, and every action on the instance (those that change its variables among them) looks
// again, once its paths are walked, at the tokens standing where a condition is watched. A condition
// that fails to evaluate counts as false, as a multi-instance completion condition does (0125).
import { evaluateRule } from '../../core/rules.ts';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-types.ts';
import { inLoopOf } from './loop-scopes.ts';
import { cancelInside, noteInterruptedStep, noteStep } from './scopes.ts';
import { enterWait } from './waits/enter-wait.ts';
import type { WalkState } from './walk-state.ts';

const conditionOf = (node: ProcessNode | undefined) =>
  node?.event?.type === 'conditional' ? node.event.condition : undefined;

/** Over the variables the walk sees now: inside an instance of a multi-instance sub-process its element
 *  variable, loopCounter and nrOfInstances over the process's (docs/adr/0184-workers-and-conditions-inside-multi-instance.md). */
function holds(walk: WalkState, condition: string): boolean {
  const form = walk.variables();
  try {
    return Boolean(evaluateRule(condition, { ...form, form }));
  } catch {
    return false;
  }
}

const watchedOf = new WeakMap<ProcessDefinition, string[]>();

/** The nodes where a token waits on a condition: conditional catch events and the activities that carry
 *  a conditional boundary event; found once per definition, which never changes. */
export function watchedNodes(definition: ProcessDefinition): string[] {
  let ids = watchedOf.get(definition);
  if (!ids)
    watchedOf.set(
      definition,
      (ids = Object.values(definition.nodes)
        .filter(
          (n) =>
            (n.kind === 'catch' && conditionOf(n)) ||
            (n.boundaries ?? []).some((b) => conditionOf(definition.nodes[b])),
        )
        .map((n) => n.id)),
    );
  return ids;
}

/** A flow reaches a conditional catch event: passed when its condition holds, else its token waits. */
export async function enterConditional(walk: WalkState, node: ProcessNode): Promise<void> {
  if (!holds(walk, conditionOf(node)!)) {
    const { trx, instance, definition, action, loop } = walk;
    await enterWait({ trx, instance, definition, at: action.at, ...(loop ? { loopIndex: loop.index } : {}) }, node);
    return;
  }
  await noteStep(walk, node.id);
  return walk.leave(node.id);
}

/** Fires the conditions that now hold at the tokens that watch one; true when a token moved. */
export async function fireConditions(walk: WalkState): Promise<boolean> {
  const { definition, trx } = walk;
  const watched = watchedNodes(definition);
  if (watched.length === 0) return false;
  const tokens = await trx
    .selectFrom('flow_tokens')
    .select(['id', 'node_id', 'loop_index'])
    .where('instance_id', '=', walk.instance.id)
    .where('state', '=', 'active')
    .where('node_id', 'in', watched)
    .execute();
  let moved = false;
  // A token inside a multi-instance sub-process is looked at, and goes on, in its instance (0184).
  for (const token of tokens)
    await inLoopOf(walk, token.node_id, { id: null, loopIndex: token.loop_index }, async () => {
      if (await fire(walk, token)) moved = true;
    });
  return moved;
}

/** The token's condition, if one holds now: the catch event is passed, or the boundary event leaves its
 *  activity (a multi-instance sub-process: every instance inside is cancelled). True when it moved. */
async function fire(walk: WalkState, token: { id: string; node_id: string }): Promise<boolean> {
  const { definition, trx } = walk;
  const node = definition.nodes[token.node_id];
  const from =
    node.kind === 'catch'
      ? holds(walk, conditionOf(node)!)
        ? node.id
        : undefined
      : (node.boundaries ?? []).find((b) => {
          const condition = conditionOf(definition.nodes[b]);
          return condition !== undefined && holds(walk, condition);
        });
  if (!from) return false;
  // The activity is left: its open tasks go with its token (and the token's other waits with it).
  await trx
    .updateTable('flow_tasks')
    .set({ status: 'cancelled', done_at: walk.action.at })
    .where('token_id', '=', token.id)
    .where('status', '=', 'open')
    .execute();
  const gone = await trx.deleteFrom('flow_tokens').where('id', '=', token.id).returning('id').executeTakeFirst();
  if (!gone) return false;
  walk.reached.delete(node.id);
  if (node.kind === 'subprocess') {
    // The token held the instances of a multi-instance sub-process (docs/adr/0170-multi-instance-ends-boundaries-nested.md).
    await cancelInside(walk, node.id);
    await noteStep(walk, node.id);
    walk.terminated.add(node.id);
  }
  // A call activity left so is interrupted (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md).
  if (node.kind === 'call') await noteInterruptedStep(walk, node.id);
  await noteStep(walk, from);
  await walk.leave(from);
  return true;
}
