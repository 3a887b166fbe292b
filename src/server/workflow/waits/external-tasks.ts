// External tasks (docs/adr/0127-jobs-and-external-tasks.md): a service task drawn with a worker's topic
// waits as a job of kind `external`. Workers of the enterprise fetch and lock them by topic (one
// statement, `for update skip locked`: two workers never get the same task), then complete them (the
// instance goes on, with their variables), report a failure (offered again after a while while retries
// are left, then an incident kept for flow monitoring), or report a business error that an error
// boundary event of the task catches (an incident when none is drawn).
import { sql, type NotNull } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { ActionResult } from '../action-steps.ts';
import { callLinks } from '../call-links.ts';
import { caughtVariables } from '../error-variables.ts';
import { enclosingCatcher } from '../scopes.ts';
import { onRunningInstance, resume, takeJob } from './resume.ts';

export interface LockedTask {
  id: string;
  topicName: string;
  workerId: string;
  instanceId: string;
  processId: string;
  businessKey: string | null;
  activityId: string;
  retries: number;
  lockExpirationTime: Date;
  variables: Record<string, unknown>;
  /** The instance of a multi-instance sub-process the task is in (docs/adr/0184-workers-and-conditions-inside-multi-instance.md). */
  loopIndex: number | null;
  innerIndex: number | null;
  /** The task's own variables, from its input mappings (docs/adr/0216-input-output-mappings.md). */
  locals: Record<string, unknown> | null;
}

/** Locks up to `maxTasks` tasks of the topics for the worker; the oldest first, topic by topic. */
export async function fetchAndLock(
  db: Db,
  domainId: string,
  workerId: string,
  maxTasks: number,
  topics: ReadonlyArray<{ topicName: string; lockDuration: number }>,
): Promise<LockedTask[]> {
  const locked: LockedTask[] = [];
  for (const topic of topics) {
    const left = maxTasks - locked.length;
    if (left <= 0) break;
    const { rows } = await sql<LockedTask>`with locked as (
        update flow_jobs set locked_by = ${workerId}, locked_until = now() + ${topic.lockDuration} * interval '1 millisecond'
        where id in (select j.id from flow_jobs j join flow_instances i on i.id = j.instance_id
            where j.kind = 'external' and j.topic = ${topic.topicName} and j.failed_at is null
              and (j.locked_until is null or j.locked_until < now()) and i.domain_id = ${domainId}
            order by j.created_at limit ${left} for update of j skip locked)
        returning id, topic, locked_by, instance_id, node_id, retries, locked_until, token_id)
      select l.id, l.topic as "topicName", l.locked_by as "workerId", l.instance_id as "instanceId", i.process_id as "processId",
        i.business_key as "businessKey", l.node_id as "activityId", l.retries, l.locked_until as "lockExpirationTime", i.form_data as variables,
        t.loop_index as "loopIndex", t.inner_index as "innerIndex", t.locals
      from locked l join flow_instances i on i.id = l.instance_id left join flow_tokens t on t.id = l.token_id order by l.id`.execute(
      db,
    );
    locked.push(...rows);
  }
  return locked;
}

interface TaskRow {
  id: string;
  instance_id: string;
  node_id: string;
  locked_by: string | null;
  locked_until: Date | null;
  retries: number;
}

/** The enterprise's external task, still locked by the worker (1404 when there is none, 1009 when the lock is not the worker's). */
async function lockedTask(db: Db, domainId: string, id: string, workerId: string): Promise<TaskRow> {
  const row = await db
    .selectFrom('flow_jobs as j')
    .innerJoin('flow_instances as i', 'i.id', 'j.instance_id')
    .select(['j.id', 'j.instance_id', 'j.node_id', 'j.locked_by', 'j.locked_until', 'j.retries'])
    .where('j.id', '=', id)
    .where('j.kind', '=', 'external')
    .where('i.domain_id', '=', domainId)
    .$narrowType<{ instance_id: NotNull }>()
    .executeTakeFirst();
  if (!row) throw new AppError('notFound', undefined, 'workflow.msg.noExternalTask');
  if (row.locked_by !== workerId || !row.locked_until || row.locked_until.getTime() < Date.now())
    throw new AppError('conflict', undefined, 'workflow.msg.lockLost');
  return row;
}

