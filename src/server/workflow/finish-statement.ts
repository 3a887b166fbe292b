// The statement that ends an engine action (docs/adr/0077-submissions-prepared-statements.md): for each
// walk of one definition, what finishing its action writes — the action's `to_nodes`, the `auto` entries
// of the ends reached, the closing entry, the instance's status, labels and completion — and who was
// given a task. One piece for a user's action (action-steps.ts's `finish`, one walk) and a timer group's
// firings (finish-together.ts, docs/adr/0177-timer-group-finished-as-a-set.md); each instance is read
// from its own tokens, so finishing walks together writes what finishing them one by one would
// (docs/adr/0195-escalations-walk-up-and-error-data.md).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';
import { COMMIT_AFTER } from '../db/pipelined-transactions.ts';
import { compiledPerShape } from '../db/compiled-once.ts';
import type { OpenedTask, Person } from './approver-names.ts';
import { TASK_ORDER, TASKS_WITH_TOKENS } from './callers-task.ts';
import { loopScopes } from './loop-scopes.ts';
import { parallelMultiInstances } from './multi-instance.ts';
import type { ActionStamp, InstanceState } from './walk-state.ts';
import type { Walk } from './walk.ts';

export interface WalkToFinish {
  state: InstanceState;
  walk: Walk;
  action: ActionStamp;
}

export interface Finished {
  instanceId: string;
  status: 'running' | 'completed';
  /** The approvals reached by the action and who got a task at each. */
  tasks: Array<{ nodeId: string; nodeName: string; assignees: string[] }>;
  /** Those assignees' names and login numbers (docs/adr/0080-submissions-caller-check-locks.md). */
  people: Person[];
  /** The tasks it opened, in TASK_ORDER (docs/adr/0255-runtime-actions-name-the-task.md). */
  opened: OpenedTask[];
}

/** What the statement reads an instance's facts from: values, for one instance (a user's action: the
 *  plan measured cheapest, docs/adr/0191-engine-statements-cheaper.md), or the columns of the set's
 *  relation `live l` (a timer group). */
interface Shape {
  /** The relations before `noted`: the tokens, and for a set the instances. */
  head: RawBuilder<unknown>;
  /** The instance (in a select list), its action's entry, and whether it keeps a token. */
  id: RawBuilder<unknown>;
  action: RawBuilder<unknown>;
  running: RawBuilder<unknown>;
  /** `from live l` for a set. */
  rows: RawBuilder<unknown>;
  toNodes: RawBuilder<unknown>;
  /** The ends reached, as `e(node, n)` with their count; the closing entry's action and node. */
  ends: RawBuilder<unknown>;
  endCount: RawBuilder<unknown>;
  endedBy: RawBuilder<unknown>;
  lastEnd: RawBuilder<unknown>;
  /** The insert order of a set's entries (by walk, then end). */
  endsOrder: RawBuilder<unknown>;
  entryOrder: RawBuilder<unknown>;
  /** The instance as `stateLabel` and `openApproverNames` take it, and its tokens as a relation `tokens`. */
  labelId: string | RawBuilder<string>;
  tokens: RawBuilder<unknown>;
}

/** One walk's values (the statement of one walk is built once per shape, oneWalk below). */
interface OneWalk {
  id: string;
  actionId: number;
  toNodes: string;
  ended: string[];
  endCount: number;
  endedBy: string;
  lastEnd: string | null;
}

const oneShape = (v: OneWalk): Shape => ({
  head: sql`tokens as (select node_id, state from flow_tokens where instance_id = ${v.id})`,
  id: sql`${v.id}::text`,
  action: sql`${v.actionId}`,
  running: sql`exists (select from tokens)`,
  rows: sql``,
  toNodes: sql`${v.toNodes}::jsonb`,
  ends: sql`unnest(${sql.val(v.ended)}::text[])`,
  endCount: sql`${v.endCount}`,
  endedBy: sql`${v.endedBy}::text`,
  lastEnd: sql`${v.lastEnd}::text`,
  endsOrder: sql``,
  entryOrder: sql``,
  labelId: v.id,
  tokens: sql`tokens`,
});

