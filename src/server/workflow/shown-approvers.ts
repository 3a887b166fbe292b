// Who approves a node as the read-only views show it: an intervention's default approvers
// (flows.nodeApprovers) and the earlier approvals an approver may send an instance back to
// (runtime.queryBack). The node's rules over the instance's variables; at a multi-instance approval
// whose assignee is computed from the element, each inner instance's user as the engine names it on
// the instance's activation (docs/adr/0230-computed-assignees-shown-per-instance.md).
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { NodeAssignees } from './approver-names.ts';
import { resolveApprovers, type ApproverContext } from './approvers.ts';
import { namedInstances } from './multi-instance-assignees.ts';
import { setApprovers } from './node-approvers.ts';

/** One approver shown: the user, and at a computed assignee the inner instance (index from 0) it does. */
export interface ShownApprover {
  id: string;
  index?: number;
}

/** The approvers of `node` over `ctx`'s variables: at a computed assignee one per inner instance in the
 *  collection's order (a user named by two elements twice), an element naming nobody left out; at an
 *  approval left open, those its enterprise set. */
export async function shownApprovers(
  db: Db,
  node: ProcessNode,
  ctx: ApproverContext & { processId: string },
): Promise<ShownApprover[]> {
  if (node.multi?.assignee)
    return (await namedInstances(db, ctx.domainId, node, ctx.form)).flatMap((i) =>
      i.assignee ? [{ id: i.assignee, index: i.index }] : [],
    );
  // An approval the drawing leaves open: the rules its enterprise set, as the engine reads them (walk.ts
  // approverRules; docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md).
  const rules = node.openApprovers ? await setApprovers(db, ctx, node.id) : (node.approvers ?? []);
  return (await resolveApprovers(db, rules, ctx)).map((id) => ({ id }));
}

/** The node with its approvers shown, as withApprovers names them (the instances' indexes kept). */
export const shownNode = (node: ProcessNode, shown: readonly ShownApprover[]): NodeAssignees => ({
  nodeId: node.id,
  nodeName: node.name,
  assignees: shown.map((a) => a.id),
  ...(node.multi?.assignee ? { indexes: shown.map((a) => a.index!) } : {}),
});
