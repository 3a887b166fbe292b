// The dashboard's answers (domain-console §3 "Dashboard result row") turned into what the charts and
// the table draw: a row's group columns by name, its first figures.
import type { Calls } from '../../../core/generated/api-types.ts';

export type DashboardRow = Calls['flowAnalytics.flowShare']['reply'][number];
type Column = DashboardRow['groupColumns'][number]['columnName'];

export const column = (row: DashboardRow, name: Column): string =>
  row.groupColumns.find((c) => c.columnName === name)?.value ?? '';

export interface Figures {
  /** Per flow: average process and node hours. */
  times: DashboardRow[];
  /** Per flow: total process hours. */
  timeShare: DashboardRow[];
  /** Per flow: instances started. */
  instanceShare: DashboardRow[];
  slowest: DashboardRow[];
}

/** Which hours the figures are in, as the rows of hours say (none: nothing loaded has hours). */
export function hoursOf(f: Figures): Pick<DashboardRow, 'unit' | 'calendar'> | undefined {
  const first = [...f.times, ...f.timeShare, ...f.slowest].find((r) => r.unit);
  return first && { unit: first.unit, calendar: first.calendar };
}

export const isEmpty = (f: Figures) =>
  f.times.length + f.timeShare.length + f.instanceShare.length + f.slowest.length === 0;

/** A pie's slices: one per flow with a figure above zero (a zero slice draws nothing but a label). */
export const slices = (rows: DashboardRow[]) =>
  rows
    .filter((r) => r.resultFields[0] > 0)
    .map((r, id) => ({ id, value: r.resultFields[0], label: column(r, 'FLOWNAME') }));