const setShape = (walks: readonly WalkToFinish[]): Shape => {
  const rows = walks.map(({ state, walk, action }, n) => ({
    instance_id: state.id,
    action_id: action.id,
    to_nodes: [...walk.reached.keys()],
    ended: walk.ended,
    ended_by: walk.endedBy ?? 'complete',
    n,
  }));
  return {
    head: sql`f as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as f(instance_id text, action_id bigint, to_nodes jsonb, ended jsonb, ended_by text, n int)),
      group_tokens as (select instance_id, node_id, state from flow_tokens where instance_id = any(${walks.map((w) => w.state.id)}::text[])),
      live as (select f.*, exists (select from group_tokens g where g.instance_id = f.instance_id) as running from f)`,
    id: sql`l.instance_id`,
    action: sql`l.action_id`,
    running: sql`l.running`,
    rows: sql` from live l`,
    toNodes: sql`l.to_nodes`,
    ends: sql`live l cross join lateral jsonb_array_elements_text(l.ended)`,
    endCount: sql`jsonb_array_length(l.ended)`,
    endedBy: sql`l.ended_by`,
    lastEnd: sql`l.ended ->> -1`,
    endsOrder: sql` order by l.n, e.n`,
    entryOrder: sql` order by l.n`,
    labelId: sql.ref('i.id'),
    tokens: sql`(select node_id, state from group_tokens g where g.instance_id = i.id) as tokens`,
  };
};

/** What the labels read of the walks' definition: its node names, and its counted approvals and
 *  sub-processes (`has`: whether there are any, which changes the statement's text). */
interface Labels {
  nodeNames: string;
  counted: string[];
  loops: string[];
}
type LabelShape = { counted: boolean; loops: boolean };

const labelsOf = (walk: Walk): Labels => ({
  nodeNames: walk.nodeNames(),
  counted: parallelMultiInstances(walk.definition),
  loops: loopScopes(walk.definition),
});

type FinishedRow = { instance_id: string; running: boolean; people: Person[]; opened: OpenedTask[] };

/** The statement, from its shape and values. */
function statement(
  s: Shape,
  at: Date,
  actorId: string | null,
  commitAfter: boolean,
  labels: Labels,
  has: LabelShape,
): RawBuilder<FinishedRow> {
  return sql<FinishedRow>`${commitAfter ? sql.raw(COMMIT_AFTER) : sql``}with ${s.head},
      noted as (update flow_history h set to_nodes = ${s.toNodes}${s.rows} where h.id = ${s.action}),
      ends as (insert into flow_history (instance_id, at, actor_id, action, node_id)
        select ${s.id}, ${at}::timestamptz, null, 'auto', e.node from ${s.ends} with ordinality as e(node, n)
        where ${s.running} or e.n < ${s.endCount}${s.endsOrder}),
      completion as (insert into flow_history (instance_id, at, actor_id, action, node_id)
        select ${s.id}, ${at}::timestamptz, null, ${s.endedBy}, ${s.lastEnd}${s.rows} where not ${s.running}${s.entryOrder}),
      kept as (update flow_instances i set updated_at = ${at}, last_actor_id = coalesce(${actorId}::text, i.last_actor_id),
        status = case when ${s.running} then i.status else 'completed' end,
        completed_at = case when ${s.running} then i.completed_at else ${at} end,
        state_label = case when ${s.running} then ${stateLabel(labels, has, s.labelId, s.tokens)} else '' end,
        state_nodes = coalesce((select array_agg(distinct node_id order by node_id) from ${s.tokens} where state = 'active'), '{}'),
        auditor_names = case when ${s.running} then ${openApproverNames(s.labelId)} else '' end
        ${s.rows} where i.id = ${s.id})
    select ${s.id} as instance_id, ${s.running} as running,
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'loginno', u.loginno)), '[]') from users u
        where u.id in (select t.assignee_id from flow_tasks t where t.instance_id = ${s.id} and t.status = 'open'
          and t.created_by_action = ${s.action})) as people,
      (select coalesce(json_agg(json_build_object('id', t.id, 'nodeId', t.node_id, 'assignee', t.assignee_id) order by ${TASK_ORDER}), '[]')
        from ${TASKS_WITH_TOKENS} where t.instance_id = ${s.id} and t.status = 'open' and t.created_by_action = ${s.action}) as opened${s.rows}`;
}

/** A user's action finishes one walk: its statement is built once per shape (docs/adr/0200-engine-statements-compiled-per-shape.md), since building
 *  it was a tenth of a submission's JavaScript. */
const oneWalk = compiledPerShape(
  (k: LabelShape & { commitAfter: boolean }) => `${k.commitAfter} ${k.counted} ${k.loops}`,
  (_trx, k, v: OneWalk & Labels & { at: Date; actorId: string | null }) =>
    statement(oneShape(v), v.at, v.actorId, k.commitAfter, v, k),
);

