// One maintenance job at a time per deployment (decision docs/adr/0013-maintenance-push-directory-test.md), or per slot: forms synchronisation runs
// one at a time per application in a slot of its own (docs/adr/0053-forms-synchronisation.md). On PostgreSQL the advisory lock
// (db/deployment-lock.ts, held on a pinned connection for the job's run) decides who may run one,
// and holding it proves an in-progress row left behind is a dead instance's; on PGlite the claim of
// the job row is the guard. The status lives in the database (job-store.ts), so every instance
// answers the same one.
import type { AtriumDatabase } from '../../db/connect.ts';
import { AppError } from '../../http/app-error.ts';
import { lockDeployment } from '../../db/deployment-lock.ts';
import {
  claimJob,
  DEPLOYMENT_ROW,
  finishJob,
  heartbeat,
  HEARTBEAT_MS,
  readJob,
  type JobName,
  type JobStatus,
} from './job-store.ts';

export type { JobName, JobStatus } from './job-store.ts';

/** The job's work: reports progress (0-100) as it goes and answers the localized summary. */
export type JobWork = (progress: (percent: number) => void) => Promise<string>;

type Translate = (key: string, params?: Record<string, unknown>) => string;

const busy = () => new AppError('conflict', undefined, 'manage.jobBusy');

/** Where a job runs one at a time: its status row and its advisory lock. The deployment's maintenance
 *  jobs share one; forms synchronisation has one per application. */
export interface JobSlot {
  row: string;
  lock: string;
}
export const DEPLOYMENT_SLOT: JobSlot = { row: DEPLOYMENT_ROW, lock: 'maintenance' };

export function jobStatus(database: AtriumDatabase, t: Translate, slot = DEPLOYMENT_SLOT): Promise<JobStatus> {
  return readJob(database.db, t, slot.row);
}

/** Starts the work in the background and answers its first status; 1009 while a job of the slot runs on any instance. */
export async function startJob(
  database: AtriumDatabase,
  job: JobName,
  work: JobWork,
  failure: (reason: string) => string,
  slot = DEPLOYMENT_SLOT,
): Promise<JobStatus> {
  const release = await lockDeployment(database, slot.lock);
  if (!release) throw busy();
  const claimed = await claimJob(database.db, job, database.kind === 'postgres', slot.row).catch(
    async (error: unknown) => {
      await release();
      throw error;
    },
  );
  if (!claimed) {
    await release();
    throw busy();
  }
  let progress = 0;
  const beat = setInterval(
    () => void heartbeat(database.db, claimed.runId, progress, slot.row).catch(() => undefined),
    HEARTBEAT_MS,
  );
  beat.unref();
  const running = work((percent) => (progress = Math.max(progress, Math.min(99, Math.round(percent)))));
  // The outcome is published once the lock is released, so "done" means another job may start.
  void running
    .then(
      (message) => ({ status: 'done' as const, progress: 100, message }),
      (error: unknown) => ({
        status: 'failed' as const,
        progress,
        message: failure(error instanceof Error ? error.message : String(error)),
      }),
    )
    .then(async (outcome) => {
      clearInterval(beat);
      await release().catch(() => undefined); // a lost unlock ends with its connection
      // A lost write leaves the row in progress without heartbeat: it reads "interrupted" soon.
      await finishJob(database.db, claimed.runId, outcome, slot.row).catch(() => undefined);
    });
  return claimed.status;
}
