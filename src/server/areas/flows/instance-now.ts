// Where an instance stands now: its open tasks and the nodes its active tokens wait at, each with the
// approvers it waits for. Read by flow monitoring's detail and by the task runtime's instance view.
import type { Db } from '../../db/schema.ts';
import { withApprovers } from '../../workflow/approver-names.ts';

export async function instanceNow(db: Db, instanceId: string, nodeName: (id: string) => string) {
  const open = await db
    .selectFrom('flow_tasks')
    .select(['id', 'node_id', 'assignee_id'])
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();
  const waiting = await db
    .selectFrom('flow_tokens')
    .select('node_id')
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'active')
    .orderBy('created_at')
    .execute();
  const active = [...new Set(waiting.map((t) => t.node_id))];
  const current = await withApprovers(
    db,
    active.map((nodeId) => ({
      nodeId,
      nodeName: nodeName(nodeId),
      assignees: open.filter((t) => t.node_id === nodeId).map((t) => t.assignee_id),
    })),
  );
  return { open, active, current };
}
