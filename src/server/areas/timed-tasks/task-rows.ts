// The timed tasks as the console reads them: named in the reader's language, with their next due time
// and last run; a run whose instance died reads "interrupted" even before a scheduler marks it.
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { Db } from '../../db/schema.ts';
import { STALE_SECONDS } from '../../timed-tasks/run-store.ts';
import { readSummary } from '../../timed-tasks/run-summary.ts';
import { cronPattern, dayOf, type Timing } from '../../timed-tasks/timing.ts';

export type TaskRow = Calls['timedTasks.list']['reply']['datas'][number];
export type RunRow = Calls['timedTasks.runs']['reply'][number];

type Translate = (key: string, params?: Record<string, unknown>) => string;

const outcome = sql<
  RunRow['outcome']
>`case when r.outcome = 'running' and r.heartbeat_at < now() - ${STALE_SECONDS} * interval '1 second' then 'interrupted' else r.outcome end`;

function runsQuery(db: Db) {
  return db
    .selectFrom('timed_task_runs as r')
    .select(['r.id', 'r.task_id', 'r.started_at', 'r.finished_at', 'r.message', outcome.as('outcome')]);
}

const asRun = (
  r: { id: string; started_at: Date; finished_at: Date | null; outcome: RunRow['outcome']; message: string },
  t: Translate,
): RunRow => ({
  id: r.id,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
  outcome: r.outcome,
  message: readSummary(r.message, t),
});

function nextRun(state: string, timing: Timing, nextRunAt: Date | null): string | null {
  if (state !== 'run') return null;
  const pattern = cronPattern(timing);
  if (!pattern) return nextRunAt?.toISOString() ?? null;
  return (
    new Cron(pattern, { startAt: dayOf(timing.runDate) ?? undefined, paused: true }).nextRun()?.toISOString() ?? null
  );
}

/** Every task (they are a handful), in id order. */
export async function taskRows(db: Db, t: Translate, ids?: readonly string[]): Promise<TaskRow[]> {
  let query = db.selectFrom('timed_tasks').selectAll().orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const tasks = await query.execute();
  if (tasks.length === 0) return [];
  const last = await runsQuery(db)
    .distinctOn('r.task_id')
    .where(
      'r.task_id',
      'in',
      tasks.map((task) => task.id),
    )
    .orderBy('r.task_id')
    .orderBy('r.started_at', 'desc')
    .execute();
  const lastOf = new Map(last.map((r) => [r.task_id, asRun(r, t)]));
  return tasks.map((task) => {
    const timing: Timing = { period: task.period, runTime: task.run_time, runDate: task.run_date };
    return {
      id: task.id,
      name: t(`task.name.${task.id}`),
      creator: task.creator === 'system' ? t('task.creator.system') : task.creator,
      startType: task.start_type,
      state: task.state,
      period: task.period,
      runTime: task.run_time,
      runDate: task.run_date,
      runCount: task.run_count,
      nextRun: nextRun(task.state, timing, task.next_run_at),
      lastRun: lastOf.get(task.id) ?? null,
    };
  });
}

export async function recentRuns(db: Db, t: Translate, taskId: string, limit: number): Promise<RunRow[]> {
  const rows = await runsQuery(db)
    .where('r.task_id', '=', taskId)
    .orderBy('r.started_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((r) => asRun(r, t));
}
