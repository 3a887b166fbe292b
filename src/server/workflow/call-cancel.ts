// The instances a call activity started, deleted when it is left otherwise than by their end (call-activity.ts,
// docs/adr/0139-call-activities-and-conditional-events.md): their open tasks cancelled, their tokens gone,
// and those they started in turn.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { record } from './action-steps.ts';
import type { InstanceState } from './walk-state.ts';

/** Deletes an instance a call activity started, and those it started in turn (at most MAX_CALL_DEPTH deep). */
async function cancelCalled(trx: Db, id: string, at: Date): Promise<void> {
  await trx
    .updateTable('flow_tasks')
    .set({ status: 'cancelled', done_at: at })
    .where('instance_id', '=', id)
    .where('status', '=', 'open')
    .execute();
  await trx.deleteFrom('flow_tokens').where('instance_id', '=', id).execute();
  await record(trx, at, id, null, 'delete', null);
  await trx
    .updateTable('flow_instances')
    .set({ status: 'deleted', updated_at: at, state_label: '', state_nodes: sql<string[]>`'{}'`, auditor_names: '' })
    .where('id', '=', id)
    .execute();
  await cancelOrphans(trx, { id }, at);
}

export async function cancelOrphans(trx: Db, instance: Pick<InstanceState, 'id'>, at: Date): Promise<void> {
  const orphans = await trx
    .selectFrom('flow_instances as c')
    .select('c.id')
    .where('c.parent_id', '=', instance.id)
    .where('c.status', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('flow_tokens as t').select('t.id').whereRef('t.id', '=', 'c.parent_token_id'))),
    )
    .execute();
  for (const { id } of orphans) await cancelCalled(trx, id, at);
}