/** The worker did the task: the instance goes on from it with the variables. */
export async function completeTask(
  db: Db,
  input: { domainId: string; id: string; workerId: string; actorId: string; variables?: Record<string, unknown> },
): Promise<ActionResult> {
  const task = await lockedTask(db, input.domainId, input.id, input.workerId);
  const result = await onRunningInstance(db, task.instance_id, async (trx, state, definition, at) => {
    const job = await takeJob(trx, task.id, input.workerId);
    return job ? resume(trx, state, definition, at, job, { actorId: input.actorId, variables: input.variables }) : null;
  });
  if (!result) throw new AppError('conflict', undefined, 'workflow.msg.lockLost');
  return result;
}

export interface TaskState {
  id: string;
  instanceId: string;
  status: 'running' | 'completed' | 'deleted';
  retries: number;
  incident: boolean;
}

/** The worker could not do it: offered again after `retryTimeout` ms, or an incident with no retries left. */
export async function failTask(
  db: Db,
  input: {
    domainId: string;
    id: string;
    workerId: string;
    retries: number;
    retryTimeout: number;
    errorMessage?: string;
  },
): Promise<TaskState> {
  const task = await lockedTask(db, input.domainId, input.id, input.workerId);
  await markFailed(db, task.id, input.workerId, input.retries, input.retryTimeout, input.errorMessage ?? '');
  return {
    id: task.id,
    instanceId: task.instance_id,
    status: 'running',
    retries: input.retries,
    incident: input.retries <= 0,
  };
}

async function markFailed(db: Db, id: string, workerId: string, retries: number, retryTimeout: number, error: string) {
  await sql`update flow_jobs set retries = ${retries}, error = ${error}, locked_by = null,
      locked_until = now() + ${retryTimeout} * interval '1 millisecond', failed_at = case when ${retries} <= 0 then now() end
    where id = ${id} and locked_by = ${workerId}`.execute(db);
}

/** A business error: the task's error boundary with that code (or with none) takes the instance on, else
 *  the nearest sub-process around it with one, else the boundary of the call activity that started the
 *  instance; with none drawn, the task becomes an incident. */
export async function taskError(
  db: Db,
  input: {
    domainId: string;
    id: string;
    workerId: string;
    actorId: string;
    errorCode: string;
    errorMessage?: string;
    variables?: Record<string, unknown>;
  },
): Promise<TaskState> {
  const task = await lockedTask(db, input.domainId, input.id, input.workerId);
  const result = await onRunningInstance(db, task.instance_id, async (trx, state, definition, at) => {
    const node = definition.nodes[task.node_id];
    const boundaries = (node.boundaries ?? []).map((b) => definition.nodes[b]).filter((b) => b.event?.type === 'error');
    const catcher =
      boundaries.find((b) => b.event?.type === 'error' && b.event.code === input.errorCode) ??
      boundaries.find((b) => b.event?.type === 'error' && b.event.code === undefined);
    // None on the task: a sub-process around it may catch it, as an error end's (docs/adr/0184-workers-and-conditions-inside-multi-instance.md),
    // else the call activity that started the instance (docs/adr/0189-bpmn-errors-cross-call-activities.md).
    const caught =
      catcher !== undefined ||
      enclosingCatcher(definition, node, 'error', input.errorCode) !== undefined ||
      (Boolean(state.parent_id) &&
        (await callLinks().callerCatches(trx, state, { kind: 'error', code: input.errorCode })));
    if (!caught) return null;
    const job = await takeJob(trx, task.id, input.workerId);
    if (!job) throw new AppError('conflict', undefined, 'workflow.msg.lockLost');
    // The worker's variables are set where the error is caught: here by the task's own boundary, else
    // wherever the walk takes it (docs/adr/0195-escalations-walk-up-and-error-data.md).
    const error = { code: input.errorCode, message: input.errorMessage, variables: input.variables };
    return resume(trx, state, definition, at, job, {
      actorId: input.actorId,
      ...(catcher ? { nodeId: catcher.id, caught: caughtVariables(catcher, error) } : { error }),
    });
  });
  if (result)
    return { id: task.id, instanceId: task.instance_id, status: result.status, retries: task.retries, incident: false };
  const message = `BPMN error ${input.errorCode}${input.errorMessage ? `: ${input.errorMessage}` : ''} (no error boundary event catches it)`;
  await markFailed(db, task.id, input.workerId, 0, 0, message);
  return { id: task.id, instanceId: task.instance_id, status: 'running', retries: 0, incident: true };
}
