// Conditional events (docs/adr/0139-call-activities-and-conditional-events.md): an intermediate catch event that waits until a
// condition over the instance's variables holds, an interrupting boundary event that leaves its
// activity when one does, and a non-interrupting one that starts its path beside the activity each time
// its condition becomes true (docs/adr/0194-conditional-boundaries-non-interrupting.md). A catch event whose condition holds on arrival is passed at once; otherwise
// its token waits, and every action on the instance (those that change its variables among them) looks
// again, once its paths are walked, at the tokens standing where a condition is watched. A condition
// that fails to evaluate counts as false, as a multi-instance completion condition does (0125).
import { evaluateRule } from '../../core/rules.ts';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-types.ts';
import { inLoopOf } from './loop-scopes.ts';
import { activityInterrupted, noteStep } from './scopes.ts';
import { variableChange, variableChanges } from './variable-changes.ts';
import { enterWait } from './waits/enter-wait.ts';
import { atOf, atOfRow, type WalkState } from './walk-state.ts';

const conditionOf = (node: ProcessNode | undefined) =>
  node?.event?.type === 'conditional' ? node.event.condition : undefined;

/** Whether this action is one the node's condition is looked at after: any, unless it watches one
 *  variable (`camunda:variableName`) or some kinds of change (`camunda:variableEvents`), when the
 *  action must have changed that variable (any, without a name) so (docs/adr/0194-conditional-boundaries-non-interrupting.md).
 *  A token that came in this action looks at every condition it watches, as on arrival. */
function looksNow(walk: WalkState, node: ProcessNode, arrived: boolean): boolean {
  const event = node.event?.type === 'conditional' ? node.event : undefined;
  if (!event || arrived || (!event.variable && !event.changes)) return true;
  const { instance } = walk;
  const changes = event.variable ? new Set([variableChange(instance, event.variable)]) : variableChanges(instance);
  return [...changes].some((c) => c !== undefined && (!event.changes || event.changes.includes(c)));
}

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
    await enterWait(
      { trx, instance, definition, at: action.at, loopAt: atOf(loop), variables: walk.variables() },
      node,
    );
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
    .select(['id', 'node_id', 'loop_index', 'inner_index', 'conditions_held', 'created_at'])
    .where('instance_id', '=', walk.instance.id)
    .where('state', '=', 'active')
    .where('node_id', 'in', watched)
    .execute();
  let moved = false;
  // A token inside a multi-instance sub-process is looked at, and goes on, in its instance (0184).
  for (const token of tokens)
    await inLoopOf(walk, token.node_id, { id: null, at: atOfRow(token) }, async () => {
      if (await fire(walk, token)) moved = true;
    });
  return moved;
}

interface Watching {
  id: string;
  node_id: string;
  conditions_held: string[] | null;
  created_at: Date;
}

/** The token's conditions that hold now: the catch event is passed; each non-interrupting boundary whose
 *  condition did not hold when last looked at starts its path, the activity running on; an interrupting
 *  one leaves the activity (a multi-instance sub-process: every instance inside is cancelled). True when
 *  a token moved. */
async function fire(walk: WalkState, token: Watching): Promise<boolean> {
  const { definition } = walk;
  const node = definition.nodes[token.node_id];
  const arrived = new Date(token.created_at).getTime() === walk.action.at.getTime();
  if (node.kind === 'catch')
    return looksNow(walk, node, arrived) && holds(walk, conditionOf(node)!) && leave(walk, token, node, node.id);
  // A boundary whose condition is not looked at now holds as it did when last looked at: a reminder
  // does not fire again, an interrupting one not at all.
  const holding = (node.boundaries ?? []).filter((b) => {
    const boundary = definition.nodes[b];
    const condition = conditionOf(boundary);
    if (condition === undefined) return false;
    if (looksNow(walk, boundary, arrived)) return holds(walk, condition);
    return boundary.interrupting === false && (token.conditions_held ?? []).includes(b);
  });
  const started = await remindersStarted(walk, token, holding);
  const from = holding.find((b) => definition.nodes[b].interrupting !== false);
  return (from !== undefined && (await leave(walk, token, node, from))) || started;
}

/** The non-interrupting boundaries among `holding` whose condition did not hold when the token was last
 *  looked at (or that it met on arrival) take their path (docs/adr/0194-conditional-boundaries-non-interrupting.md):
 *  once per change from false to true, not after every action while it holds. The token keeps which hold. */
async function remindersStarted(walk: WalkState, token: Watching, holding: string[]): Promise<boolean> {
  const held = holding.filter((b) => walk.definition.nodes[b].interrupting === false);
  const before = token.conditions_held ?? [];
  if (held.length === before.length && held.every((b) => before.includes(b))) return false;
  const kept = await walk.trx
    .updateTable('flow_tokens')
    .set({ conditions_held: held.length > 0 ? held : null })
    .where('id', '=', token.id)
    .returning('id')
    .executeTakeFirst();
  if (!kept) return false; // the token went earlier in this pass (its level was left)
  const rising = held.filter((b) => !before.includes(b));
  for (const boundary of rising) {
    await noteStep(walk, boundary);
    await walk.leave(boundary);
  }
  return rising.length > 0;
}

/** The catch event is passed, or the interrupting boundary `from` leaves its activity: its open tasks
 *  go with its token (and the token's other waits with it). True when the token was still there. */
async function leave(walk: WalkState, token: Watching, node: ProcessNode, from: string): Promise<boolean> {
  const { trx } = walk;
  await trx
    .updateTable('flow_tasks')
    .set({ status: 'cancelled', done_at: walk.action.at })
    .where('instance_id', '=', walk.instance.id)
    .where('token_id', '=', token.id)
    .where('status', '=', 'open')
    .execute();
  const gone = await trx.deleteFrom('flow_tokens').where('id', '=', token.id).returning('id').executeTakeFirst();
  if (!gone) return false;
  walk.reached.delete(node.id);
  await activityInterrupted(walk, node);
  await noteStep(walk, from);
  await walk.leave(from);
  return true;
}
