// The engine names users by id; what a caller is answered names them: each node's approvers with their
// name and login number (users gone since are left out).
import type { Db } from '../db/schema.ts';

export interface NodeAssignees {
  nodeId: string;
  nodeName: string;
  assignees: string[];
  /** At a multi-instance approval whose assignee is computed, the inner instance each assignee does. */
  indexes?: readonly number[];
}

/** An approver as a caller is shown one. */
export interface Person {
  id: string;
  name: string;
  loginno: string;
}

/** A task an action opened, as its answer names it (docs/adr/0255-runtime-actions-name-the-task.md). */
export interface OpenedTask {
  id: string;
  nodeId: string;
  assignee: string;
}

/** The nodes with their approvers named: from `known` when the caller has them already (an action's
 *  result carries its new approvers, docs/adr/0080-submissions-caller-check-locks.md), else read. With
 *  `opened` (an action's new tasks), each approver's task id: a user named k times at a node has the
 *  node's k-th task of theirs, in the order `opened` has them (callers-task.ts's TASK_ORDER). */
export async function withApprovers(
  db: Db,
  nodes: readonly NodeAssignees[],
  known?: readonly Person[],
  opened?: readonly OpenedTask[],
) {
  const ids = [...new Set(nodes.flatMap((n) => n.assignees))];
  const users =
    known ??
    (ids.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'name', 'loginno']).where('id', 'in', ids).execute());
  const byId = new Map(users.map((u) => [u.id, u]));
  const left = [...(opened ?? [])];
  /** The next task of `user` at `nodeId` not given yet. */
  const taskOf = (nodeId: string, user: string) => {
    const at = left.findIndex((t) => t.nodeId === nodeId && t.assignee === user);
    return at < 0 ? {} : { taskId: left.splice(at, 1)[0].id };
  };
  return nodes.map((n) => ({
    nodeId: n.nodeId,
    nodeName: n.nodeName,
    approvers: n.assignees.flatMap((id, i) =>
      byId.has(id)
        ? [{ ...byId.get(id)!, ...(n.indexes ? { index: n.indexes[i] } : {}), ...taskOf(n.nodeId, id) }]
        : [],
    ),
  }));
}
