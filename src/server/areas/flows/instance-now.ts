// Where an instance stands now: its open tasks and the nodes its active tokens wait at, each with the
// approvers it waits for. Read by flow monitoring's detail and by the task runtime's instance view.
import type { Db } from '../../db/schema.ts';
import { withApprovers } from '../../workflow/approver-names.ts';

export async function instanceNow(db: Db, instanceId: string, nodeName: (id: string) => string) {
  const open = await db
    .selectFrom('flow_tasks')
    .select(['id', 'node_id', 'assignee_id', 'token_id'])
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();
  const waiting = await db
    .selectFrom('flow_tokens')
    .select(['node_id', 'loop_items', 'loop_done'])
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'active')
    .orderBy('created_at')
    .execute();
  const active = [...new Set(waiting.map((t) => t.node_id))];
  // A multi-instance sub-process shows how many of its instances are done, as the list's label does
  // (docs/adr/0148-multi-instance-sub-processes.md); one inside another counts those of every outer
  // instance (docs/adr/0197-multi-instance-sub-processes-nested.md).
  const counted = (nodeId: string) => {
    const holders = waiting.filter((t) => t.node_id === nodeId && t.loop_items !== null);
    if (holders.length === 0) return '';
    const done = holders.reduce((sum, t) => sum + (t.loop_done ?? 0), 0);
    const all = holders.reduce((sum, t) => sum + (JSON.parse(t.loop_items!) as unknown[]).length, 0);
    return ` (${done}/${all})`;
  };
  const current = await withApprovers(
    db,
    active.map((nodeId) => ({
      nodeId,
      nodeName: nodeName(nodeId) + counted(nodeId),
      assignees: open.filter((t) => t.node_id === nodeId).map((t) => t.assignee_id),
    })),
  );
  return { open, active, current };
}
