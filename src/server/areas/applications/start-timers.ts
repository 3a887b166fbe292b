// The applications' start timers in the platform's hands (docs/adr/0171-start-timers-platform-actions.md,
// docs/adr/0166-timer-firing-wall-time-traced.md): a start timer fires for every enterprise using its
// application, so only the platform's administrators list, retry, suspend, resume or cancel one — an
// enterprise's governor moving it would move it for all the others (flows.startTimers is their read-only
// view). Admission refuses everyone else (the calls' `allow`/`officers`); the handlers check the platform
// reach again, so a call admitted by a wider rule one day still acts on no start timer for a tenant.
// Each action changes the row only in the state it names (one conditional statement), so a poller that
// claimed the timer meanwhile keeps it: firing is refused, not raced.
import { sql, type SqlBool } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { isPlatform } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { time } from '../flows/instance-jobs.ts';
import { startTimerFields, startTimerState, type StartTimerState as State } from '../flows/start-timer-row.ts';
import { requireUser, type CallHandler, type HandlerContext } from '../handler.ts';
import { inLanguage } from './application-sql.ts';

/** Claimed by a server whose lease still holds: being fired now. */
const firing = sql<SqlBool>`(locked_by is not null and locked_until > now())`;

type Ctx = Pick<HandlerContext, 'services' | 'request' | 'user'>;

function platformOnly(ctx: Ctx): void {
  if (!isPlatform(requireUser(ctx).reach)) throw new AppError('forbidden');
}

async function startTimerRows(db: Db, lang: Language, where: { id?: string; application?: string; state?: State }) {
  let query = db
    .selectFrom('flow_jobs as j')
    .innerJoin('applications as a', 'a.id', 'j.application_id')
    .leftJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'j.application_id').onRef('p.id', '=', 'j.process_id'),
    )
    .select(['j.id', 'j.application_id', 'j.process_id', 'j.topic', 'j.retries', 'j.error', 'j.suspended_at'])
    .select([
      inLanguage(sql.ref('a.names'), sql.ref('a.name'), lang).as('applicationName'),
      inLanguage(sql.ref('p.names'), sql.ref('j.process_id'), lang).as('processName'),
      time('j.due_at').as('dueAt'),
      time('j.failed_at').as('failedAt'),
      startTimerState('j').as('state'),
    ])
    .where('j.instance_id', 'is', null);
  if (where.id) query = query.where('j.id', '=', where.id);
  if (where.application) query = query.where('j.application_id', '=', where.application);
  if (where.state) query = query.where(startTimerState('j'), '=', where.state);
  const rows = await query
    .orderBy(sql`lower(a.name)`)
    .orderBy('j.application_id')
    .orderBy(sql`p.order_no`)
    .orderBy('j.process_id')
    .orderBy('j.id')
    .execute();
  return rows.map((row) => ({
    ...startTimerFields(row),
    applicationId: row.application_id!,
    applicationName: String(row.applicationName),
    retryable: row.state === 'incident' || row.state === 'retrying',
    suspended: row.suspended_at !== null,
  }));
}

const language = async (ctx: Ctx) => (await ctx.request.atrium.language()) as Language;

/** The start timer `id` as it is now; 1404 when there is none. */
async function startTimerRow(ctx: Ctx, id: string) {
  const [row] = await startTimerRows(ctx.services.db, await language(ctx), { id });
  if (!row) throw new AppError('notFound', undefined, 'software.startTimers.msg.none');
  return row;
}

/** Runs `change` (an update or delete of the start timer `id` in the state it allows, answering the rows
 *  it touched); when it touched none, says why: gone (1404) or in another state (1409, `refusal`). */
async function act(ctx: Ctx, id: string, change: () => Promise<unknown[]>, refusal: (state: State) => string) {
  platformOnly(ctx);
  if ((await change()).length > 0) return;
  const row = await startTimerRow(ctx, id);
  throw new AppError('conflict', undefined, refusal(row.state));
}

const busy = (state: State) =>
  state === 'suspended' ? 'software.startTimers.msg.suspended' : 'software.startTimers.msg.firing';

const list: CallHandler<'applications.startTimers'> = async (ctx) => {
  platformOnly(ctx);
  const datas = await startTimerRows(ctx.services.db, await language(ctx), ctx.query);
  return { datas, rowCount: datas.length };
};

/** A failed one (an incident, or waiting for its next try) offered again at once with a retry. */
const retry: CallHandler<'applications.retryStartTimer'> = async (ctx) => {
  const { id } = ctx.params;
  await act(
    ctx,
    id,
    () =>
      ctx.services.db
        .updateTable('flow_jobs')
        .set({ failed_at: null, retries: sql`greatest(retries, 1)`, locked_by: null, locked_until: null })
        .where('id', '=', id)
        .where('instance_id', 'is', null)
        .where('suspended_at', 'is', null)
        .where(sql<SqlBool>`(failed_at is not null or (error <> '' and locked_by is null and locked_until > now()))`)
        .returning('id')
        .execute(),
    (state) => (state === 'suspended' ? busy(state) : 'software.startTimers.msg.notFailed'),
  );
  return startTimerRow(ctx, id);
};

/** Left by the pollers, its next firing and its cycle's count kept, until resumed. */
const suspend: CallHandler<'applications.suspendStartTimer'> = async (ctx) => {
  const { id } = ctx.params;
  await act(
    ctx,
    id,
    () =>
      ctx.services.db
        .updateTable('flow_jobs')
        .set({ suspended_at: sql`now()` })
        .where('id', '=', id)
        .where('instance_id', 'is', null)
        .where('suspended_at', 'is', null)
        .where(sql<SqlBool>`not ${firing}`)
        .returning('id')
        .execute(),
    busy,
  );
  return startTimerRow(ctx, id);
};

/** Offered to the pollers again: a due time that passed meanwhile fires at the next round, once. */
const resume: CallHandler<'applications.resumeStartTimer'> = async (ctx) => {
  const { id } = ctx.params;
  await act(
    ctx,
    id,
    () =>
      ctx.services.db
        .updateTable('flow_jobs')
        .set({ suspended_at: null })
        .where('id', '=', id)
        .where('instance_id', 'is', null)
        .where('suspended_at', 'is not', null)
        .returning('id')
        .execute(),
    () => 'software.startTimers.msg.notSuspended',
  );
  return startTimerRow(ctx, id);
};

/** Gone until the application is installed again (armStartTimers arms a start timer that has no row). */
const cancel: CallHandler<'applications.cancelStartTimer'> = async (ctx) => {
  const { id } = ctx.params;
  await act(
    ctx,
    id,
    () =>
      ctx.services.db
        .deleteFrom('flow_jobs')
        .where('id', '=', id)
        .where('instance_id', 'is', null)
        .where(sql<SqlBool>`not ${firing}`)
        .returning('id')
        .execute(),
    busy,
  );
  return { cancelled: id };
};

export const startTimerHandlers = {
  'applications.startTimers': list,
  'applications.retryStartTimer': retry,
  'applications.suspendStartTimer': suspend,
  'applications.resumeStartTimer': resume,
  'applications.cancelStartTimer': cancel,
};
