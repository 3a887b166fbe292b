// Flow monitoring's job actions (docs/adr/0140-jobs-in-flow-monitoring.md): a governor of the instance's
// enterprise retries a failed job (an incident becomes a job again, with one retry, offered at once; a
// timer its expression could not arm is armed from the variables then,
// docs/adr/0222-multi-instance-inputs-and-timer-incidents.md; a message wait its correlation key could not
// key is keyed from them, docs/adr/0245-zeebe-correlation-keys.md) or
// cancels one the instance can do without. Cancelling a job the instance waits for alone is refused:
// it would leave the instance stuck, and intervention is how an instance is moved on. Each leaves an
// entry in the instance's history naming the job's event or task and the administrator.
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import type { ProcessDefinition } from '../../../core/workflow/process-types.ts';
import type { Translate } from '../../../core/validation-messages.ts';
import type { Db } from '../../db/schema.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { instanceVariables } from '../../workflow/loop-scopes.ts';
import { atOfRow } from '../../workflow/walk-state.ts';
import { armedTimer } from '../../workflow/waits/timer-due.ts';
import { correlationKey } from '../../workflow/waits/correlation-keys.ts';
import { inputLocals, localsColumn } from '../../workflow/task-locals.ts';
import { keyUnusableText, unarmedTimer, unkeyedMessage, unusableText } from '../../workflow/waits/timer-incidents.ts';
import { record } from '../../workflow/action-steps.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { governedInstance, language, type Ctx } from './governed.ts';
import { cancellable, instanceJobs, jobRows, retryable, type JobRow } from './instance-jobs.ts';
import { nodeNamer, packageNodeNames } from './node-names.ts';

/** Who acts, kept as the entry's administrator like an intervention's (instance-history.ts shows the name). */
const adminId = (ctx: Ctx) => requireUser(ctx).id;

