// Multi-instance approvals (docs/adr/0125-multi-instance-approvals.md): one task per approver, each an
// instance. In parallel every task opens at once and the node is done when all are, or earlier when
// its completion condition holds (countersign by any, by ratio); the others' tasks are then cancelled.
// In sequence one task opens at a time, in the order the approvers are named, the next once the one
// before is done. The condition reads nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances and
// the instance's variables, as Camunda, Flowable and Zeebe do.
import { evaluateRule, ruleValue } from '../../core/rules.ts';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import type { MultiInstance } from '../../core/workflow/process-types.ts';
import { resolveApprovers } from './approvers.ts';
import { elementsOf, outputList, placeIn, type ChosenInstance, type KeptOutput } from './multi-instance-output.ts';
import { elementInstances, nextIndex } from './multi-instance-assignees.ts';
import { endedBy } from './multi-instance-reopen.ts';
import { instanceOf } from './multi-instance-slots.ts';
import { chosenOf, chosenOutput, nextChosen } from './multi-instance-chosen.ts';
import { openTasks } from './open-tasks.ts';
import { instanceInputs } from './task-locals.ts';
import { frameVariables, type WalkState as Walk } from './walk-state.ts';
import type { Db } from '../db/schema.ts';

/** How many instances a `loopCardinality` asks for over the variables (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md):
 *  a whole number; anything else (a failed expression, a negative or fractional value) counts as none. */
export function cardinalityOf(multi: MultiInstance, variables: Record<string, unknown>): number {
  let value: unknown;
  try {
    value = ruleValue(multi.cardinality!, { ...variables, form: variables });
  } catch {
    return 0;
  }
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
}

/** The counts a completion condition reads, under Camunda 7's names and Zeebe's
 *  (docs/adr/0202-multi-instance-output-collections.md). */
export const loopCounts = (instances: number, completed: number, active: number) => ({
  nrOfInstances: instances,
  nrOfCompletedInstances: completed,
  nrOfActiveInstances: active,
  numberOfInstances: instances,
  numberOfCompletedInstances: completed,
  numberOfActiveInstances: active,
});

/** An output collection as it stands while the approval runs, which its completion condition and a
 *  sequence's next approvers read (Zeebe's variable of the multi-instance body,
 *  docs/adr/0206-multi-instance-output-collections-kept-in-step.md, docs/adr/0210-multi-instance-countersign-kept-whole.md):
 *  from the token's tasks, read with its count; none without one. */
function runningList(
  walk: Walk,
  node: ProcessNode,
  tasks: ReadonlyArray<{ status: string; output: KeptOutput | null }>,
): Record<string, unknown> {
  const output = node.multi!.output;
  if (!output) return {};
  const done = tasks.filter((t) => t.status === 'done').map((t) => t.output);
  return { [output.collection]: outputList(node, walk.variables(), done) };
}

/** The `locals` column of the tasks opened for `opened` at an approval (task-locals.ts): at a
 *  multi-instance approval with input mappings, each inner instance's own: at its `slots` entry when the
 *  instances are known by index (approvers an intervention chose, multi-instance-chosen.ts), else at the
 *  place of the approver's login number in the collection, or without a collection at its place in
 *  `order` (the approvers in their instances' order); null elsewhere (a task alone on its token keeps
 *  them there). */
export async function approverInputs(
  trx: Db,
  node: ProcessNode,
  variables: Record<string, unknown>,
  opened: readonly string[],
  order: readonly string[],
  slots?: readonly number[],
): Promise<Array<string | null>> {
  if (!node.multi || !node.io?.inputs.length || opened.length === 0) return opened.map(() => null);
  const kept = (index: number, elements?: unknown[]) =>
    JSON.stringify(instanceInputs(node, variables, index, elements));
  const elements = node.multi.collection ? elementsOf(node, variables) : undefined;
  // Known by index: the instance's element and loopCounter, whoever does it (one user may do two).
  if (slots) return slots.map((index) => kept(index, elements));
  if (!elements) return opened.map((id) => kept(order.indexOf(id)));
  const users = await trx.selectFrom('users').select(['id', 'loginno']).where('id', 'in', opened).execute();
  return opened.map((id) => kept(placeIn(elements, users.find((u) => u.id === id)?.loginno), elements));
}

/** The approvers given a task when the node is entered: all of them, or the first in a sequence. */
export const firstInstances = (node: ProcessNode, approvers: string[]): string[] =>
  node.multi?.sequential ? approvers.slice(0, 1) : approvers;

const byKind = new WeakMap<ProcessDefinition, { sequential: string[]; parallel: string[] }>();

function multiInstances(definition: ProcessDefinition) {
  let found = byKind.get(definition);
  if (!found) {
    const multi = Object.values(definition.nodes).filter((n) => n.multi && n.kind === 'manual');
    found = {
      sequential: multi.filter((n) => n.multi!.sequential).map((n) => n.id),
      parallel: multi.filter((n) => !n.multi!.sequential).map((n) => n.id),
    };
    byKind.set(definition, found);
  }
  return found;
}

/** The definition's sequential approvals: a submission there never ends the node by itself (actions.ts). */
export const sequentialApprovals = (definition: ProcessDefinition): string[] => multiInstances(definition).sequential;

