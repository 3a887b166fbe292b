// The statement that ends every engine action (docs/adr/0077-submissions-prepared-statements.md,
// docs/adr/0191-engine-statements-cheaper.md): for each instance the action walked — one for `finish`
// (actions.ts), several for a timer group's independent firings (finish-together.ts) — it notes where the
// action led (`to_nodes`), the ends passed (`auto`), the completion when no token is left, and what the
// monitoring list shows (status, labels, current approvers), and answers whether the instance still runs
// and the names of the approvers the action gave tasks to. Whether tokens are left is read once per
// instance (`live.running`), not once per use.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { Person } from './approver-names.ts';
import { parallelMultiInstances } from './multi-instance.ts';
import { loopScopes } from './loop-scopes.ts';
import type { Walk } from './walk.ts';

/** What one instance's finish writes; `n` orders the history entries of several. */
export interface FinishRow {
  instance_id: string;
  action_id: number;
  to_nodes: string[];
  ended: string[];
  /** The last actor noted, or null to leave it (a timer's firing, an administrator's intervention). */
  actor_id: string | null;
  /** The history entry of an instance that ends: `complete`, or `interrupted` (a terminate end). */
  ended_by: string;
}

/** Runs the statement for `rows`, all walked on one definition (`walk`'s: its node names label them), at
 *  `at`; `prefix` goes before it (the unit's commit, docs/adr/0081-submissions-pipelined-begin-commit.md). */
export async function finishInstances(
  trx: Db,
  rows: readonly FinishRow[],
  walk: Walk,
  at: Date,
  prefix: RawBuilder<unknown> = sql``,
): Promise<Array<{ instance_id: string; running: boolean; people: Person[] }>> {
  // One instance (every user's action) names its values; several come as one JSON parameter.
  const [one] = rows;
  const live =
    rows.length === 1
      ? sql`select ${one.instance_id}::text as instance_id, ${one.action_id}::int8 as action_id,
          ${JSON.stringify(one.to_nodes)}::jsonb as to_nodes, ${JSON.stringify(one.ended)}::jsonb as ended,
          ${one.actor_id}::text as actor_id, ${one.ended_by}::text as ended_by, 0 as n,
          exists (select from tokens) as running`
      : sql`select f.*, exists (select from tokens g where g.instance_id = f.instance_id) as running
          from jsonb_to_recordset(${JSON.stringify(rows.map((row, n) => ({ ...row, n })))}::jsonb)
            as f(instance_id text, action_id int8, to_nodes jsonb, ended jsonb, actor_id text, ended_by text, n int)`;
  const tokens =
    rows.length === 1
      ? sql`select instance_id, node_id, state from flow_tokens where instance_id = ${one.instance_id}`
      : sql`select instance_id, node_id, state from flow_tokens where instance_id = any(${rows.map((r) => r.instance_id)}::text[])`;
  const ownTokens = sql`(select node_id, state from tokens g where g.instance_id = i.id) as tokens`;
  const { rows: finished } = await sql<{ instance_id: string; running: boolean; people: Person[] }>`${prefix}with
      tokens as (${tokens}),
      live as (${live}),
      noted as (update flow_history h set to_nodes = l.to_nodes from live l where h.id = l.action_id),
      ends as (insert into flow_history (instance_id, at, actor_id, action, node_id)
        select l.instance_id, ${at}::timestamptz, null, 'auto', e.node
          from live l cross join lateral jsonb_array_elements_text(l.ended) with ordinality as e(node, n)
          where l.running or e.n < jsonb_array_length(l.ended) order by l.n, e.n),
      completion as (insert into flow_history (instance_id, at, actor_id, action, node_id)
        select l.instance_id, ${at}::timestamptz, null, l.ended_by, l.ended ->> -1 from live l where not l.running order by l.n),
      kept as (update flow_instances i set updated_at = ${at}, last_actor_id = coalesce(l.actor_id, i.last_actor_id),
        status = case when l.running then i.status else 'completed' end,
        completed_at = case when l.running then i.completed_at else ${at} end,
        state_label = case when l.running then ${stateLabel(walk, sql.ref('i.id'), ownTokens)} else '' end,
        state_nodes = coalesce((select array_agg(distinct g.node_id order by g.node_id) from tokens g
          where g.instance_id = i.id and g.state = 'active'), '{}'),
        auditor_names = case when l.running then ${openApproverNames(sql.ref('i.id'))} else '' end
        from live l where i.id = l.instance_id)
    select l.instance_id, l.running,
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'loginno', u.loginno)), '[]') from users u
        where u.id in (select t.assignee_id from flow_tasks t where t.instance_id = l.instance_id and t.status = 'open'
          and t.created_by_action = l.action_id)) as people
    from live l`.execute(trx);
  return finished;
}

/** The names of the nodes where an active token stands, each once, in the order of their ids (a node
 *  the definition does not name shows its id), at most 500 characters; state_nodes keeps their ids, by
 *  which the monitoring list names them in the reader's language (areas/flows/node-names.ts). `tokens`
 *  a relation of the instance's tokens named `tokens`. */
const stateLabel = (walk: Walk, instanceId: RawBuilder<string>, tokens: RawBuilder<unknown>) => {
  const counted = parallelMultiInstances(walk.definition);
  const loops = loopScopes(walk.definition);
  // A parallel multi-instance approval shows how many of its instances are done ("Board approves (2/4)",
  // docs/adr/0125-multi-instance-approvals.md), a multi-instance sub-process how many of its instances
  // are (docs/adr/0148-multi-instance-sub-processes.md); a definition without one keeps the plain statement.
  const approvalCount =
    counted.length === 0
      ? sql``
      : sql` when node_id = any(${counted}::text[]) then (select ' (' || count(*) filter (where t.status = 'done') || '/' || count(*) || ')'
          from flow_tasks t where t.instance_id = ${instanceId} and t.node_id = tokens.node_id and t.status in ('open', 'done')
            and t.token_id in (select k.id from flow_tokens k where k.instance_id = ${instanceId} and k.node_id = tokens.node_id and k.state = 'active'))`;
  const loopCount =
    loops.length === 0
      ? sql``
      : sql` when node_id = any(${loops}::text[]) then (select ' (' || k.loop_done || '/' || json_array_length(k.loop_items::json) || ')'
          from flow_tokens k where k.instance_id = ${instanceId} and k.node_id = tokens.node_id and k.loop_items is not null limit 1)`;
  const count = counted.length + loops.length === 0 ? sql`` : sql` || case${approvalCount}${loopCount} else '' end`;
  return sql<string>`left(coalesce((select string_agg(label, ', ' order by first) from (
  select coalesce(${walk.nodeNames()}::jsonb ->> node_id, node_id)${count} as label, min(node_id) as first from ${tokens} where state = 'active' group by 1) l), ''), 500)`;
};

/** What the monitoring list shows as a running instance's current approvers: the names of its open
 *  tasks' assignees, each once, in order (read by the statement that keeps it, no extra round trip). */
const openApproverNames = (
  instanceId: RawBuilder<string>,
) => sql<string>`left(coalesce((select string_agg(n.name, ', ' order by n.name)
  from (select distinct u.name from flow_tasks t join users u on u.id = t.assignee_id where t.instance_id = ${instanceId} and t.status = 'open') n), ''), 2000)`;
