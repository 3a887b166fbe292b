// The statement a submission's task is done by, one round trip (docs/adr/0077-submissions-prepared-statements.md, docs/adr/0080-submissions-caller-check-locks.md).
import { sql } from 'kysely';
import { compiledPerShape } from '../db/compiled-once.ts';
import { callersTask } from './callers-task.ts';

/** The submission's statement (actions.ts's submitTask), built once per shape (docs/adr/0200-engine-statements-compiled-per-shape.md;
 *  `named`: whether the caller named its task, docs/adr/0255-runtime-actions-name-the-task.md): the user's task as callersTask picks it
 *  is done and the action recorded; when the node needed any one approver, or this was the last open
 *  task of an approval by all, the others' tasks are cancelled and the token goes. The task's local
 *  variables (its own at a multi-instance approval, else its token's) are answered as the statement found them (docs/adr/0216-input-output-mappings.md). */
export const taskDone = compiledPerShape(
  (named: boolean) => String(named),
  (
    _trx,
    named: boolean,
    v: {
      at: Date;
      comment: string;
      instanceId: string;
      userId: string;
      taskId: string | undefined;
      byAll: string[];
      sequential: string[];
    },
  ) => sql<{
    id: string;
    node_id: string;
    token_id: string | null;
    action_id: number;
    token_done: boolean;
    loop_index: number | null;
    inner_index: number | null;
    locals: Record<string, unknown> | null;
  }>`with done as (
      update flow_tasks set status = 'done', done_at = ${v.at}, comment = ${v.comment}
      where id = (${callersTask({ instanceId: v.instanceId, userId: v.userId, taskId: named ? v.taskId : undefined }, sql`t.id`)})
      returning id, node_id, token_id, locals),
    recorded as (insert into flow_history (instance_id, at, actor_id, action, node_id, comment)
      select ${v.instanceId}::text, ${v.at}::timestamptz, ${v.userId}::text, 'submit', node_id, ${v.comment}::text from done returning id),
    others as (select t.id from flow_tasks t, done where t.instance_id = ${v.instanceId} and t.token_id = done.token_id and t.status = 'open' and t.id <> done.id),
    node_done as (select done.token_id from done where (done.node_id <> all(${v.byAll}::text[]) or not exists (select from others))
      and done.node_id <> all(${v.sequential}::text[])),
    cancelled as (update flow_tasks set status = 'cancelled', done_at = ${v.at} where id in (select id from others) and exists (select from node_done)),
    gone as (delete from flow_tokens where id = (select token_id from node_done) returning id, loop_index, inner_index)
    select done.id, done.node_id, done.token_id, recorded.id as action_id, exists (select from node_done) as token_done,
      (select loop_index from gone) as loop_index, (select inner_index from gone) as inner_index,
      coalesce(done.locals, (select locals from flow_tokens where id = done.token_id)) as locals from done, recorded`,
);
