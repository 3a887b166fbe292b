// Every task the engine opens goes through here: the task, and in the same transaction the message
// that tells its approver (migration 0019), so what rolls back tells nobody and nothing committed is
// left untold. Approvals entered by a walk and approvers changed by a batch both use it.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.ts';

export interface NewTask {
  token_id: string | null;
  node_id: string;
  assignee_id: string;
  created_by_action: number | null;
  made_by_batch?: string | null;
}

/** Call it inside the action's transaction (`trx`). */
export async function openTasks(trx: Db, instance: { id: string; domain_id: string }, at: Date, tasks: readonly NewTask[]): Promise<void> {
  if (tasks.length === 0) return;
  const rows = tasks.map((task) => ({ id: randomUUID(), instance_id: instance.id, status: 'open' as const, created_at: at, ...task }));
  await trx.insertInto('flow_tasks').values(rows).execute();
  await trx
    .insertInto('task_messages')
    .values(rows.map((task) => ({ id: randomUUID(), domain_id: instance.domain_id, user_id: task.assignee_id, task_id: task.id, instance_id: instance.id, created_at: at })))
    .execute();
}
