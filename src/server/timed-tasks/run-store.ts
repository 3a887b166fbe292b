// The timed tasks and their runs in the database (migration 0024, docs/adr/0057-timed-tasks.md). Every instance fires its own
// croner jobs; a run happens where its row is claimed: one insert of (task, due time), unique, taken
// only while the task row (locked, skip locked) still says "run" with the timing the job was built
// from and no other run of it is alive. A running run beats its heartbeat; one whose heartbeat is
// older than STALE_SECONDS belongs to a dead instance and is marked interrupted.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { TimedTaskStartType } from '../db/column-types.ts';
import type { Timing } from './timing.ts';

export const HEARTBEAT_MS = 5_000;
export const STALE_SECONDS = 30;

export interface TaskRegistration {
  id: string;
  startType: TimedTaskStartType;
  timing: Timing;
}

/** The platform's tasks as rows: a new one is added (an auto task running, the others stopped); an
 *  existing one keeps what administrators chose, except that a banned task is stopped and stays banned. */
export async function registerTasks(db: Db, tasks: readonly TaskRegistration[]): Promise<void> {
  for (const task of tasks) {
    const banned = task.startType === 'banned';
    await db
      .insertInto('timed_tasks')
      .values({
        id: task.id,
        creator: 'system',
        start_type: task.startType,
        state: task.startType === 'auto' ? 'run' : 'stopped',
        period: task.timing.period,
        run_time: task.timing.runTime,
        run_date: task.timing.runDate,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(
          banned
            ? {
                start_type: 'banned',
                state: 'stopped',
                version: sql<number>`timed_tasks.version + 1`,
                updated_at: sql<Date>`now()`,
              }
            : {
                start_type: sql<TimedTaskStartType>`case when timed_tasks.start_type = 'banned' then ${task.startType} else timed_tasks.start_type end`,
              },
        ),
      )
      .execute();
  }
}

/** Claims the run of `taskId` due at `due` for this instance; its id, or null when another instance
 *  has it, the task was stopped or changed since `version`, or a run of it is still alive. */
export async function claimRun(
  db: Db,
  taskId: string,
  version: number,
  due: Date,
  instance: string,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const task = await trx
      .selectFrom('timed_tasks')
      .select('id')
      .where('id', '=', taskId)
      .where('state', '=', 'run')
      .where('version', '=', version)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!task) return null;
    const alive = await trx
      .selectFrom('timed_task_runs')
      .select('id')
      .where('task_id', '=', taskId)
      .where('outcome', '=', 'running')
      .where(sql<boolean>`heartbeat_at > now() - ${STALE_SECONDS} * interval '1 second'`)
      .executeTakeFirst();
    if (alive) return null;
    const id = randomUUID();
    const inserted = await trx
      .insertInto('timed_task_runs')
      .values({ id, task_id: taskId, due_at: due, instance })
      .onConflict((oc) => oc.columns(['task_id', 'due_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    await trx
      .updateTable('timed_tasks')
      .set({ run_count: sql<number>`run_count + 1` })
      .where('id', '=', taskId)
      .execute();
    return id;
  });
}

export async function beat(db: Db, runId: string): Promise<void> {
  await db
    .updateTable('timed_task_runs')
    .set({ heartbeat_at: sql<Date>`now()` })
    .where('id', '=', runId)
    .where('outcome', '=', 'running')
    .execute();
}

export async function finishRun(db: Db, runId: string, outcome: 'done' | 'failed', message: string): Promise<void> {
  await db
    .updateTable('timed_task_runs')
    .set({ outcome, message: message.slice(0, 1000), finished_at: sql<Date>`now()` })
    .where('id', '=', runId)
    .where('outcome', '=', 'running')
    .execute();
}

/** A one-shot task has run: it stops, unless someone started it again meanwhile. */
export async function stopAfterOneShot(db: Db, taskId: string, version: number): Promise<void> {
  await db
    .updateTable('timed_tasks')
    .set({ state: 'stopped', next_run_at: null, version: version + 1, updated_at: sql<Date>`now()` })
    .where('id', '=', taskId)
    .where('version', '=', version)
    .execute();
}

/** Runs left "running" by a dead instance become "interrupted", finished at their last heartbeat. */
export async function markInterrupted(db: Db): Promise<number> {
  const result = await db
    .updateTable('timed_task_runs')
    .set({ outcome: 'interrupted', finished_at: sql<Date>`heartbeat_at` })
    .where('outcome', '=', 'running')
    .where(sql<boolean>`heartbeat_at < now() - ${STALE_SECONDS} * interval '1 second'`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many finished runs each task keeps at least, and for how long runs beyond them are kept: the
 *  task mails run every minute, so without a bound their runs would grow by 1,440 a day. */
export const RUNS_KEPT = { newest: 200, days: 30 };

/** Deletes the finished runs of every task that are older than `days` and not among its `newest`. */
export async function purgeRuns(db: Db, keep = RUNS_KEPT): Promise<number> {
  const result = await db
    .deleteFrom('timed_task_runs')
    .where('outcome', '!=', 'running')
    .where(sql<boolean>`started_at < now() - ${keep.days} * interval '1 day'`)
    .where('id', 'not in', (db) =>
      db
        .selectFrom(
          db
            .selectFrom('timed_task_runs')
            .select(['id', sql<number>`row_number() over (partition by task_id order by started_at desc)`.as('place')])
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.place', '<=', keep.newest),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
