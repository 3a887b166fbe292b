// An instance going on from what it waited for (docs/adr/0126-timers-and-messages.md): a timer fired,
// a message correlated, an external task completed or its error caught. One action, like a user's: the
// instance's row is locked first, the job taken (deleted: whoever took it first resumes, nobody twice),
// the history says `auto` at the event or task, and the walk goes on from it. An interrupting event, and
// anything that is not a boundary event, ends the wait: its token goes, with the open tasks on it and
// every other job of the token (the other events of an event-based gateway, the other boundaries).
import { randomUUID } from 'node:crypto';
import { sql, type NotNull } from 'kysely';
import type { ProcessDefinition, ProcessNode } from '../../../core/workflow/process-types.ts';
import type { Db } from '../../db/schema.ts';
import { finish, instanceRowLocked, LOCKED_COLUMNS, record, type ActionResult } from '../action-steps.ts';
import { atOfRow, type ActionStamp, type LoopAt, type Thrown } from '../walk-state.ts';
import { writingInstances } from '../instance-writes.ts';
import { finishTogether, type WalkToFinish } from '../finish-together.ts';
import { inLoopOf, instanceVariables } from '../loop-scopes.ts';
import { keepInInstance } from '../variable-homes.ts';
import { keepCaught } from '../error-variables.ts';
import { completedVariables, inputLocals } from '../task-locals.ts';
import { activityInterrupted, thrownFrom } from '../scopes.ts';
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
    const row = await instanceRowLocked(trx, instanceId);
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
  options: {
    actorId?: string | null;
    variables?: Record<string, unknown>;
    nodeId?: string;
    /** What the task's own boundary `nodeId` caught of a worker's BPMN error: set where its path goes on
     *  (error-variables.ts). */
    caught?: Record<string, unknown>;
    /** A worker's BPMN error that a sub-process around the task (0184) or the call activity that started
     *  the instance (0189) catches, with the variables sent with it (set where it is caught, 0195). */
    error?: Omit<Thrown, 'kind'>;
  } = {},
): Promise<ActionResult> {
  const node = definition.nodes[options.nodeId ?? job.node_id];
  const action = await record(trx, at, state.id, options.actorId ?? null, 'auto', node.id);
  let loopAt: LoopAt | undefined;
  let locals: Record<string, unknown> | null = null;
  if (!endsWait(node)) await armNextCycle(trx, state, node, job, at);
  else {
    // One statement, one round trip (docs/adr/0159-jobs-fired-in-batches.md): the token's open tasks
    // cancelled, the token gone with its other jobs (foreign key). The tasks are found through their
    // instance's index: no index leads from a token to its tasks.
    const gone = await trx
      .with('cancelled', (db) =>
        db
          .updateTable('flow_tasks')
          .set({ status: 'cancelled', done_at: at })
          .where('instance_id', '=', state.id)
          .where('token_id', '=', job.token_id)
          .where('status', '=', 'open'),
      )
      .deleteFrom('flow_tokens')
      .where('id', '=', job.token_id)
      .returning(['loop_index', 'inner_index', 'locals'])
      .executeTakeFirst();
    loopAt = gone && atOfRow(gone);
    locals = gone?.locals ?? null;
  }
  // A worker that completed a task with mappings sets what they say (task-locals.ts); so does a catch
  // event with outputs, for the message it caught (docs/adr/0221-sub-process-variable-scopes.md), over
  // its inputs (docs/adr/0238-catch-event-input-mappings.md).
  const seen =
    node.io && options.error === undefined
      ? await instanceVariables(trx, definition, state.id, node.id, loopAt, state.form_data)
      : undefined;
  // An event after an event-based gateway is entered only as it fires: its inputs are evaluated then
  // (docs/adr/0238-catch-event-input-mappings.md); any other catch event's are on its token.
  const own = seen && node.kind === 'catch' && locals === null ? inputLocals(node, seen) : locals;
  const variables =
    seen && !options.caught ? completedVariables(node.io!, seen, own, options.variables ?? {}) : options.variables;
  // A variable an enclosing multi-instance sub-process's instance keeps as its own is set there
  // (docs/adr/0212-multi-instance-sub-process-outputs.md); the rest in the process.
  if (variables) await keepInInstance(trx, state, definition, job.node_id, loopAt, variables);
  if (options.caught)
    await keepCaught(
      { trx, instance: state, definition, at: loopAt, ...(seen ? { seen } : {}) },
      node.id,
      options.caught,
    );
  const walk = await walkFrom(trx, state, definition, action, node, job.token_id, loopAt, options.error);
  return finish(trx, state, walk, action, options.actorId ?? null);
}

/** Whether the event ends the token's wait: anything but a non-interrupting boundary (a reminder, after
 *  which the activity goes on). */
const endsWait = (node: ProcessNode): boolean => !(node.kind === 'boundary' && node.interrupting === false);

/** A non-interrupting cycle's timer with firings left is armed again. */
async function armNextCycle(trx: Db, state: InstanceState, node: ProcessNode, job: TakenJob, at: Date): Promise<void> {
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
}

