// The workflow dashboard's answers (docs/adr/0047-workflow-dashboard-figures.md): one figure of one
// application in one enterprise over a period, as the spec's "Dashboard result row"s. Rows of hours say
// which hours: working hours of the enterprise's default calendar (docs/adr/0055-work-calendars.md),
// else wall-clock. Past days are read as kept, the rest of the period computed at each call
// (docs/adr/0076-dashboard-kept-days.md). The moment the period is read at is a parameter, so that the
// tests ask for any date (1 January too) with the same statements the calls run at the clock's moment.
import type { Language } from '../../../core/catalogue/types.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { Db } from '../../db/schema.ts';
import { hoursScope, type Hours, type HoursScope } from './hours-scope.ts';
import { periodStart, type Period } from './period.ts';
import { instancesStarted, processAndNodeHours, processHoursTotal, slowestSteps } from './queries.ts';
import { periodFigures, type PeriodFigures } from './stored-days.ts';

export type DashboardRow = Calls['flowAnalytics.flowShare']['reply'][number];
type Column = DashboardRow['groupColumns'][number]['columnName'];

/** The dashboard's figures, named as their calls are (without the `flowAnalytics.` prefix). */
export type Figure = 'flowAndNodeTime' | 'flowTimeShare' | 'flowShare' | 'slowestNodes';

export interface Asked {
  domainId: string;
  applicationId: string;
  period: Period;
  language: Language;
}

const row = (columns: Partial<Record<Column, string>>, figures: number[], hours?: Hours): DashboardRow => ({
  groupColumns: Object.entries(columns).map(([columnName, value]) => ({
    columnName: columnName as Column,
    value: value ?? '',
  })),
  resultFields: figures,
  ...hours,
});

type Rows = (db: Db, s: HoursScope, f: PeriodFigures) => Promise<DashboardRow[]>;

const rowsOf: Record<Figure, Rows> = {
  flowAndNodeTime: async (db, s, f) =>
    (await processAndNodeHours(db, s, f.processes)).map((r) => row({ FLOWNAME: r.name }, [r.process, r.node], s.hours)),
  flowTimeShare: async (db, s, f) =>
    (await processHoursTotal(db, s, f.processes)).map((r) => row({ FLOWNAME: r.name }, [r.hours], s.hours)),
  flowShare: async (db, s, f) =>
    (await instancesStarted(db, s, f.processes)).map((r) => row({ FLOWNAME: r.name }, [r.count])),
  slowestNodes: async (db, s, f) =>
    (await slowestSteps(db, s, f.slowest)).map((r) =>
      row({ FLOWNAME: r.flow, STARTNODENAME: r.node, ENDNODENAME: r.led, NAME: r.actor }, [r.hours], s.hours),
    ),
};

/** The figure's rows for the period as it stands at `now`. */
export async function dashboardRows(db: Db, figure: Figure, asked: Asked, now = new Date()): Promise<DashboardRow[]> {
  const s = await hoursScope(
    db,
    {
      domainId: asked.domainId,
      applicationId: asked.applicationId,
      since: periodStart(asked.period, now),
      language: asked.language,
    },
    now,
  );
  return rowsOf[figure](db, s, await periodFigures(db, s, now));
}
