// Maintenance area (configuration, manage tab): long work starts a job whose status the console polls;
// clearing one software's data and index optimization answer at once. The software must exist.
import type { CallHandler, Handler, HandlerContext } from '../handler.ts';
import { requireConfigGroup } from './config-access.ts';
import { jobStatus, startJob, type JobName, type JobWork } from './job-runner.ts';
import * as tasks from './tasks.ts';

// The manage tab belongs to whoever owns the system configuration (authConfig).
const translator = (ctx: Pick<HandlerContext, 'request' | 'user'>) => {
  requireConfigGroup(ctx, 'authConfig');
  return ctx.request.atrium.translator();
};
type Translate = Awaited<ReturnType<typeof translator>>;
const start = (ctx: Pick<HandlerContext, 'services'>, t: Translate, job: JobName, work: JobWork) =>
  startJob(ctx.services.database, job, work, (reason) => t('manage.jobFailed', { reason }));

const clearCache: CallHandler<'maintenance.clearCache'> = async (ctx) => {
  const t = await translator(ctx);
  return start(ctx, t, 'clearCache', tasks.clearCache(ctx.services, t));
};

const status: CallHandler<'maintenance.status'> = async (ctx) =>
  jobStatus(ctx.services.database, await translator(ctx));

const rebuildFiles: CallHandler<'maintenance.rebuildFiles'> = async (ctx) => {
  const t = await translator(ctx);
  const applications = await tasks.applicationsNamed(ctx.services, ctx.query.applicationName || undefined);
  return start(ctx, t, 'rebuildFiles', tasks.rebuildFiles(ctx.services, applications, t));
};

const synchronize: CallHandler<'maintenance.synchronize'> = async (ctx) => {
  const t = await translator(ctx);
  const application = await tasks.findApplication(ctx.services, ctx.query.applicationid);
  return start(ctx, t, 'synchronize', tasks.synchronize(ctx.services, application, t));
};

const clearData: CallHandler<'maintenance.clearData'> = async (ctx) => {
  const t = await translator(ctx);
  const application = await tasks.findApplication(ctx.services, ctx.query.applicationid);
  return tasks.clearApplicationData(ctx.services, application, t);
};

const optimize: CallHandler<'maintenance.optimize'> = async (ctx) => {
  const t = await translator(ctx);
  await tasks.findApplication(ctx.services, ctx.params.id);
  return tasks.optimizeApplication(ctx.services, t);
};

export const maintenanceHandlers: Record<string, Handler> = {
  'maintenance.clearCache': clearCache,
  'maintenance.status': status,
  'maintenance.rebuildFiles': rebuildFiles,
  'maintenance.synchronize': synchronize,
  'maintenance.clearData': clearData,
  'maintenance.optimize': optimize,
};
