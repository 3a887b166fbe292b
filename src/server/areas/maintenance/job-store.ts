// The running or last job of each slot — the deployment's maintenance job, an application's forms
// synchronisation — kept in the database (table maintenance_jobs, one row per slot) so every server
// instance answers the same status. Times come from the database's clock, so instances with skewed
// clocks agree on whether a heartbeat is too old.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

export type JobName = 'clearCache' | 'rebuildFiles' | 'synchronize' | 'synchronizeForms';

export interface JobStatus {
  job: JobName | '';
  status: 'idle' | 'in-progress' | 'done' | 'failed';
  progress: number;
  message: string;
  startedAt?: string;
  finishedAt?: string;
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The deployment's maintenance job has this row; other jobs run one at a time per their own row
 *  (forms synchronisation: one per application, `forms:<id>`). */
export const DEPLOYMENT_ROW = 'deployment';
/** How often a running job writes its progress and heartbeat. */
export const HEARTBEAT_MS = 1000;
/** A job whose heartbeat is older than this reads failed ("interrupted"): its instance died. */
export const STALE_SECONDS = 30;

const stale = sql<boolean>`maintenance_jobs.heartbeat_at < now() - ${STALE_SECONDS} * interval '1 second'`;

/** Makes a new in-progress job the deployment's, unless one is running (in-progress with a fresh
 *  heartbeat) and `takeOver` is false; answers its run id and first status, or null. */
export async function claimJob(
  db: Db,
  job: JobName,
  takeOver: boolean,
  row = DEPLOYMENT_ROW,
): Promise<{ runId: string; status: JobStatus } | null> {
  const runId = randomUUID();
  const fresh = {
    run_id: runId,
    job,
    status: 'in-progress',
    progress: 0,
    message: '',
    started_at: sql<Date>`now()`,
    finished_at: null,
    heartbeat_at: sql<Date>`now()`,
  };
  const claimed = await db
    .insertInto('maintenance_jobs')
    .values({ id: row, ...fresh })
    .onConflict((oc) => {
      const update = oc.column('id').doUpdateSet(fresh);
      return takeOver
        ? update
        : update.where((eb) => eb.or([eb('maintenance_jobs.status', '<>', 'in-progress'), stale]));
    })
    .returning('started_at')
    .executeTakeFirst();
  return claimed
    ? {
        runId,
        status: { job, status: 'in-progress', progress: 0, message: '', startedAt: claimed.started_at.toISOString() },
      }
    : null;
}

/** The running job is alive and this far. */
export async function heartbeat(db: Db, runId: string, progress: number, row = DEPLOYMENT_ROW): Promise<void> {
  await db
    .updateTable('maintenance_jobs')
    .set({ progress, heartbeat_at: sql<Date>`now()` })
    .where('id', '=', row)
    .where('run_id', '=', runId)
    .where('status', '=', 'in-progress')
    .execute();
}

/** Its outcome, unless another start has taken the row meanwhile. */
export async function finishJob(
  db: Db,
  runId: string,
  outcome: Pick<JobStatus, 'status' | 'progress' | 'message'>,
  row = DEPLOYMENT_ROW,
): Promise<void> {
  await db
    .updateTable('maintenance_jobs')
    .set({ ...outcome, finished_at: sql<Date>`now()` })
    .where('id', '=', row)
    .where('run_id', '=', runId)
    .execute();
}

/** The running or last job; idle before the first. A job still in progress whose heartbeat is too
 *  old reads failed, with the reader's "interrupted" message and its last heartbeat as finish time. */
export async function readJob(db: Db, t: Translate, slot = DEPLOYMENT_ROW): Promise<JobStatus> {
  const row = await db
    .selectFrom('maintenance_jobs')
    .select(['job', 'status', 'progress', 'message', 'started_at', 'finished_at', 'heartbeat_at', stale.as('stale')])
    .where('id', '=', slot)
    .executeTakeFirst();
  if (!row) return { job: '', status: 'idle', progress: 0, message: '' };
  const status: JobStatus = {
    job: row.job as JobName,
    status: row.status as JobStatus['status'],
    progress: row.progress,
    message: row.message,
    startedAt: row.started_at.toISOString(),
  };
  if (row.finished_at) status.finishedAt = row.finished_at.toISOString();
  if (status.status === 'in-progress' && row.stale) {
    return {
      ...status,
      status: 'failed',
      message: t('manage.jobInterrupted'),
      finishedAt: row.heartbeat_at.toISOString(),
    };
  }
  return status;
}
