// A retraction of the submission that completed a multi-instance approval by its completion condition
// (docs/adr/0210-multi-instance-countersign-kept-whole.md): the approval runs again, so the instances
// that condition cut short come back with it, or a countersign by ratio that needs them could never
// complete. Exactly those: the completion marks the tasks it cancels with its action
// (`flow_tasks.output.ended`); a task a batch, an intervention or a boundary event cancelled has no such
// mark and stays cancelled. A reopened task keeps whose instance it does and its place
// (multi-instance-slots.ts, multi-instance-output.ts), and its approver is told again, by the message
// row a new task gets (open-tasks.ts, migration 0019).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { InstanceState } from './walk-state.ts';

/** The output column of a task the completion condition of action `actionId` cancels: its own, marked. */
export const endedBy = (actionId: number) =>
  sql<string>`coalesce(output, '{}'::jsonb) || jsonb_build_object('ended', ${actionId}::int8)`;

/** Reopens, on token `tokenId`, the tasks the completion of action `actionId` cancelled at `nodeId`,
 *  without the mark, and tells their approvers: one statement. */
export async function reopenEnded(
  trx: Db,
  state: Pick<InstanceState, 'id' | 'domain_id'>,
  at: Date,
  ended: { nodeId: string; actionId: number; tokenId: string },
): Promise<void> {
  await sql`with back as (
      update flow_tasks set status = 'open', done_at = null, token_id = ${ended.tokenId},
        output = nullif(output - 'ended', '{}'::jsonb)
      where instance_id = ${state.id} and node_id = ${ended.nodeId} and status = 'cancelled'
        and (output->>'ended')::int8 = ${ended.actionId}::int8
      returning id, assignee_id)
    insert into task_messages (id, domain_id, user_id, task_id, instance_id, created_at)
      select gen_random_uuid()::text, ${state.domain_id}::text, assignee_id, id, ${state.id}::text, ${at}::timestamptz from back`.execute(
    trx,
  );
}
