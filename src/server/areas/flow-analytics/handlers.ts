// The workflow dashboard's calls (docs/adr/0047-workflow-dashboard-figures.md): for the enterprise's
// governors only, about an application bound to it; the figures at the clock's moment (answers.ts).
import type { Language } from '../../../core/catalogue/types.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { AppError } from '../../http/app-error.ts';
import { existingTenant } from '../users/queries.ts';
import { type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { dashboardRows, type Asked, type Figure } from './answers.ts';

type Query = Calls['flowAnalytics.flowShare']['query'];

/** Refuses a caller who does not govern the enterprise, and an application not bound to it. */
async function asked(ctx: HandlerContext<never, Query>): Promise<Asked> {
  const { domainid, applicationid, daterange } = ctx.query;
  const { db } = ctx.services;
  // The tenant is the call's `target` with `governs` (schemas/api/flow-analytics.yaml): admission
  // answered 1404 / 1403 already; here only whether it exists.
  await existingTenant(db, domainid);
  const bound = await db
    .selectFrom('domain_applications')
    .select('application_id')
    .where('domain_id', '=', domainid)
    .where('application_id', '=', applicationid)
    .executeTakeFirst();
  if (!bound) throw new AppError('notFound', undefined, 'flowboard.msg.notBound');
  return {
    domainId: domainid,
    applicationId: applicationid,
    period: daterange ?? 'thisyear',
    language: (await ctx.request.atrium.language()) as Language,
  };
}

/** The figure at the clock's moment, once the caller and the application are admitted. */
const rows = (ctx: HandlerContext<never, Query>, figure: Figure) =>
  asked(ctx).then((a) => dashboardRows(ctx.services.db, figure, a));

const flowAndNodeTime: CallHandler<'flowAnalytics.flowAndNodeTime'> = (ctx) => rows(ctx, 'flowAndNodeTime');
const flowTimeShare: CallHandler<'flowAnalytics.flowTimeShare'> = (ctx) => rows(ctx, 'flowTimeShare');
const flowShare: CallHandler<'flowAnalytics.flowShare'> = (ctx) => rows(ctx, 'flowShare');
const slowestNodes: CallHandler<'flowAnalytics.slowestNodes'> = (ctx) => rows(ctx, 'slowestNodes');

export const flowAnalyticsHandlers: Record<string, Handler> = {
  'flowAnalytics.flowAndNodeTime': flowAndNodeTime,
  'flowAnalytics.flowTimeShare': flowTimeShare,
  'flowAnalytics.flowShare': flowShare,
  'flowAnalytics.slowestNodes': slowestNodes,
};
