// A software's start timers in flow monitoring (docs/adr/0147-timer-start-events.md,
// docs/adr/0159-jobs-fired-in-batches.md): each process's next firing, with its state, retries left and
// last error as an instance's jobs show theirs (instance-jobs.ts). Read only: a start timer belongs to the
// software, and its firing starts an instance in every enterprise that uses it, so no one enterprise's
// governor retries or cancels it; the platform's administrators do (docs/adr/0171-start-timers-platform-actions.md),
// and a suspended one shows as such here.
import { sql } from 'kysely';
import { governsDomain } from '../../auth/reach.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { governed, language } from './governed.ts';
import { time } from './instance-jobs.ts';
import { startTimerFields, startTimerState } from './start-timer-row.ts';

export const startTimers: CallHandler<'flows.startTimers'> = async (ctx) => {
  const domainId = ctx.params.id;
  if (!governsDomain(requireUser(ctx).reach, domainId)) await governed(ctx, domainId);
  const lang = await language(ctx);
  // Only a software the enterprise uses: another's start timers are none of its governors' business.
  const rows = await ctx.services.db
    .selectFrom('flow_jobs as j')
    .innerJoin('domain_applications as b', (join) =>
      join.onRef('b.application_id', '=', 'j.application_id').on('b.domain_id', '=', domainId),
    )
    .innerJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'j.application_id').onRef('p.id', '=', 'j.process_id'),
    )
    .select(['j.id', 'j.process_id', 'j.node_id', 'j.topic', 'j.retries', 'j.error'])
    .select([
      inLanguage(sql.ref('p.names'), sql.ref('j.process_id'), lang).as('processName'),
      time('j.due_at').as('dueAt'),
      time('j.failed_at').as('failedAt'),
      startTimerState('j').as('state'),
    ])
    .where('j.application_id', '=', ctx.query.application)
    .where('j.instance_id', 'is', null)
    .orderBy('p.order_no')
    .orderBy('j.process_id')
    .orderBy('j.id')
    .execute();
  const datas = rows.map((row) => ({ ...startTimerFields(row), nodeId: row.node_id }));
  return { datas, rowCount: datas.length };
};
