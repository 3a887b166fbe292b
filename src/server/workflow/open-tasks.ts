// Every task the engine opens goes through here: the task, and in the same transaction the message
// that tells its approver (migration 0019), so what rolls back tells nobody and nothing committed is
// left untold. Approvals entered by a walk and approvers changed by a batch both use it.
import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { compiledPerShape } from '../db/compiled-once.ts';
import type { Db, FlowTokens } from '../db/schema.ts';
import { approversQuery, type ApproverContext, type DatabaseRule } from './approvers.ts';

export interface NewTask {
  token_id: string | null;
  node_id: string;
  assignee_id: string;
  created_by_action: number | null;
  made_by_batch?: string | null;
  /** Whose instance a reassigned task does at a multi-instance approval (multi-instance-slots.ts). */
  output?: string | null;
  /** An inner instance's input mappings at a multi-instance approval (multi-instance.ts approverInputs). */
  locals?: string | null;
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

/** What the statement that opens a database rule's tasks takes besides its shape. */
type TasksForValues = {
  domainId: string;
  applicationId: string;
  instanceId: string;
  instanceDomainId: string;
  at: Date;
  tokenId: string | null;
  nodeId: string;
  createdByAction: number | null;
  madeByBatch: string | null;
} & Record<`token.${string}`, unknown>;

/** The statement is built once per rule and set of token columns (docs/adr/0200-engine-statements-compiled-per-shape.md): building it was
 *  a tenth of a submission's JavaScript when the next approval opens tasks. */
const tasksForRule = compiledPerShape(
  (shape: { rule: DatabaseRule; token: readonly string[] | undefined }) => JSON.stringify([shape.rule, shape.token]),
  (trx, { rule, token }, v: TasksForValues) => {
    const tokenRow = token && (Object.fromEntries(token.map((c) => [c, v[`token.${c}`]])) as Insertable<FlowTokens>);
    return sql<{
      id: string;
    }>`with ${tokenRow ? sql`token as (${trx.insertInto('flow_tokens').values(tokenRow)}),` : sql``}
      approvers as (${approversQuery(trx, rule, v)}),
      tasks as (insert into flow_tasks (id, instance_id, status, created_at, token_id, node_id, assignee_id, created_by_action, made_by_batch)
        select gen_random_uuid()::text, ${v.instanceId}::text, 'open', ${v.at}::timestamptz, ${v.tokenId}::text, ${v.nodeId}::text, a.id, ${v.createdByAction}::int8, ${v.madeByBatch}::text
        from approvers a returning id, assignee_id),
      messages as (insert into task_messages (id, domain_id, user_id, task_id, instance_id, created_at)
        select gen_random_uuid()::text, ${v.instanceDomainId}::text, t.assignee_id, t.id, ${v.instanceId}::text, ${v.at}::timestamptz from tasks t)
    select id from approvers order by n`;
  },
);

/** As openTasks, for the users a database rule names (in their order, approversQuery), read by the
 *  same statement that writes the token, the tasks and their messages (docs/adr/0080-submissions-caller-check-locks.md); answers the users' ids
 *  in that order. None named: only the token is written, and the caller refuses, which rolls the action back. */
export async function openTasksFor(
  trx: Db,
  instance: { id: string; domain_id: string },
  at: Date,
  rule: DatabaseRule,
  ctx: Pick<ApproverContext, 'domainId' | 'applicationId'>,
  task: Omit<NewTask, 'assignee_id'>,
  token?: Insertable<FlowTokens>,
): Promise<string[]> {
  // Kysely leaves a column out of an insert when its value is undefined: so does the shape.
  const columns = token && Object.keys(token).filter((c) => token[c as keyof typeof token] !== undefined);
  const values: TasksForValues = {
    domainId: ctx.domainId,
    applicationId: ctx.applicationId,
    instanceId: instance.id,
    instanceDomainId: instance.domain_id,
    at,
    tokenId: task.token_id,
    nodeId: task.node_id,
    createdByAction: task.created_by_action,
    madeByBatch: task.made_by_batch ?? null,
  };
  for (const c of columns ?? []) values[`token.${c}`] = token![c as keyof typeof token];
  const rows = await tasksForRule(trx, { rule, token: columns }, values);
  return rows.map((r) => r.id);
}