/** The job and its instance, when the caller governs the instance's enterprise (1404 otherwise). */
async function governedJob(ctx: Ctx, jobId: string) {
  const job = await ctx.services.db
    .selectFrom('flow_jobs')
    .select(['id', 'instance_id'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  // A process's start timer (docs/adr/0147-timer-start-events.md) belongs to no instance: none to govern here.
  if (!job?.instance_id) throw new AppError('notFound', undefined, 'flow.msg.noJob');
  return { job, instance: await governedInstance(ctx, job.instance_id) };
}

/** The variables where the job's event stands (`seen`) and its token's locals, read with the instance's
 *  row locked. */
async function placeOfJob(trx: Db, instanceId: string, definition: ProcessDefinition, job: JobRow) {
  const { form_data } = await trx
    .selectFrom('flow_instances')
    .select('form_data')
    .where('id', '=', instanceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const token = await trx
    .selectFrom('flow_tokens')
    .select(['node_id', 'loop_index', 'inner_index', 'locals'])
    .where('id', '=', job.token_id)
    .executeTakeFirst();
  const at = token && atOfRow(token);
  const seen = await instanceVariables(trx, definition, instanceId, job.node_id, at, form_data ?? {});
  return { seen, token };
}

/** The correlation key of the message wait `job`, evaluated again (correlation-keys.ts). At an
 *  intermediate catch event its inputs are evaluated again first and kept on its token, as Zeebe applies
 *  them anew when the incident is resolved and the event is activated again
 *  (docs/adr/0238-catch-event-input-mappings.md, waits/enter-wait.ts `enterCatch`). */
async function rekeyed(trx: Db, instanceId: string, definition: ProcessDefinition, job: JobRow, expression: string) {
  const { seen, token } = await placeOfJob(trx, instanceId, definition, job);
  const node = definition.nodes[job.node_id];
  const inputs = token?.node_id === job.node_id ? inputLocals(node, seen) : undefined;
  if (inputs) await trx.updateTable('flow_tokens').set(localsColumn(inputs)).where('id', '=', job.token_id).execute();
  return correlationKey(expression, { ...seen, ...(inputs ?? token?.locals) });
}

/** What a retry of an incident an expression caused sets besides (timer-incidents.ts): a timer's due time
 *  or a message wait's correlation key (docs/adr/0245-zeebe-correlation-keys.md), evaluated again over
 *  the variables where the job stands; refused, saying why, while it still gives nothing usable, and
 *  nothing changes. None for any other job. */
async function reevaluated(
  trx: Db,
  instance: { id: string; domain_id: string },
  definition: ProcessDefinition,
  job: JobRow,
  t: Translate,
) {
  const event = definition.nodes[job.node_id]?.event;
  if (event?.type === 'timer' && unarmedTimer(job.error)) {
    const { seen, token } = await placeOfJob(trx, instance.id, definition, job);
    const variables = { ...seen, ...token?.locals };
    const armed = await armedTimer(trx, instance.domain_id, event.timer, new Date(), variables);
    if ('unusable' in armed)
      throw new AppError('conflict', { reason: unusableText(armed.unusable, t) }, 'flow.msg.timerStillUnusable');
    return sql`, due_at = ${armed.due}, error = ''`;
  }
  if (event?.type === 'message' && event.correlationKey && unkeyedMessage(job.error)) {
    const found = await rekeyed(trx, instance.id, definition, job, event.correlationKey);
    if ('unusable' in found)
      throw new AppError('conflict', { reason: keyUnusableText(found.unusable, t) }, 'flow.msg.timerStillUnusable');
    return sql`, correlation_key = ${found.key}, error = ''`;
  }
  return sql``;
}

const retryJob: CallHandler<'flows.retryJob'> = async (ctx) => {
  const { job, instance } = await governedJob(ctx, ctx.params.id);
  const { db } = ctx.services;
  const [row] = await jobRows(db, { jobId: job.id });
  if (!row) throw new AppError('notFound', undefined, 'flow.msg.noJob');
  if (!retryable(row)) throw new AppError('conflict', undefined, 'flow.msg.jobNotFailed');
  const { definition } = await versionById(db, instance.version_id);
  const t = await ctx.request.atrium.translator();
  const retriedNow = await db.transaction().execute(async (trx) => {
    // A timer its expression could not arm is armed anew from the variables now, a message wait its key
    // could not key is keyed anew, or either stays as it is.
    const armed = await reevaluated(trx, instance, definition, row, t);
    // Only while it is still failed: a worker or poller that took it meanwhile keeps it.
    const { rows } = await sql`update flow_jobs set failed_at = null, retries = greatest(retries, 1),
        locked_by = null, locked_until = null${armed}
      where id = ${job.id} and (failed_at is not null or (error <> '' and locked_by is null and locked_until > now())) returning id`.execute(
      trx,
    );
    if (rows.length > 0) await record(trx, new Date(), instance.id, null, 'retryJob', row.node_id, '', adminId(ctx));
    return rows.length > 0;
  });
  if (!retriedNow) throw new AppError('conflict', undefined, 'flow.msg.jobNotFailed');
  const names = await packageNodeNames(db, instance.application_id, instance.process_id, await language(ctx));
  const jobs = await instanceJobs(db, instance.id, definition, nodeNamer(names, definition), t);
  const retried = jobs.find((j) => j.id === job.id);
  if (!retried) throw new AppError('notFound', undefined, 'flow.msg.noJob'); // fired at once
  return retried;
};

const cancelJob: CallHandler<'flows.cancelJob'> = async (ctx) => {
  const { job, instance } = await governedJob(ctx, ctx.params.id);
  const { db } = ctx.services;
  const { definition } = await versionById(db, instance.version_id);
  const names = await packageNodeNames(db, instance.application_id, instance.process_id, await language(ctx));
  await db.transaction().execute(async (trx) => {
    // The instance's row locked, as every action locks it: no firing or worker changes its jobs meanwhile.
    await trx.selectFrom('flow_instances').select('id').where('id', '=', instance.id).forUpdate().execute();
    const jobs = await jobRows(trx, { instanceId: instance.id });
    const row = jobs.find((j) => j.id === job.id);
    if (!row) throw new AppError('notFound', undefined, 'flow.msg.noJob');
    if (!cancellable(row, jobs, definition))
      throw new AppError('conflict', { node: nodeNamer(names, definition)(row.node_id) }, 'flow.msg.jobNeeded');
    await trx.deleteFrom('flow_jobs').where('id', '=', job.id).execute();
    await record(trx, new Date(), instance.id, null, 'cancelJob', row.node_id, '', adminId(ctx));
  });
  return { cancelled: job.id };
};

export const jobHandlers = { 'flows.retryJob': retryJob, 'flows.cancelJob': cancelJob };