/** Finishes the walks (all of one definition: the labels' node names and counts are its own), all at
 *  `at`, in one statement; answers each one's result, in order. `actorId` becomes each instance's last
 *  actor (null leaves it as it was); `commitAfter`: the statement is its unit's last (docs/adr/0081-submissions-pipelined-begin-commit.md).
 *  One walk is read from values, several from a relation (`Shape`): the same statement otherwise. The
 *  new approvers' names are those of the tasks the action opened, found by its entry (docs/adr/0080-submissions-caller-check-locks.md). */
export async function finishStatement(
  trx: Db,
  walks: readonly WalkToFinish[],
  at: Date,
  options: { actorId?: string | null; commitAfter?: boolean } = {},
): Promise<Finished[]> {
  const { walk } = walks[0];
  const labels = labelsOf(walk);
  const has = { counted: labels.counted.length > 0, loops: labels.loops.length > 0 };
  const actorId = options.actorId ?? null;
  const commitAfter = options.commitAfter ?? false;
  let finished: FinishedRow[];
  if (walks.length === 1) {
    const [{ state, action }] = walks;
    finished = await oneWalk(
      trx,
      { ...has, commitAfter },
      {
        id: state.id,
        actionId: action.id,
        toNodes: JSON.stringify([...walk.reached.keys()]),
        ended: walk.ended,
        endCount: walk.ended.length,
        endedBy: walk.endedBy ?? 'complete',
        lastEnd: walk.ended.at(-1) ?? null,
        ...labels,
        at,
        actorId,
      },
    );
  } else finished = (await statement(setShape(walks), at, actorId, commitAfter, labels, has).execute(trx)).rows;
  const byId = new Map(finished.map((row) => [row.instance_id, row]));
  return walks.map(({ state, walk }) => {
    const row = byId.get(state.id)!;
    return {
      instanceId: state.id,
      status: row.running ? 'running' : 'completed',
      tasks: [...walk.reached].map(([nodeId, { name, assignees }]) => ({ nodeId, nodeName: name, assignees })),
      people: row.people,
      opened: row.opened,
    };
  });
}

/** The names of the nodes where an active token stands, each once, in the order of their ids (a node
 *  the definition does not name shows its id), at most 500 characters; state_nodes keeps their ids, by
 *  which the monitoring list names them in the reader's language (areas/flows/node-names.ts). `instanceId`
 *  a value or a column, `tokens` a relation of its tokens named `tokens`. */
const stateLabel = (
  labels: Labels,
  has: LabelShape,
  instanceId: string | RawBuilder<string>,
  tokens: RawBuilder<unknown>,
) => {
  // A parallel multi-instance approval shows how many of its instances are done ("Board approves (2/4)",
  // docs/adr/0125-multi-instance-approvals.md), a multi-instance sub-process how many of its instances
  // are (docs/adr/0148-multi-instance-sub-processes.md; one inside another those of every outer instance,
  // docs/adr/0197-multi-instance-sub-processes-nested.md); a definition without one keeps the plain statement.
  const approvalCount = !has.counted
    ? sql``
    : sql` when node_id = any(${labels.counted}::text[]) then (select ' (' || count(*) filter (where t.status = 'done') || '/' || count(*) || ')'
          from flow_tasks t where t.instance_id = ${instanceId} and t.node_id = tokens.node_id and t.status in ('open', 'done')
            and t.token_id in (select k.id from flow_tokens k where k.instance_id = ${instanceId} and k.node_id = tokens.node_id and k.state = 'active'))`;
  const loopCount = !has.loops
    ? sql``
    : sql` when node_id = any(${labels.loops}::text[]) then (select ' (' || sum(k.loop_done) || '/' || sum(json_array_length(k.loop_items::json)) || ')'
          from flow_tokens k where k.instance_id = ${instanceId} and k.node_id = tokens.node_id and k.loop_items is not null)`;
  const count = !has.counted && !has.loops ? sql`` : sql` || case${approvalCount}${loopCount} else '' end`;
  return sql<string>`left(coalesce((select string_agg(label, ', ' order by first) from (
  select coalesce(${labels.nodeNames}::jsonb ->> node_id, node_id)${count} as label, min(node_id) as first from ${tokens} where state = 'active' group by 1) l), ''), 500)`;
};

/** What the monitoring list shows as a running instance's current approvers: the names of its open
 *  tasks' assignees, each once, in order (read by the statement that keeps it, no extra round trip). */
const openApproverNames = (
  instanceId: string | RawBuilder<string>,
) => sql<string>`left(coalesce((select string_agg(n.name, ', ' order by n.name)
  from (select distinct u.name from flow_tasks t join users u on u.id = t.assignee_id where t.instance_id = ${instanceId} and t.status = 'open') n), ''), 2000)`;
