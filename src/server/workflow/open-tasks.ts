// Every task the engine opens goes through here: the task, and in the same transaction the message
// that tells its approver (migration 0019), so what rolls back tells nobody and nothing committed is
// left untold. Approvals entered by a walk and approvers changed by a batch both use it.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db, FlowTokensTable } from '../db/schema.ts';

export interface NewTask {
  token_id: string | null;
  node_id: string;
  assignee_id: string;
  created_by_action: number | null;
  made_by_batch?: string | null;
}

/** Call it inside the action's transaction (`trx`). The token the tasks wait on, when new, is written
 *  by the same statement (D77: one round trip for the token, the tasks and their messages). */
export async function openTasks(trx: Db, instance: { id: string; domain_id: string }, at: Date, tasks: readonly NewTask[], token?: Insertable<FlowTokensTable>): Promise<void> {
  if (tasks.length === 0) {
    if (token) await trx.insertInto('flow_tokens').values(token).execute();
    return;
  }
  const rows = tasks.map((task) => ({ id: randomUUID(), instance_id: instance.id, status: 'open' as const, created_at: at, ...task }));
  const messages = rows.map((task) => ({ id: randomUUID(), domain_id: instance.domain_id, user_id: task.assignee_id, task_id: task.id, instance_id: instance.id, created_at: at }));
  // Data-modifying CTEs: the foreign keys (task → token, message → task) are checked at the statement's end.
  const withTasks = (token ? trx.with('token', (db) => db.insertInto('flow_tokens').values(token)) : trx).with('tasks', (db) => db.insertInto('flow_tasks').values(rows));
  await withTasks.insertInto('task_messages').values(messages).execute();
}