/** The walk on from `node` in the action, not yet finished. */
async function walkFrom(
  trx: Db,
  state: InstanceState,
  definition: ProcessDefinition,
  action: ActionStamp,
  node: ProcessNode,
  tokenId: string,
  loopAt: LoopAt | undefined,
  error?: Omit<Thrown, 'kind'>,
): Promise<Walk> {
  const walk = new Walk(trx, state, definition, action);
  // A timer on a multi-instance sub-process hangs on its token (just deleted when it interrupts): every
  // instance still inside is cancelled (docs/adr/0170-multi-instance-ends-boundaries-nested.md), those of
  // the outer instance it is drawn in when it is inside another (docs/adr/0197-multi-instance-sub-processes-nested.md).
  const host = node.kind === 'boundary' && node.interrupting !== false ? definition.nodes[node.attachedTo!] : undefined;
  // Inside a multi-instance sub-process the walk goes on in the token's instance (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md).
  const go = async () => {
    if (host) await activityInterrupted(walk, host);
    if (error === undefined) await walk.leave(node.id);
    else await thrownFrom(walk, node, { kind: 'error', ...error });
  };
  await inLoopOf(walk, node.id, { id: loopAt ? null : tokenId, at: loopAt }, go);
  return walk;
}

export interface LockedInstance {
  state: InstanceState;
  definition: ProcessDefinition;
}

/** Locks the instances `ids` in one statement, in id order (as one at a time would, so two units never
 *  wait for each other in a circle); answers the running ones. */
export async function lockRunningInstances(trx: Db, ids: readonly string[]): Promise<Map<string, LockedInstance>> {
  const rows = await trx
    .selectFrom('flow_instances')
    .select(LOCKED_COLUMNS)
    .where(sql<boolean>`id = any(${[...ids]}::text[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  const locked = new Map<string, LockedInstance>();
  for (const row of rows) {
    if (row.status !== 'running') continue;
    const { definition } = await versionById(trx, row.version_id);
    locked.set(row.id, { state: { ...row, form_data: row.form_data ?? {} }, definition });
  }
  return locked;
}

/** Takes the jobs (deleted) in one statement, only while this server's claim holds; answers those taken. */
export async function takeJobs(
  trx: Db,
  jobIds: readonly string[],
  lockedBy: string,
): Promise<Array<TakenJob & { instance_id: string }>> {
  return trx
    .deleteFrom('flow_jobs')
    .where(sql<boolean>`id = any(${[...jobIds]}::text[])`)
    .where('token_id', 'is not', null)
    .where('locked_by', '=', lockedBy)
    .returning(['id', 'instance_id', 'token_id', 'node_id', 'kind', 'repeats_left'])
    .$narrowType<{ token_id: NotNull; instance_id: NotNull }>()
    .execute();
}

/** Fires jobs already taken, each of another instance locked by `lockRunningInstances`, as `resume` would
 *  one by one, with the statements that do not depend on the walk sent once for all: their history
 *  entries in one insert, the ended waits' tasks cancelled and tokens deleted in one statement
 *  (docs/adr/0169-timer-groups-as-sets.md); then each instance's walk in turn, and their finishes in one
 *  statement (docs/adr/0177-timer-group-finished-as-a-set.md). No instance may be one another's walk
 *  changes (a call's caller or callee): their order would matter. */
export async function resumeTogether(
  trx: Db,
  taken: ReadonlyArray<{ instance: LockedInstance; job: TakenJob }>,
  at: Date,
): Promise<ActionResult[]> {
  if (taken.length === 0) return [];
  const nodes = taken.map(({ instance, job }) => instance.definition.nodes[job.node_id]);
  const { rows: recorded } = await sql<{ id: string; instance_id: string }>`insert into flow_history
      (instance_id, at, actor_id, admin_id, action, node_id, comment)
    select u.instance_id, ${at}::timestamptz, null, null, 'auto', u.node_id, ''
      from unnest(${taken.map(({ instance }) => instance.state.id)}::text[], ${nodes.map((n) => n.id)}::text[]) as u(instance_id, node_id)
    returning id, instance_id`.execute(trx);
  const actions = new Map(recorded.map((row) => [row.instance_id, { id: Number(row.id), at }]));
  const ending = taken.filter((_, i) => endsWait(nodes[i])).map(({ job }) => job.token_id);
  const loopAts = new Map<string, LoopAt | undefined>();
  if (ending.length > 0) {
    // The instances narrow the tasks to their index's rows (as resume's).
    const instances = taken.map(({ instance }) => instance.state.id);
    const { rows: gone } = await sql<{
      id: string;
      loop_index: number | null;
      inner_index: number | null;
    }>`with cancelled as (
        update flow_tasks set status = 'cancelled', done_at = ${at}
        where instance_id = any(${instances}::text[]) and token_id = any(${ending}::text[]) and status = 'open')
      delete from flow_tokens where id = any(${ending}::text[]) returning id, loop_index, inner_index`.execute(trx);
    for (const row of gone) loopAts.set(row.id, atOfRow(row));
  }
  const walks: WalkToFinish[] = [];
  for (const [i, { instance, job }] of taken.entries()) {
    const { state, definition } = instance;
    const action = actions.get(state.id)!;
    const node = nodes[i];
    if (!endsWait(node)) await armNextCycle(trx, state, node, job, at);
    const loopAt = loopAts.get(job.token_id);
    walks.push({ state, action, walk: await walkFrom(trx, state, definition, action, node, job.token_id, loopAt) });
  }
  return finishTogether(trx, walks, at);
}
