// Timed tasks (docs/adr/0057-timed-tasks.md): the list, start with a timing, stop, and a task's recent runs. The
// platform's tasks are the super administrator's (the `allow` rules; in security separation the
// platform's system administrator, the calls' `officers`). A change wakes this instance's scheduler;
// the others see it at their next reading of the rows.
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../../db/schema.ts';
import type { TimedTaskPeriod } from '../../db/column-types.ts';
import { dayOf, ONE_SHOT, oneShotAt, type Timing } from '../../timed-tasks/timing.ts';
import type { CallHandler, Handler, HandlerContext } from '../handler.ts';
import { recentRuns, taskRows, type TaskRow } from './task-rows.ts';

/** 2026-02-31 matches the pattern but is no day. */
const realDate = (text: string) => {
  const day = dayOf(text);
  return day !== null && day.getDate() === Number(text.slice(8, 10));
};

const notFound = () => new AppError('notFound', undefined, 'task.msg.notFound');

async function taskOf(db: Db, id: string) {
  const task = await db.selectFrom('timed_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!task) throw notFound();
  return task;
}

async function answer(ctx: Pick<HandlerContext, 'services' | 'request'>, id: string): Promise<TaskRow> {
  await ctx.services.timedTasks?.reconcile();
  const [row] = await taskRows(ctx.services.db, await ctx.request.atrium.translator(), [id]);
  return row;
}

const list: CallHandler<'timedTasks.list'> = async (ctx) => {
  const t = await ctx.request.atrium.translator();
  const { searchword = '', linesPerPage = 20, pageNo = 1 } = ctx.query;
  const word = searchword.trim().toLowerCase();
  const rows = (await taskRows(ctx.services.db, t)).filter(
    (row) => !word || row.name.toLowerCase().includes(word) || row.id.toLowerCase().includes(word),
  );
  const from = (pageNo - 1) * linesPerPage;
  return { datas: rows.slice(from, from + linesPerPage), rowCount: rows.length };
};

const start: CallHandler<'timedTasks.start'> = async (ctx) => {
  const { db } = ctx.services;
  const task = await taskOf(db, ctx.query.id);
  if (task.start_type === 'banned') throw new AppError('conflict', undefined, 'task.msg.banned');
  const timing: Timing = {
    period: (ctx.query.period as TimedTaskPeriod | undefined) ?? task.period,
    runTime: ctx.query.rTime ?? task.run_time,
    runDate: ctx.query.rDate ?? task.run_date,
  };
  if (ctx.query.rDate && !realDate(ctx.query.rDate))
    throw new AppError('validation', undefined, 'task.msg.runDateInvalid', '/rDate');
  const at = ONE_SHOT.includes(timing.period) ? oneShotAt(timing) : null;
  if (timing.period === 'none' && at && at.getTime() <= Date.now())
    throw new AppError('validation', undefined, 'task.msg.runTimePassed', '/rTime');
  await db
    .updateTable('timed_tasks')
    .set({
      state: 'run',
      period: timing.period,
      run_time: timing.runTime,
      run_date: timing.runDate,
      next_run_at: at,
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', task.id)
    .execute();
  return answer(ctx, task.id);
};

const stop: CallHandler<'timedTasks.stop'> = async (ctx) => {
  const task = await taskOf(ctx.services.db, ctx.query.id);
  await ctx.services.db
    .updateTable('timed_tasks')
    .set({ state: 'stopped', next_run_at: null, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', task.id)
    .execute();
  return answer(ctx, task.id);
};

const runs: CallHandler<'timedTasks.runs'> = async (ctx) => {
  await taskOf(ctx.services.db, ctx.query.id);
  return recentRuns(ctx.services.db, await ctx.request.atrium.translator(), ctx.query.id, ctx.query.limit ?? 20);
};

export const timedTaskHandlers: Record<string, Handler> = {
  'timedTasks.list': list,
  'timedTasks.start': start,
  'timedTasks.stop': stop,
  'timedTasks.runs': runs,
};
