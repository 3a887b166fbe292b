// An instance going on from what it waited for (docs/adr/0126-timers-and-messages.md): a timer fired,
// a message correlated, an external task completed or its error caught. One action, like a user's: the
// instance's row is locked first, the job taken (deleted: whoever took it first resumes, nobody twice),
// the history says `auto` at the event or task, and the walk goes on from it. An interrupting event, and
// anything that is not a boundary event, ends the wait: its token goes, with the open tasks on it and
// every other job of the token (the other events of an event-based gateway, the other boundaries).
import { randomUUID } from 'node:crypto';
import type { NotNull } from 'kysely';
import type { ProcessDefinition } from '../../../core/workflow/process-types.ts';
import type { Db } from '../../db/schema.ts';
import { finish, record, type ActionResult } from '../actions.ts';
import { writingInstances } from '../instance-writes.ts';
import { inLoopOf } from '../loop-scopes.ts';
import { cancelInside } from '../scopes.ts';
import { versionById } from '../process-versions.ts';
import { Walk, type InstanceState } from '../walk.ts';
import { nextCycleDue } from './timer-due.ts';

export interface TakenJob {
  id: string;
  token_id: string;
  node_id: string;
  kind: string;
  repeats_left: number | null;
}

export type LockedWork = (
  trx: Db,
  state: InstanceState,
  definition: ProcessDefinition,
  at: Date,
) => Promise<ActionResult | null>;

/** `work` on the running instance, its row locked; null when it is no longer running (nothing waits there). */
export function onRunningInstance(db: Db, instanceId: string, work: LockedWork): Promise<ActionResult | null> {
  return writingInstances(db, async (trx) => {
    const row = await trx
      .selectFrom('flow_instances')
      .select(['id', 'domain_id', 'application_id', 'initiator_id', 'status', 'form_data', 'version_id', 'parent_id'])
      .where('id', '=', instanceId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.status !== 'running') return null;
    const { definition } = await versionById(trx, row.version_id);
    return work(trx, { ...row, form_data: row.form_data ?? {} }, definition, new Date());
  });
}

/** Takes the job (deleted; `lockedBy`: only while this server's claim holds); undefined when it is gone. */
export async function takeJob(trx: Db, jobId: string, lockedBy?: string): Promise<TakenJob | undefined> {
  // An instance's job: a process's start timer (start-timers.ts) is never taken here.
  let query = trx.deleteFrom('flow_jobs').where('id', '=', jobId).where('token_id', 'is not', null);
  if (lockedBy !== undefined) query = query.where('locked_by', '=', lockedBy);
  return query
    .returning(['id', 'token_id', 'node_id', 'kind', 'repeats_left'])
    .$narrowType<{ token_id: NotNull }>()
    .executeTakeFirst();
}

/** Goes on from the job's event or task (`nodeId`: another one the token waits at, a caught error's boundary). */
export async function resume(
  trx: Db,
  state: InstanceState,
  definition: ProcessDefinition,
  at: Date,
  job: TakenJob,
  options: { actorId?: string | null; variables?: Record<string, unknown>; nodeId?: string } = {},
): Promise<ActionResult> {
  const node = definition.nodes[options.nodeId ?? job.node_id];
  if (options.variables && Object.keys(options.variables).length > 0) {
    state.form_data = { ...state.form_data, ...options.variables };
    await trx
      .updateTable('flow_instances')
      .set({ form_data: JSON.stringify(state.form_data) })
      .where('id', '=', state.id)
      .execute();
  }
  const action = await record(trx, at, state.id, options.actorId ?? null, 'auto', node.id);
  let loopIndex: number | null = null;
  if (node.kind === 'boundary' && node.interrupting === false) {
    // A reminder: the activity goes on; a cycle with firings left is armed again.
    if (job.kind === 'timer' && node.event?.type === 'timer' && node.event.timer.cycle && job.repeats_left !== 0)
      await trx
        .insertInto('flow_jobs')
        .values({
          id: randomUUID(),
          instance_id: state.id,
          token_id: job.token_id,
          node_id: node.id,
          kind: 'timer',
          due_at: await nextCycleDue(trx, state.domain_id, node.event.timer, at),
          repeats_left: job.repeats_left === null ? null : job.repeats_left - 1,
          created_at: at,
        })
        .execute();
  } else {
    // One statement, one round trip (docs/adr/0159-jobs-fired-in-batches.md): the token's open tasks
    // cancelled, the token gone with its other jobs (foreign key).
    const gone = await trx
      .with('cancelled', (db) =>
        db
          .updateTable('flow_tasks')
          .set({ status: 'cancelled', done_at: at })
          .where('token_id', '=', job.token_id)
          .where('status', '=', 'open'),
      )
      .deleteFrom('flow_tokens')
      .where('id', '=', job.token_id)
      .returning('loop_index')
      .executeTakeFirst();
    loopIndex = gone?.loop_index ?? null;
  }
  const walk = new Walk(trx, state, definition, action);
  // A timer on a multi-instance sub-process hangs on its token (just deleted when it interrupts): every
  // instance still inside is cancelled (docs/adr/0170-multi-instance-ends-boundaries-nested.md).
  const host = node.kind === 'boundary' && node.interrupting !== false ? definition.nodes[node.attachedTo!] : undefined;
  if (host?.kind === 'subprocess') {
    await cancelInside(walk, host.id);
    walk.terminated.add(host.id);
  }
  // Inside a multi-instance sub-process the walk goes on in the token's instance (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md).
  await inLoopOf(walk, node.id, { id: loopIndex === null ? job.token_id : null, loopIndex }, () => walk.leave(node.id));
  return finish(trx, state, walk, action, options.actorId ?? null);
}
