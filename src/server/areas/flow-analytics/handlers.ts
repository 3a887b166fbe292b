// The workflow dashboard (issue 12, D47): four figures of one application in one enterprise over a
// period, for the enterprise's governors only, answered as the spec's "Dashboard result row"s.
import type { Language } from '../../../core/catalogue/types.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { AppError } from '../../http/app-error.ts';
import { governedTenant } from '../users/queries.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { periodStart } from './period.ts';
import { instancesStarted, processAndNodeHours, processHoursTotal, slowestSteps, type Scope } from './queries.ts';

type Row = Calls['flowAnalytics.flowShare']['reply'][number];
type Column = Row['groupColumns'][number]['columnName'];
type Query = Calls['flowAnalytics.flowShare']['query'];

const row = (columns: Partial<Record<Column, string>>, ...figures: number[]): Row => ({
  groupColumns: Object.entries(columns).map(([columnName, value]) => ({ columnName: columnName as Column, value: value ?? '' })),
  resultFields: figures,
});

/** Refuses a caller who does not govern the enterprise, and an application not bound to it. */
async function scope(ctx: HandlerContext<never, Query>): Promise<Scope> {
  const { domainid, applicationid, daterange } = ctx.query;
  const { db } = ctx.services;
  await governedTenant(db, requireUser(ctx).reach, domainid, 'flowboard.msg.governorsOnly');
  const bound = await db.selectFrom('domain_applications').select('application_id').where('domain_id', '=', domainid).where('application_id', '=', applicationid).executeTakeFirst();
  if (!bound) throw new AppError('notFound', undefined, 'flowboard.msg.notBound');
  return { domainId: domainid, applicationId: applicationid, since: periodStart(daterange ?? 'thisyear'), language: (await ctx.request.atrium.language()) as Language };
}

const flowAndNodeTime: CallHandler<'flowAnalytics.flowAndNodeTime'> = async (ctx) =>
  (await processAndNodeHours(ctx.services.db, await scope(ctx))).map((r) => row({ FLOWNAME: r.name }, r.process, r.node));

const flowTimeShare: CallHandler<'flowAnalytics.flowTimeShare'> = async (ctx) =>
  (await processHoursTotal(ctx.services.db, await scope(ctx))).map((r) => row({ FLOWNAME: r.name }, r.hours));

const flowShare: CallHandler<'flowAnalytics.flowShare'> = async (ctx) =>
  (await instancesStarted(ctx.services.db, await scope(ctx))).map((r) => row({ FLOWNAME: r.name }, r.count));

const slowestNodes: CallHandler<'flowAnalytics.slowestNodes'> = async (ctx) =>
  (await slowestSteps(ctx.services.db, await scope(ctx))).map((r) => row({ FLOWNAME: r.flow, STARTNODENAME: r.node, ENDNODENAME: r.led, NAME: r.actor }, r.hours));

export const flowAnalyticsHandlers: Record<string, Handler> = {
  'flowAnalytics.flowAndNodeTime': flowAndNodeTime,
  'flowAnalytics.flowTimeShare': flowTimeShare,
  'flowAnalytics.flowShare': flowShare,
  'flowAnalytics.slowestNodes': slowestNodes,
};
