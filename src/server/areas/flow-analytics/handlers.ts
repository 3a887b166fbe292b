// The workflow dashboard (issue 12, docs/adr/0047-workflow-dashboard-figures.md): four figures of one application in one enterprise over a
// period, for the enterprise's governors only, answered as the spec's "Dashboard result row"s. Rows of
// hours say which hours: working hours of the enterprise's default calendar (docs/adr/0055-work-calendars.md), else wall-clock.
// Past days are read as kept, today computed at each call (docs/adr/0076-dashboard-kept-days.md).
import type { Language } from '../../../core/catalogue/types.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { AppError } from '../../http/app-error.ts';
import { existingTenant } from '../users/queries.ts';
import { defaultCalendarRow, workCalendarOf } from '../calendars/load-calendar.ts';
import { type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { periodStart } from './period.ts';
import {
  instancesStarted,
  processAndNodeHours,
  processHoursTotal,
  slowestSteps,
  WORKING_HORIZON_DAYS,
} from './queries.ts';
import { periodFigures, type KeyedScope } from './stored-days.ts';
import { timelineOf } from './timelines.ts';

type Row = Calls['flowAnalytics.flowShare']['reply'][number];
type Column = Row['groupColumns'][number]['columnName'];
type Query = Calls['flowAnalytics.flowShare']['query'];

type Hours = Pick<Row, 'unit' | 'calendar'>;
type HoursScope = KeyedScope & { hours: Hours };

const row = (columns: Partial<Record<Column, string>>, figures: number[], hours?: Hours): Row => ({
  groupColumns: Object.entries(columns).map(([columnName, value]) => ({
    columnName: columnName as Column,
    value: value ?? '',
  })),
  resultFields: figures,
  ...hours,
});

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The zone whose midnights the period's days run between (period.ts). */
const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
  const since = periodStart(daterange ?? 'thisyear');
  const base = {
    domainId: domainid,
    applicationId: applicationid,
    since,
    language: (await ctx.request.atrium.language()) as Language,
  };
  const calendar = await defaultCalendarRow(db, domainid);
  if (!calendar) return { ...base, hoursKey: `wall@${serverZone()}`, hours: { unit: 'hours' } };
  // A duration ending in the period counts working time from at most WORKING_HORIZON_DAYS before its end.
  const from = since.getTime() - (WORKING_HORIZON_DAYS + 1) * DAY_MS;
  // To the end of tomorrow: a task done a moment after "now" was read still falls inside.
  const today = periodStart('today');
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 2).getTime();
  const working = await timelineOf(calendar.fingerprint, from, to, () =>
    workCalendarOf(db, calendar, isoDate(from - DAY_MS), isoDate(to + DAY_MS)),
  );
  return {
    ...base,
    working,
    hoursKey: `${calendar.fingerprint}@${serverZone()}`,
    hours: { unit: 'workingHours', calendar: calendar.name },
  };
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
