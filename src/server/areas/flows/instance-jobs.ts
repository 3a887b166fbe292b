// An instance's jobs as flow monitoring shows them (docs/adr/0140-jobs-in-flow-monitoring.md): what it
// waits for outside a user's action (timers, messages, external tasks), each with its state — due,
// claimed by a server or a worker, failed and to be tried again, or an incident — its retries left and
// its last error (in the reader's language when the engine wrote it), and whether the administrator may
// retry or cancel it.
import { sql, type NotNull } from 'kysely';
import type { ProcessDefinition } from '../../../core/workflow/process-types.ts';
import type { Translate } from '../../../core/validation-messages.ts';
import type { Db } from '../../db/schema.ts';
import { jobErrorText, unarmedTimer } from '../../workflow/waits/timer-incidents.ts';

export interface JobRow {
  id: string;
  token_id: string;
  node_id: string;
  kind: string;
  due_at: string;
  topic: string;
  retries: number;
  locked_by: string;
  locked_until: string;
  failed_at: string;
  error: string;
  state: 'waiting' | 'due' | 'locked' | 'retrying' | 'incident';
}

/** A job's time column as flow monitoring shows it (empty when none), as the database's clock reads it. */
export const time = (column: string) => sql<string>`coalesce(to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS'), '')`;

/** A job's state (the flow-job entity's) from its row `alias` of flow_jobs; a process's start timer's too. */
export const jobState = (alias: string) => {
  const j = (column: string) => sql.ref(`${alias}.${column}`);
  // A failed job waits for its next try with no claim and locked_until at that try.
  return sql<JobRow['state']>`case when ${j('failed_at')} is not null then 'incident'
    when ${j('locked_until')} > now() and ${j('locked_by')} is not null then 'locked'
    when ${j('locked_until')} > now() and ${j('error')} <> '' then 'retrying'
    when ${j('kind')} = 'timer' and ${j('due_at')} <= now() then 'due' else 'waiting' end`;
};

/** The jobs of the instances (`ids`), oldest first; times as the database's clock reads them. */
export async function jobRows(db: Db, where: { instanceId: string } | { jobId: string }): Promise<JobRow[]> {
  return (
    db
      .selectFrom('flow_jobs as j')
      .select(['j.id', 'j.token_id', 'j.node_id', 'j.kind', 'j.retries', 'j.error'])
      .select([
        time('j.due_at').as('due_at'),
        time('j.locked_until').as('locked_until'),
        time('j.failed_at').as('failed_at'),
        sql<string>`coalesce(j.topic, '')`.as('topic'),
        sql<string>`coalesce(j.locked_by, '')`.as('locked_by'),
        jobState('j').as('state'),
      ])
      .where(
        'instanceId' in where ? 'j.instance_id' : 'j.id',
        '=',
        'instanceId' in where ? where.instanceId : where.jobId,
      )
      // An instance's waits only: a process's start timer (docs/adr/0147-timer-start-events.md) is none of them.
      .where('j.token_id', 'is not', null)
      .$narrowType<{ token_id: NotNull }>()
      .orderBy('j.created_at')
      .orderBy('j.id')
      .execute()
  );
}

/** A job the instance can do without: a boundary event's (the activity it is drawn on goes on waiting),
 *  or one of several the token waits for (an event-based gateway's other events stay). */
export function cancellable(job: JobRow, jobs: readonly JobRow[], definition: ProcessDefinition): boolean {
  if (definition.nodes[job.node_id]?.kind === 'boundary') return true;
  return jobs.some((other) => other.id !== job.id && other.token_id === job.token_id);
}

/** A failed job (an incident, or one waiting for its next try). */
export const retryable = (job: JobRow) => job.state === 'incident' || job.state === 'retrying';

/** The detail's `jobs`. */
export async function instanceJobs(
  db: Db,
  instanceId: string,
  definition: ProcessDefinition,
  nodeName: (id: string | null) => string,
  t: Translate,
) {
  const jobs = await jobRows(db, { instanceId });
  return jobs.map((job) => ({
    id: job.id,
    kind: job.kind as 'timer' | 'message' | 'external',
    nodeId: job.node_id,
    nodeName: nodeName(job.node_id),
    // A timer its expression could not arm has no due time: its row keeps the moment it failed there,
    // which failedAt answers (docs/adr/0248-flow-jobs-due-and-failed-at.md).
    dueAt: unarmedTimer(job.error) ? '' : job.due_at,
    topic: job.topic,
    state: job.state,
    retries: job.retries,
    lockedBy: job.locked_by,
    lockedUntil: job.locked_until,
    failedAt: job.failed_at,
    error: jobErrorText(job.error, t),
    retryable: retryable(job),
    cancellable: cancellable(job, jobs, definition),
  }));
}
