// An approval the walk reaches (walk.ts): a token on it and a task for each of its approvers, those its
// rules name or the users an intervention chose; a multi-instance approval's instances counted first.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ProcessNode } from '../../core/workflow/process-definition.ts';
import type { FlowTokens } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { databaseRule, resolveApprovers } from './approvers.ts';
import { approverInputs, firstInstances } from './multi-instance.ts';
import { chosenInstances, chosenOutput, enteredInstances } from './multi-instance-chosen.ts';
import { openElementTasks } from './multi-instance-assignees.ts';
import { openTasks, openTasksFor, type NewTask } from './open-tasks.ts';
import { localsColumn, tokenInputs } from './task-locals.ts';
import { armBoundaries, type WaitContext } from './waits/enter-wait.ts';
import { atColumns, atOf, type WalkState } from './walk-state.ts';

/** Puts a token on an approval and gives each of its approvers a task: those its rules name, or the
 *  users an intervention chose. */
export async function reachApproval(
  walk: WalkState & { waitContext(): WaitContext },
  node: ProcessNode,
  chosen?: readonly string[],
  indexes?: readonly number[],
): Promise<void> {
  // Its input mappings are its own variables, which its approvers' rules see (task-locals.ts); a
  // multi-instance approval's are each inner instance's, on its task.
  const locals = tokenInputs(node, walk.variables());
  const seen = walk.approverContext();
  const context = locals ? { ...seen, form: { ...seen.form, ...locals } } : seen;
  const token = {
    id: randomUUID(),
    instance_id: walk.instance.id,
    node_id: node.id,
    state: 'active' as const,
    via_flow: null,
    created_at: walk.action.at,
    ...atColumns(atOf(walk.loop)),
    ...localsColumn(locals),
  };
  const task = { token_id: token.id, node_id: node.id, created_by_action: walk.action.id };
  const rules = await walk.approverRules(node);
  // A multi-instance approval counts its instances, so its approvers are resolved first (multi-instance.ts).
  const rule = chosen || node.multi ? undefined : databaseRule(rules);
  let approvers: string[];
  if (rule) approvers = await openTasksFor(walk.trx, walk.instance, walk.action.at, rule, context, task, token);
  // Each inner instance's approver from its own element (multi-instance-assignees.ts).
  else if (node.multi?.assignee && !chosen)
    approvers = await openElementTasks(walk.trx, walk.instance, walk.action.at, node, walk.variables(), task, token);
  // Chosen approvers of a multi-instance approval are its instances, in order (multi-instance-chosen.ts).
  else if (chosen && node.multi) approvers = await openChosenTasks(walk, node, chosen, indexes, task, token);
  else {
    const all = chosen ? [...chosen] : await resolveApprovers(walk.trx, rules, context);
    approvers = chosen ? all : firstInstances(node, all);
    const inputs = await approverInputs(walk.trx, node, walk.variables(), approvers, all);
    if (approvers.length > 0)
      await openTasks(
        walk.trx,
        walk.instance,
        walk.action.at,
        approvers.map((assignee, i) => ({ ...task, assignee_id: assignee, locals: inputs[i] })),
        token,
      );
  }
  if (approvers.length === 0) throw new AppError('conflict', { name: node.name }, 'workflow.msg.noApprovers');
  if (node.boundaries) await armBoundaries(walk.waitContext(), node, token.id);
  walk.reached.set(node.id, {
    name: node.name,
    assignees: [...(walk.reached.get(node.id)?.assignees ?? []), ...approvers],
  });
}

/** Opens the tasks of the instances chosen at a multi-instance approval: every one in parallel, the first
 *  in a sequence, each with its index, its inputs and the whole choice; answers their approvers. */
async function openChosenTasks(
  walk: WalkState,
  node: ProcessNode,
  chosen: readonly string[],
  indexes: readonly number[] | undefined,
  task: Omit<NewTask, 'assignee_id'>,
  token: Insertable<FlowTokens>,
): Promise<string[]> {
  const instances = chosenInstances(node, walk.variables(), chosen, indexes);
  const opening = enteredInstances(node, instances);
  const approvers = opening.map((i) => i.user);
  const inputs = await approverInputs(
    walk.trx,
    node,
    walk.variables(),
    approvers,
    approvers,
    opening.map((i) => i.index),
  );
  await openTasks(
    walk.trx,
    walk.instance,
    walk.action.at,
    opening.map((instance, i) => ({
      ...task,
      assignee_id: instance.user,
      locals: inputs[i],
      output: chosenOutput(instance, instances),
    })),
    token,
  );
  return approvers;
}
