// Every task the engine opens goes through here: the task, and in the same transaction the message
// that tells its approver (migration 0019), so what rolls back tells nobody and nothing committed is
// left untold. Approvals entered by a walk and approvers changed by a batch both use it.
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Db, FlowTokens } from '../db/schema.ts';

export interface NewTask {
  token_id: string | null;
  node_id: string;
  assignee_id: string;
  created_by_action: number | null;
  made_by_batch?: string | null;
}

/** Call it inside the action's transaction (`trx`). The token the tasks wait on, when new, is written
 *  by the same statement (docs/adr/0077-submissions-prepared-statements.md: one round trip for the token, the tasks and their messages). */
export async function openTasks(
  trx: Db,
  instance: { id: string; domain_id: string },
  at: Date,
  tasks: readonly NewTask[],
  token?: Insertable<FlowTokens>,
): Promise<void> {
  if (tasks.length === 0) {
    if (token) await trx.insertInto('flow_tokens').values(token).execute();
    return;
  }
  const rows = tasks.map((task) => ({
    id: randomUUID(),
    instance_id: instance.id,
    status: 'open' as const,
    created_at: at,
    ...task,
  }));
  const messages = rows.map((task) => ({
    id: randomUUID(),
    domain_id: instance.domain_id,
    user_id: task.assignee_id,
    task_id: task.id,
    instance_id: instance.id,
    created_at: at,
  }));
  // Data-modifying CTEs: the foreign keys (task → token, message → task) are checked at the statement's end.
  const withTasks = (token ? trx.with('token', (db) => db.insertInto('flow_tokens').values(token)) : trx).with(
    'tasks',
    (db) => db.insertInto('flow_tasks').values(rows),
  );
  await withTasks.insertInto('task_messages').values(messages).execute();
}

/** As openTasks, for the users a query selects (`id`, in the order `n`), read by the same statement
 *  that writes the token, the tasks and their messages (docs/adr/0080-submissions-caller-check-locks.md); answers the users' ids in that order.
 *  None selected: only the token is written, and the caller refuses, which rolls the action back. */
export async function openTasksFor(
  trx: Db,
  instance: { id: string; domain_id: string },
  at: Date,
  assignees: SelectQueryBuilder<never, never, { id: string; n: number }>,
  task: Omit<NewTask, 'assignee_id'>,
  token?: Insertable<FlowTokens>,
): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`with ${token ? sql`token as (${trx.insertInto('flow_tokens').values(token)}),` : sql``}
      approvers as (${assignees}),
      tasks as (insert into flow_tasks (id, instance_id, status, created_at, token_id, node_id, assignee_id, created_by_action, made_by_batch)
        select gen_random_uuid()::text, ${instance.id}::text, 'open', ${at}::timestamptz, ${task.token_id}::text, ${task.node_id}::text, a.id, ${task.created_by_action}::int8, ${task.made_by_batch ?? null}::text
        from approvers a returning id, assignee_id),
      messages as (insert into task_messages (id, domain_id, user_id, task_id, instance_id, created_at)
        select gen_random_uuid()::text, ${instance.domain_id}::text, t.assignee_id, t.id, ${instance.id}::text, ${at}::timestamptz from tasks t)
    select id from approvers order by n`.execute(trx);
  return rows.map((r) => r.id);
}
