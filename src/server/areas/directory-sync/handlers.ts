// The directory sync of an enterprise (docs/adr/0060-directory-sync.md): settings, dry run, run, a run's state (polled)
// and the history, for the enterprise's governors; its baseDN is set by the platform's administrators
// only (it decides whose people the enterprise receives) and must lie under the directory's baseDN.
import { AppError } from '../../http/app-error.ts';
import { LdapDirectorySource } from '../../integrations/ldap/directory-source.ts';
import { listRuns, readRun } from '../../sync/runs.ts';
import { startSync } from '../../sync/run-sync.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { existingTenant } from '../users/queries.ts';
import { entryRules } from '../users/user-rules.ts';
import { runReply } from './run-reply.ts';
import { directoryFor, KIND, readSettings, saveSettings, withinBase } from './settings.ts';

// Its calls declare their tenant as `target` with `governs` (schemas/api/directory-sync.yaml): admission refuses a
// caller outside the reach (1404) or who does not govern it (1403); here only whether it exists.
const governed = (ctx: Pick<HandlerContext, 'services'>, domainId: string) => existingTenant(ctx.services.db, domainId);

const settingsReply = (domainid: string, s: { baseDN: string; scheduled: boolean; resignCap: number }) => ({
  domainid,
  baseDN: s.baseDN,
  scheduled: s.scheduled ? (1 as const) : (0 as const),
  resignCap: s.resignCap,
});

const getSettings: CallHandler<'directorySync.settings'> = async (ctx) => {
  await governed(ctx, ctx.query.domainid);
  return settingsReply(ctx.query.domainid, await readSettings(ctx.services.db, ctx.query.domainid));
};

const putSettings: CallHandler<'directorySync.saveSettings'> = async (ctx) => {
  const domainId = ctx.query.domainid;
  await governed(ctx, domainId);
  const { db, catalogue } = ctx.services;
  const stored = await readSettings(db, domainId);
  const baseDN = (ctx.body.baseDN ?? stored.baseDN).trim();
  if (baseDN !== stored.baseDN) {
    if (requireUser(ctx).reach.kind !== 'platform')
      throw new AppError('forbidden', undefined, 'sync.msg.baseDNByPlatform');
    const directory = await directoryFor(db, catalogue, { ...stored, baseDN: '' });
    if (baseDN && (!directory || !withinBase(baseDN, directory.baseDN)))
      throw new AppError('validation', undefined, 'sync.msg.baseDNOutside', '/baseDN');
  }
  const settings = {
    baseDN,
    scheduled: (ctx.body.scheduled ?? (stored.scheduled ? 1 : 0)) === 1,
    resignCap: ctx.body.resignCap ?? stored.resignCap,
  };
  await saveSettings(db, domainId, settings);
  return settingsReply(domainId, settings);
};

type StartContext =
  Parameters<CallHandler<'directorySync.run'>>[0] | Parameters<CallHandler<'directorySync.dryRun'>>[0];

async function start(ctx: StartContext, dryRun: boolean) {
  const domainId = ctx.query.domainid;
  await governed(ctx, domainId);
  const { db, catalogue } = ctx.services;
  const settings = await readSettings(db, domainId);
  const directory = await directoryFor(db, catalogue, settings);
  if (!directory) throw new AppError('conflict', undefined, 'sync.msg.noDirectory');
  const user = requireUser(ctx);
  const { runId, finished } = await startSync(
    db,
    {
      domainId,
      kind: KIND,
      mode: ctx.body.mode ?? 'full',
      dryRun,
      trigger: 'manual',
      startedBy: user.name,
      source: new LdapDirectorySource(directory),
      resignCap: settings.resignCap,
      confirmResign: ctx.body.confirm === 1,
      rules: entryRules(catalogue),
    },
    ctx.request.log,
  );
  void finished;
  const run = await readRun(db, domainId, runId);
  return runReply(run!, await ctx.request.atrium.translator());
}

const run: CallHandler<'directorySync.run'> = (ctx) => start(ctx, false);
const dryRun: CallHandler<'directorySync.dryRun'> = (ctx) => start(ctx, true);

const status: CallHandler<'directorySync.status'> = async (ctx) => {
  await governed(ctx, ctx.query.domainid);
  const found = await readRun(ctx.services.db, ctx.query.domainid, ctx.query.id);
  if (!found) throw new AppError('notFound', undefined, 'sync.msg.runNotFound');
  return runReply(found, await ctx.request.atrium.translator());
};

const runs: CallHandler<'directorySync.runs'> = async (ctx) => {
  await governed(ctx, ctx.query.domainid);
  const { linesPerPage = 10, pageNo = 1 } = ctx.query;
  const { rows, total } = await listRuns(
    ctx.services.db,
    ctx.query.domainid,
    KIND,
    (pageNo - 1) * linesPerPage,
    linesPerPage,
  );
  const t = await ctx.request.atrium.translator();
  return { datas: rows.map((r) => runReply(r, t, false)), rowCount: total };
};

export const directorySyncHandlers: Record<string, Handler> = {
  'directorySync.settings': getSettings,
  'directorySync.saveSettings': putSettings,
  'directorySync.run': run,
  'directorySync.dryRun': dryRun,
  'directorySync.status': status,
  'directorySync.runs': runs,
};
