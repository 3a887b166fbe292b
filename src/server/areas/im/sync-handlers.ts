// The syncs of an enterprise with its messaging suites (docs/adr/0061-messaging-suites.md): from a suite through the sync
// core (docs/adr/0060-directory-sync.md), to a suite through push-sync.ts; each answers the run at once (runs in the background,
// one at a time per enterprise, service and direction), then its state is polled (show) and the runs
// are listed (history). For the enterprise's governors.
import type { Translate } from '../../../core/validation-messages.ts';
import { AppError } from '../../http/app-error.ts';
import { readRun, type SyncRun } from '../../sync/runs.ts';
import { startSync } from '../../sync/run-sync.ts';
import { runReply } from '../directory-sync/run-reply.ts';
import { requireUser, type Handler, type HandlerContext } from '../handler.ts';
import { entryRules } from '../users/user-rules.ts';
import { governedIm } from './handlers.ts';
import { startPush, type PushIssue } from './push-sync.ts';
import { IM_SERVICES, type ImService } from './services.ts';
import { storedImSettings } from './settings-store.ts';

type Ctx = HandlerContext<{ dryRun?: number; confirm?: number }, Record<string, unknown>, { id: string }>;
type QueryCtx = HandlerContext<
  unknown,
  { domainid: string; service?: ImService; id?: string; linesPerPage?: number; pageNo?: number },
  Record<string, string>
>;

const SERVICES: ImService[] = ['wechat', 'dingding', 'feishu'];
const kindsOf = (service?: ImService) =>
  service ? [service, `${service}-to`] : SERVICES.flatMap((s) => [s, `${s}-to`]);

/** The core's reply, with its direction and, in the rows the service refused, the policy's reason and the service's code. */
export function imRunReply(run: SyncRun, t: Translate, withLists = true) {
  const reply = {
    ...runReply(run, t, withLists),
    direction: run.kind.endsWith('-to') ? ('to' as const) : ('from' as const),
  };
  const issues = run.errors as PushIssue[];
  reply.result?.ERRORS.forEach((row, i) => {
    const issue = issues[i];
    if (issue?.reason !== undefined)
      row.ERROR = t(issue.code, { reason: `${t(issue.reason)}${issue.serviceCode ? ` (${issue.serviceCode})` : ''}` });
  });
  return reply;
}

function start(service: ImService, direction: 'from' | 'to'): Handler {
  const handler = async (ctx: Ctx) => {
    const domainId = ctx.params.id;
    await governedIm(ctx, domainId);
    const { db } = ctx.services;
    const def = IM_SERVICES[service];
    const settings = await storedImSettings(db, domainId, service);
    const t = await ctx.request.atrium.translator();
    const missing = def.credentials.filter((f) => !String(settings[f] ?? ''));
    if (missing.length)
      throw new AppError(
        'conflict',
        { fields: missing.map((f) => t(`im.field.${f}`)).join(', ') },
        'im.sync.notConfigured',
      );
    const directory = def.directory(settings, ctx.services.suites[service]);
    const common = {
      domainId,
      dryRun: ctx.body.dryRun === 1,
      trigger: 'manual' as const,
      startedBy: requireUser(ctx).name,
      resignCap: Number(settings.resignCap ?? 10),
      confirmResign: ctx.body.confirm === 1,
    };
    const { runId } =
      direction === 'from'
        ? await startSync(
            db,
            { ...common, kind: service, mode: 'full', source: directory, rules: entryRules(ctx.services.catalogue) },
            ctx.request.log,
          )
        : await startPush(db, { ...common, service, target: directory }, ctx.request.log);
    const run = await readRun(db, domainId, runId);
    if (!run) throw new AppError('notFound', undefined, 'sync.msg.runNotFound');
    return imRunReply(run, t);
  };
  return handler as Handler;
}

const show = async (ctx: QueryCtx) => {
  const { domainid, service, id } = ctx.query;
  await governedIm(ctx, domainid);
  const db = ctx.services.db;
  let query = db
    .selectFrom('sync_runs')
    .selectAll()
    .where('domain_id', '=', domainid)
    .where('kind', 'in', kindsOf(service));
  if (id) query = query.where('id', '=', id);
  const run = await query.orderBy('started_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
  if (!run) throw new AppError('notFound', undefined, 'sync.msg.runNotFound');
  return imRunReply(run, await ctx.request.atrium.translator());
};

const runs = async (ctx: QueryCtx) => {
  const { domainid, service, linesPerPage = 10, pageNo = 1 } = ctx.query;
  await governedIm(ctx, domainid);
  const base = ctx.services.db
    .selectFrom('sync_runs')
    .where('domain_id', '=', domainid)
    .where('kind', 'in', kindsOf(service));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .offset((pageNo - 1) * linesPerPage)
      .limit(linesPerPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const t = await ctx.request.atrium.translator();
  return { datas: rows.map((r) => imRunReply(r, t, false)), rowCount: Number(total.n) };
};

export const imSyncHandlers: Record<string, Handler> = {
  'imSync.fromWechat': start('wechat', 'from'),
  'imSync.toWechat': start('wechat', 'to'),
  'imSync.fromDingding': start('dingding', 'from'),
  'imSync.toDingding': start('dingding', 'to'),
  'imSync.fromFeishu': start('feishu', 'from'),
  'imSync.toFeishu': start('feishu', 'to'),
  'imSync.show': show as Handler,
  'imSync.runs': runs as Handler,
};
