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

/** The nodes with their approvers named: from `known` when the caller has them already (an action's
 *  result carries its new approvers, docs/adr/0080-submissions-caller-check-locks.md), else read. */
export async function withApprovers(db: Db, nodes: readonly NodeAssignees[], known?: readonly Person[]) {
  const ids = [...new Set(nodes.flatMap((n) => n.assignees))];
  const users =
    known ??
    (ids.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'name', 'loginno']).where('id', 'in', ids).execute());
  const byId = new Map(users.map((u) => [u.id, u]));
  return nodes.map((n) => ({
    nodeId: n.nodeId,
    nodeName: n.nodeName,
    approvers: n.assignees.flatMap((id, i) =>
      byId.has(id) ? [{ ...byId.get(id)!, ...(n.indexes ? { index: n.indexes[i] } : {}) }] : [],
    ),
  }));
}
