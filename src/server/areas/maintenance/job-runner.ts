// One maintenance job at a time per deployment: an in-process guard, plus (on PostgreSQL) an advisory
// lock held on a pinned connection for the job's whole run, so two server instances sharing a database
// never run one together. The status answered is the running job, else the last one of this instance.
import { sql } from 'kysely';
import type { AtriumDatabase } from '../../db/connect.ts';
import { AppError } from '../../http/app-error.ts';

export type JobName = 'clearCache' | 'rebuildFiles' | 'synchronize';

export interface JobStatus {
  job: JobName | '';
  status: 'idle' | 'in-progress' | 'done' | 'failed';
  progress: number;
  message: string;
  startedAt?: string;
  finishedAt?: string;
}

/** The job's work: reports progress (0-100) as it goes and answers the localized summary. */
export type JobWork = (progress: (percent: number) => void) => Promise<string>;

type Release = () => Promise<void>;

// Per schema: test servers (and tenants of one PostgreSQL) in other schemas are other deployments.
const LOCK_KEY = sql<number>`hashtext('atrium.maintenance:' || current_schema())`;

/** Takes the advisory lock on a connection kept out of the pool until `release`; null when taken. */
function lockDeployment(database: AtriumDatabase): Promise<Release | null> {
  // PGlite is one in-process connection: no other instance can open it, and pinning it would stall
  // every other request of this one.
  if (database.kind !== 'postgres') return Promise.resolve(async () => undefined);
  return new Promise((resolve, reject) => {
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    let acquired = false;
    const held = database.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as locked`.execute(conn);
      if (!rows[0]?.locked) return resolve(null);
      acquired = true;
      resolve(async () => {
        finish();
        await held;
      });
      await finished;
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    });
    held.catch((error: unknown) => (acquired ? undefined : reject(error)));
  });
}

export class MaintenanceRunner {
  private current: JobStatus = { job: '', status: 'idle', progress: 0, message: '' };

  constructor(private readonly database: AtriumDatabase) {}

  private busy(): boolean {
    return this.current.status === 'in-progress';
  }

  status(): JobStatus {
    return { ...this.current };
  }

  /** Starts the work in the background and answers its first status; 1009 while a job runs here or elsewhere. */
  async start(job: JobName, work: JobWork, failure: (reason: string) => string): Promise<JobStatus> {
    if (this.busy()) throw new AppError('conflict', undefined, 'manage.jobBusy');
    const release = await lockDeployment(this.database);
    if (!release) throw new AppError('conflict', undefined, 'manage.jobBusy');
    // Another request of this instance may have started one while the lock was being taken.
    if (this.busy()) {
      await release();
      throw new AppError('conflict', undefined, 'manage.jobBusy');
    }
    const status: JobStatus = { job, status: 'in-progress', progress: 0, message: '', startedAt: new Date().toISOString() };
    this.current = status;
    const running = work((percent) => (status.progress = Math.max(status.progress, Math.min(99, Math.round(percent)))));
    // The outcome is published once the lock is released, so "done" means another job may start.
    void running
      .then(
        (message): Partial<JobStatus> => ({ status: 'done', progress: 100, message }),
        (error: unknown): Partial<JobStatus> => ({ status: 'failed', message: failure(error instanceof Error ? error.message : String(error)) }),
      )
      .then(async (outcome) => {
        await release().catch(() => undefined); // a lost unlock ends with its connection
        Object.assign(status, outcome, { finishedAt: new Date().toISOString() });
      });
    return { ...status };
  }
}

const runners = new WeakMap<AtriumDatabase, MaintenanceRunner>();

export function maintenanceRunner(database: AtriumDatabase): MaintenanceRunner {
  let runner = runners.get(database);
  if (!runner) runners.set(database, (runner = new MaintenanceRunner(database)));
  return runner;
}
