// The operation log's calls (docs/adr/0056-operation-log.md). The log is written by the route loop (operation-log/route-hooks.ts);
// these read it, review an entry (remark and flag beside its hashed content), delete what is past the
// retention age behind a signed checkpoint, export it and verify its chain.
import type { Handler } from '../handler.ts';
import type { CallHandler } from '../handler.ts';
import { requireUser, type HandlerContext } from '../handler.ts';
import { AppError } from '../../http/app-error.ts';
import { verifyLog } from '../../operation-log/verify-chain.ts';
import { verifyMessage } from '../../operation-log/verify-message.ts';
import { deleteOlderThan } from '../../operation-log/retention.ts';
import { logScope, oneChain } from './log-scope.ts';
import { entryBatches, findEntry, listEntries, type LogFilter } from './log-queries.ts';
import { exportLog } from './log-export.ts';
import { int8 } from '../../db/int8.ts';

/** The reader's language's labels: the entries' calls, targets and outcomes are read in it. */
const labelsOf = async (ctx: Pick<HandlerContext, 'services' | 'request'>) =>
  ctx.services.catalogue.labels[await ctx.request.atrium.language()] ?? {};

const list: CallHandler<'operationLog.list'> = async (ctx) => {
  const scope = await logScope(ctx, ctx.params.id);
  await ctx.services.operationLog.idle();
  const { currpage = 1, pagelines = 20, exactTotal = false } = ctx.query;
  return listEntries(
    ctx.services.db,
    scope,
    ctx.body as LogFilter,
    { currpage, pagelines },
    await labelsOf(ctx),
    ctx.services.logPages,
    ctx.services.totalPolicy,
    exactTotal,
  );
};

const get: CallHandler<'operationLog.get'> = async (ctx) => {
  const scope = await logScope(ctx, ctx.params.id);
  await ctx.services.operationLog.idle();
  const entry = await findEntry(ctx.services.db, scope, ctx.query.logid, await labelsOf(ctx));
  if (!entry) throw new AppError('notFound');
  return entry;
};

const update: CallHandler<'operationLog.update'> = async (ctx) => {
  const scope = await logScope(ctx, ctx.params.id);
  const user = requireUser(ctx);
  const { db } = ctx.services;
  if (!(await findEntry(db, scope, ctx.body.id))) throw new AppError('notFound');
  const reviewed = ctx.body.reviewed ?? false;
  await db
    .updateTable('operation_log')
    .set({
      remark: ctx.body.remark ?? '',
      reviewed,
      reviewed_by: reviewed ? user.name : '',
      reviewed_at: reviewed ? new Date() : null,
    })
    .where('seq', '=', int8(ctx.body.id))
    .$if(scope.chain !== null, (q) => q.where('chain', '=', scope.chain!))
    .execute();
  return (await findEntry(db, scope, ctx.body.id, await labelsOf(ctx)))!;
};

const remove: CallHandler<'operationLog.delete'> = async (ctx) => {
  const scope = await logScope(ctx, ctx.params.id);
  const { logRetentionDays } = ctx.services;
  if (ctx.body.olderThanDays < logRetentionDays)
    throw new AppError('validation', { days: logRetentionDays }, 'oplog.msg.retention', '/olderThanDays');
  await ctx.services.operationLog.idle();
  const cutoff = new Date(Date.now() - ctx.body.olderThanDays * 86_400_000);
  const { deleted } = await deleteOlderThan(ctx.services.db, oneChain(scope), cutoff, requireUser(ctx).name);
  return { deleted, retentionDays: logRetentionDays };
};

const exportEntries: CallHandler<'operationLog.export'> = async (ctx) => {
  const scope = await logScope(ctx, ctx.params.id);
  await ctx.services.operationLog.idle();
  const { date = '', format = 'xlsx', dateFrom: from, dateTo: to, ...rest } = ctx.query;
  // The spec's `date` (a day or "from,to") wins over the list's own search names.
  const [dateFrom, dateTo] = date ? (date.includes(',') ? date.split(',') : [date, date]) : [from, to];
  const labels = await labelsOf(ctx);
  return exportLog(
    ctx.reply,
    `log-${ctx.params.id}`,
    format,
    labels,
    entryBatches(ctx.services.db, scope, { ...rest, dateFrom, dateTo } as LogFilter, labels),
  ) as never;
};

const verify: CallHandler<'operationLog.verify'> = async (ctx) => {
  const scope = await logScope(ctx, ctx.params.id);
  await ctx.services.operationLog.idle();
  const result = await verifyLog(ctx.services.db, oneChain(scope));
  const message = verifyMessage(result, await ctx.request.atrium.translator());
  const broken = result.broken
    ? {
        id: result.broken.id,
        at: result.broken.at,
        reason: result.broken.reason,
        expected: result.broken.expected,
        found: result.broken.found,
      }
    : null;
  return {
    success: result.ok,
    message,
    checked: result.checked,
    broken,
    keyOutside: result.keyOutside,
    head: result.head,
  };
};

export const operationLogHandlers: Record<string, Handler> = {
  'operationLog.list': list,
  'operationLog.get': get,
  'operationLog.update': update,
  'operationLog.delete': remove,
  'operationLog.export': exportEntries,
  'operationLog.verify': verify,
};
