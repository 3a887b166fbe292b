// What the engine's API tests read of an instance straight from its tables, to say where it went:
// its history in order, its open tasks, the tasks it ever had and the instances its call activities
// started. One place, so that every test reads them the same way.
import type { Db } from '../../../src/server/db/schema.ts';

/** The history as `action node` entries in order (`separator` between the two). */
export async function historyOf(db: Db, instanceId: string, separator = ' '): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_history')
    .select(['action', 'node_id'])
    .where('instance_id', '=', instanceId)
    .orderBy('id')
    .execute();
  return rows.map((h) => `${h.action}${separator}${h.node_id ?? ''}`.trim());
}

/** The nodes of the open tasks, in node id order (a node once per task). */
export async function openTaskNodes(db: Db, instanceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_tasks')
    .select('node_id')
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'open')
    .orderBy('node_id')
    .execute();
  return rows.map((t) => t.node_id);
}

/** The open tasks as `node:assignee's login number`, by node and login number. */
export async function openTaskAssignees(db: Db, instanceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_tasks as t')
    .innerJoin('users as u', 'u.id', 't.assignee_id')
    .select(['t.node_id', 'u.loginno'])
    .where('t.instance_id', '=', instanceId)
    .where('t.status', '=', 'open')
    .orderBy('t.node_id')
    .orderBy('u.loginno')
    .execute();
  return rows.map((t) => `${t.node_id}:${t.loginno}`);
}

/** Every task the instance had, as `node:status`, in the order they were opened. */
export async function tasksOf(db: Db, instanceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_tasks')
    .select(['node_id', 'status'])
    .where('instance_id', '=', instanceId)
    .orderBy('created_at')
    .execute();
  return rows.map((t) => `${t.node_id}:${t.status}`);
}

/** The instances the instance's call activities started (docs/adr/0139-call-activities-and-conditional-events.md). */
export function calledInstances(db: Db, instanceId: string) {
  return db
    .selectFrom('flow_instances')
    .select(['id', 'status', 'form_data', 'call_depth'])
    .where('parent_id', '=', instanceId)
    .execute();
}

/** The instance's row: its status, its list label, its variables and its process. */
export function instanceOf(db: Db, instanceId: string) {
  return db
    .selectFrom('flow_instances')
    .select(['status', 'state_label', 'form_data', 'process_id'])
    .where('id', '=', instanceId)
    .executeTakeFirstOrThrow();
}

/** The nodes where the instance's active tokens stand, in node id order. */
export async function activeTokenNodes(db: Db, instanceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_tokens')
    .select('node_id')
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'active')
    .orderBy('node_id')
    .execute();
  return rows.map((t) => t.node_id);
}

/** The statuses of every task the instance had at `nodeId`, in alphabetical order (a multi-instance
 *  node has one per loop instance). */
export async function taskStatusesAt(db: Db, instanceId: string, nodeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_tasks')
    .select('status')
    .where('instance_id', '=', instanceId)
    .where('node_id', '=', nodeId)
    .orderBy('status')
    .execute();
  return rows.map((t) => t.status);
}

/** Every token of the instance as `node` or, for one of a multi-instance node's loop instances,
 *  `node@loop index` (`node@outer.inner` inside a multi-instance sub-process nested in another), by node
 *  and indexes. */
export async function loopTokens(db: Db, instanceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flow_tokens')
    .select(['node_id', 'loop_index', 'inner_index'])
    .where('instance_id', '=', instanceId)
    .orderBy('node_id')
    .orderBy('loop_index')
    .orderBy('inner_index')
    .execute();
  return rows.map((t) =>
    t.loop_index === null
      ? t.node_id
      : t.inner_index === null
        ? `${t.node_id}@${t.loop_index}`
        : `${t.node_id}@${t.loop_index}.${t.inner_index}`,
  );
}
