// `finish` of several instances' walks in one statement per definition (docs/adr/0177-timer-group-finished-as-a-set.md):
// what actions.ts's `finish` writes for one instance — the action's `to_nodes`, the `auto` entries of the
// ends reached, the `complete` entry, the instance's status, labels and completion — for each of them,
// read from their own tokens. Only for instances no other walk of the set can change and that have no
// caller and no call activity (a timer group's independent firings, docs/adr/0169-timer-groups-as-sets.md):
// finishing them in any order, or together, writes the same rows.
import { sql } from 'kysely';
import type { ProcessDefinition } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { openApproverNames, stateLabel, type ActionResult } from './actions.ts';
import type { Person } from './approver-names.ts';
import type { ActionStamp, InstanceState } from './walk-state.ts';
import type { Walk } from './walk.ts';

export interface WalkToFinish {
  state: InstanceState;
  walk: Walk;
  action: ActionStamp;
}

/** Finishes the walks, all of one moment (`at`) and no actor (a timer's firing); answers each one's result, in order. */
export async function finishTogether(trx: Db, walks: readonly WalkToFinish[], at: Date): Promise<ActionResult[]> {
  for (const { walk } of walks) await walk.settleJoins();
  const byVersion = new Map<ProcessDefinition, WalkToFinish[]>();
  for (const item of walks) {
    const same = byVersion.get(item.walk.definition);
    if (same) same.push(item);
    else byVersion.set(item.walk.definition, [item]);
  }
  const results = new Map<string, ActionResult>();
  for (const same of byVersion.values())
    for (const result of await finishVersion(trx, same, at)) results.set(result.instanceId, result);
  return walks.map(({ state }) => results.get(state.id)!);
}

/** One statement for walks of one definition (the labels' node names and counts are its own). */
async function finishVersion(trx: Db, walks: readonly WalkToFinish[], at: Date): Promise<ActionResult[]> {
  const tasksOf = (walk: Walk) =>
    [...walk.reached].map(([nodeId, { name, assignees }]) => ({ nodeId, nodeName: name, assignees }));
  const rows = walks.map(({ state, walk, action }, n) => ({
    instance_id: state.id,
    action_id: action.id,
    to_nodes: tasksOf(walk).map((t) => t.nodeId),
    ended: walk.ended,
    n,
  }));
  const ids = walks.map(({ state }) => state.id);
  // The labels as `finish` writes them, each from its instance's own tokens.
  const ownTokens = sql`(select node_id, state from group_tokens g where g.instance_id = i.id) as tokens`;
  const { rows: finished } = await sql<{ instance_id: string; running: boolean; people: Person[] }>`with
      f as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as f(instance_id text, action_id bigint, to_nodes jsonb, ended jsonb, n int)),
      group_tokens as (select instance_id, node_id, state from flow_tokens where instance_id = any(${ids}::text[])),
      live as (select f.*, exists (select from group_tokens g where g.instance_id = f.instance_id) as running from f),
      noted as (update flow_history h set to_nodes = l.to_nodes from live l where h.id = l.action_id),
      ends as (insert into flow_history (instance_id, at, actor_id, action, node_id)
        select l.instance_id, ${at}::timestamptz, null, 'auto', e.node
          from live l cross join lateral jsonb_array_elements_text(l.ended) with ordinality as e(node, n)
          where l.running or e.n < jsonb_array_length(l.ended) order by l.n, e.n),
      completion as (insert into flow_history (instance_id, at, actor_id, action, node_id)
        select l.instance_id, ${at}::timestamptz, null, 'complete', l.ended ->> -1 from live l where not l.running order by l.n),
      kept as (update flow_instances i set updated_at = ${at},
        status = case when l.running then i.status else 'completed' end,
        completed_at = case when l.running then i.completed_at else ${at} end,
        state_label = case when l.running then ${stateLabel(walks[0].walk, sql.ref('i.id'), ownTokens)} else '' end,
        state_nodes = coalesce((select array_agg(distinct g.node_id order by g.node_id) from group_tokens g
          where g.instance_id = i.id and g.state = 'active'), '{}'),
        auditor_names = case when l.running then ${openApproverNames(sql.ref('i.id'))} else '' end
        from live l where i.id = l.instance_id)
    select l.instance_id, l.running,
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'loginno', u.loginno)), '[]') from users u
        where u.id in (select t.assignee_id from flow_tasks t where t.instance_id = l.instance_id and t.status = 'open'
          and t.created_by_action = l.action_id)) as people
    from live l`.execute(trx);
  const byId = new Map(finished.map((row) => [row.instance_id, row]));
  return walks.map(({ state, walk }) => {
    const row = byId.get(state.id)!;
    return {
      instanceId: state.id,
      status: row.running ? 'running' : 'completed',
      tasks: tasksOf(walk),
      people: row.people,
    };
  });
}
