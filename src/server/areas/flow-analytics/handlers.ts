// The workflow dashboard (docs/adr/0047-workflow-dashboard-figures.md): four figures of one application in one enterprise over a
// period, for the enterprise's governors only, answered as the spec's "Dashboard result row"s. Rows of
// hours say which hours: working hours of the enterprise's default calendar (docs/adr/0055-work-calendars.md), else wall-clock.
// Past days are read as kept, today computed at each call (docs/adr/0076-dashboard-kept-days.md).
import type { Language } from '../../../core/catalogue/types.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { AppError } from '../../http/app-error.ts';
import { existingTenant } from '../users/queries.ts';
import { type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { periodStart } from './period.ts';
import { hoursScope, type Hours, type HoursScope } from './hours-scope.ts';
import { instancesStarted, processAndNodeHours, processHoursTotal, slowestSteps } from './queries.ts';
import { periodFigures } from './stored-days.ts';

type Row = Calls['flowAnalytics.flowShare']['reply'][number];
type Column = Row['groupColumns'][number]['columnName'];
type Query = Calls['flowAnalytics.flowShare']['query'];

const row = (columns: Partial<Record<Column, string>>, figures: number[], hours?: Hours): Row => ({
  groupColumns: Object.entries(columns).map(([columnName, value]) => ({
    columnName: columnName as Column,
    value: value ?? '',
  })),
  resultFields: figures,
  ...hours,
});

/** Refuses a caller who does not govern the enterprise, and an application not bound to it. */
async function scope(ctx: HandlerContext<never, Query>): Promise<HoursScope> {
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
  return hoursScope(db, {
    domainId: domainid,
    applicationId: applicationid,
    since: periodStart(daterange ?? 'thisyear'),
    language: (await ctx.request.atrium.language()) as Language,
  });
}

/** The scope and the period's figures per process and slowest tasks. */
async function figures(ctx: HandlerContext<never, Query>) {
  const s = await scope(ctx);
  return { s, f: await periodFigures(ctx.services.db, s) };
}

const flowAndNodeTime: CallHandler<'flowAnalytics.flowAndNodeTime'> = async (ctx) => {
  const { s, f } = await figures(ctx);
  return (await processAndNodeHours(ctx.services.db, s, f.processes)).map((r) =>
    row({ FLOWNAME: r.name }, [r.process, r.node], s.hours),
  );
};

const flowTimeShare: CallHandler<'flowAnalytics.flowTimeShare'> = async (ctx) => {
  const { s, f } = await figures(ctx);
  return (await processHoursTotal(ctx.services.db, s, f.processes)).map((r) =>
    row({ FLOWNAME: r.name }, [r.hours], s.hours),
  );
};

const flowShare: CallHandler<'flowAnalytics.flowShare'> = async (ctx) => {
  const { s, f } = await figures(ctx);
  return (await instancesStarted(ctx.services.db, s, f.processes)).map((r) => row({ FLOWNAME: r.name }, [r.count]));
};

const slowestNodes: CallHandler<'flowAnalytics.slowestNodes'> = async (ctx) => {
  const { s, f } = await figures(ctx);
  return (await slowestSteps(ctx.services.db, s, f.slowest)).map((r) =>
    row({ FLOWNAME: r.flow, STARTNODENAME: r.node, ENDNODENAME: r.led, NAME: r.actor }, [r.hours], s.hours),
  );
};

export const flowAnalyticsHandlers: Record<string, Handler> = {
  'flowAnalytics.flowAndNodeTime': flowAndNodeTime,
  'flowAnalytics.flowTimeShare': flowTimeShare,
  'flowAnalytics.flowShare': flowShare,
  'flowAnalytics.slowestNodes': slowestNodes,
};
