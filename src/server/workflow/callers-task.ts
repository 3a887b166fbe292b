// Which of the caller's open tasks in an instance a runtime action acts on
// (docs/adr/0255-runtime-actions-name-the-task.md). One user may hold several at once: two instances of a
// countersign an intervention or a collection gave them, two parallel branches assigned to them. The
// caller names one with `taskId`; without it the first in a fixed order is taken, never an arbitrary one.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

export interface TaskChoice {
  instanceId: string;
  userId: string;
  /** The task the caller names; undefined: the first in order. */
  taskId?: string;
}

/** Tasks `t` with their tokens `k`, which TASK_ORDER reads. */
export const TASKS_WITH_TOKENS = sql`flow_tasks t left join flow_tokens k on k.id = t.token_id`;

/** Among tasks opened at one moment: their sub-process instance (outer, inner), their approval instance,
 *  their node (parallel branches, by element id), their id. Also what "my tasks" (runtime.tasks) breaks its newest-first order's ties with. */
export const TASK_TIES = sql`k.loop_index, k.inner_index, (t.output ->> 'index')::int, t.node_id, t.id`;

/** The order among one user's open tasks (callersTask), also the order an action's answer gives its new
 *  tasks' ids in (finish-statement.ts): when it opened, then TASK_TIES. */
export const TASK_ORDER = sql`t.created_at, ${TASK_TIES}`;

/** `select columns` of the caller's task (`t`, its token `k`): the one `taskId` names when it is an open
 *  task of the caller in the instance, else none; without `taskId` the first open task of the caller
 *  there by when it opened, then its multi-instance position (its token's sub-process instance, outer then
 *  inner, then its approval instance, `output.index`), then its node id (parallel branches), then its id.
 *  One text for the submission's statement (task-done.ts) and the other actions and views. */
export const callersTask = <R = unknown>(v: TaskChoice, columns: RawBuilder<unknown>) =>
  sql<R>`select ${columns} from ${TASKS_WITH_TOKENS}
    where t.instance_id = ${v.instanceId} and t.assignee_id = ${v.userId} and t.status = 'open'${
      v.taskId === undefined ? sql`` : sql` and t.id = ${v.taskId}`
    }
    order by ${TASK_ORDER} limit 1`;

/** The refusal when the caller has no such task. A named task that is not an open one of the caller's in
 *  the instance is refused alike whatever it is (another user's, done, another instance's or tenant's, none),
 *  so the refusal tells nothing of it. */
export const noCallersTask = (v: TaskChoice) =>
  new AppError(
    'forbidden',
    undefined,
    v.taskId === undefined ? 'workflow.msg.notYourTask' : 'workflow.msg.notYourNamedTask',
  );

/** The caller's task (callersTask); undefined when there is none. */
export async function findCallersTask(db: Db, v: TaskChoice) {
  const { rows } = await callersTask<{ id: string; node_id: string; token_id: string | null }>(
    v,
    sql`t.id, t.node_id, t.token_id`,
  ).execute(db);
  return rows.at(0);
}

/** The caller's task (callersTask), refused when there is none. */
export async function openTaskOf(db: Db, v: TaskChoice) {
  const task = await findCallersTask(db, v);
  if (!task) throw noCallersTask(v);
  return task;
}