/** The definition's parallel multi-instance approvals: the list's label counts their instances. */
export const parallelMultiInstances = (definition: ProcessDefinition): string[] => multiInstances(definition).parallel;

/** After a submission at a multi-instance approval whose token stayed: true when the node is now done
 *  (its completion condition holds, or a sequence has no approver left); its open tasks are then
 *  cancelled and its token goes. A sequence not done opens the next approver's task. */
export async function instanceDone(
  walk: Walk,
  node: ProcessNode,
  tokenId: string,
  /** Variables the submitting instance keeps as its own (multi-instance-output.ts): its condition sees them. */
  local: Record<string, unknown> = {},
): Promise<boolean> {
  const { trx, instance, action } = walk;
  const tasks = await trx
    .selectFrom('flow_tasks')
    .select(['assignee_id', 'status', 'output'])
    .where('instance_id', '=', instance.id)
    .where('token_id', '=', tokenId)
    .where('status', 'in', ['open', 'done'])
    .execute();
  // Whose instances are done: a task done in another approver's place did that one's (multi-instance-slots.ts).
  const done = tasks.filter((t) => t.status === 'done').map(instanceOf);
  const active = tasks.length - done.length;
  // The next instance's assignee and candidates see the list as it stands, not the submitter's own
  // variables (docs/adr/0210-multi-instance-countersign-kept-whole.md).
  const list = runningList(walk, node, tasks);
  // An assignee computed from the element: the instances are the collection's, known by index
  // (multi-instance-assignees.ts).
  const computed = node.multi!.assignee !== undefined;
  const processVariables = { ...frameVariables(instance.form_data, walk.loop), ...list };
  // Approvers an intervention chose are the instances, in their order (multi-instance-chosen.ts).
  const chosen = chosenOf(tasks);
  const approvers = chosen
    ? chosen
    : computed
      ? elementsOf(node, processVariables)
      : node.multi!.sequential
        ? await resolveApprovers(trx, await walk.approverRules(node), {
            ...walk.approverContext(),
            form: { ...walk.variables(), ...list },
          })
        : tasks.map((t) => t.assignee_id);
  const form = { ...walk.variables(), ...local, ...list };
  // A count asks for that many approvers' tasks done, each approver doing at most one (0167).
  const wanted = node.multi!.cardinality ? cardinalityOf(node.multi!, form) : undefined;
  const doneTasks = tasks.filter((t) => t.status === 'done');
  const nextOf = (): ChosenInstance | number | string | undefined =>
    chosen
      ? nextChosen(chosen, doneTasks)
      : computed
        ? nextIndex(node, processVariables, doneTasks)
        : (approvers as string[]).find((a) => !done.includes(a));
  const next = node.multi!.sequential && (wanted === undefined || done.length < wanted) ? nextOf() : undefined;
  const complete =
    (wanted !== undefined && done.length >= wanted) ||
    (node.multi!.completion !== undefined &&
      evaluateRule(node.multi!.completion, {
        ...form,
        form,
        ...loopCounts(wanted ?? Math.max(approvers.length, done.length), done.length, active),
      })) ||
    (node.multi!.sequential && next === undefined && active === 0);
  if (complete) {
    // Marked with the completing action: its retraction reopens exactly these (multi-instance-reopen.ts).
    await trx
      .updateTable('flow_tasks')
      .set({ status: 'cancelled', done_at: action.at, output: endedBy(action.id) })
      .where('instance_id', '=', instance.id)
      .where('token_id', '=', tokenId)
      .where('status', '=', 'open')
      .execute();
    await trx.deleteFrom('flow_tokens').where('id', '=', tokenId).execute();
    return true;
  }
  if (typeof next === 'object' && active === 0) {
    const [locals] = await approverInputs(trx, node, processVariables, [next.user], [], [next.index]);
    await openTasks(trx, instance, action.at, [
      {
        token_id: tokenId,
        node_id: node.id,
        assignee_id: next.user,
        created_by_action: action.id,
        output: chosenOutput(next, chosen!),
        locals,
      },
    ]);
    walk.reached.set(node.id, { name: node.name, assignees: [next.user] });
  } else if (typeof next === 'number' && active === 0) {
    const [opened] = await elementInstances(trx, instance.domain_id, node, processVariables, [next]);
    await openTasks(trx, instance, action.at, [
      {
        token_id: tokenId,
        node_id: node.id,
        assignee_id: opened.assignee,
        created_by_action: action.id,
        output: opened.output,
        locals: opened.locals,
      },
    ]);
    walk.reached.set(node.id, { name: node.name, assignees: [opened.assignee] });
  } else if (typeof next === 'string' && active === 0) {
    // Its inputs see the process's variables, not the submitted instance's own.
    const [locals] = await approverInputs(
      trx,
      node,
      frameVariables(instance.form_data, walk.loop),
      [next],
      approvers as string[],
    );
    await openTasks(trx, instance, action.at, [
      { token_id: tokenId, node_id: node.id, assignee_id: next, created_by_action: action.id, locals },
    ]);
    walk.reached.set(node.id, { name: node.name, assignees: [next] });
  }
  return false;
}
