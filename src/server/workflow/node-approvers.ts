// Approvers an enterprise sets for the approvals a drawing leaves open (docs/adr/0119-approvers-set-in-the-console.md):
// read when a token reaches such a node, and checked at start so an instance never stops at a node
// nobody was named for.
import { parseApprovers, type ApproverRule, type ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

interface Scope {
  domainId: string;
  applicationId: string;
  processId: string;
}

/** The rules the enterprise set for one open node (none when unset). */
export async function setApprovers(db: Db, scope: Scope, nodeId: string): Promise<ApproverRule[]> {
  const row = await db
    .selectFrom('domain_node_approvers')
    .select('approvers')
    .where('domain_id', '=', scope.domainId)
    .where('application_id', '=', scope.applicationId)
    .where('process_id', '=', scope.processId)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  return row ? parseApprovers(row.approvers).rules : [];
}

/** Refuses a start while an open node of the process has no approvers set in the enterprise, naming them all. */
export async function requireApproversSet(db: Db, scope: Scope, definition: ProcessDefinition): Promise<void> {
  const open = Object.values(definition.nodes).filter((n) => n.openApprovers);
  if (open.length === 0) return;
  const set = new Set(
    (
      await db
        .selectFrom('domain_node_approvers')
        .select('node_id')
        .where('domain_id', '=', scope.domainId)
        .where('application_id', '=', scope.applicationId)
        .where('process_id', '=', scope.processId)
        .execute()
    ).map((r) => r.node_id),
  );
  const unset = open.filter((n) => !set.has(n.id));
  if (unset.length > 0)
    throw new AppError(
      'conflict',
      { names: unset.map((n) => `"${n.name}"`).join(', '), nodes: unset.map((n) => n.id) },
      'workflow.msg.approversUnset',
    );
}
