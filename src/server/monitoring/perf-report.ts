// The performance monitor's report (docs/adr/0062-performance-monitor.md): the measured monitors as JAMon's table, chosen by the panel's
// settings — range/units, display columns, filter, highlight, label size and sort.
import { BASIC_HEADER, DEFAULT_SORT_COLUMN, sortRows, type PerfCell } from '../../core/monitoring/perf-columns.ts';
import { MS, MS_RANGES, type Monitor, type PerfMonitors } from './perf-monitor.ts';

export interface ReportSettings {
  range?: string;
  columns?: string;
  filter?: string;
  highlight?: string;
  textSize?: number;
  sortCol?: number;
  sortOrder?: 'asc' | 'desc';
}

export interface ReportRow {
  cells: PerfCell[];
  highlighted: boolean;
}

export interface Report {
  header: string[];
  rows: ReportRow[];
}

const RANGE_HEADER = MS_RANGES.map((top, i) => `${i === 0 ? 0 : MS_RANGES[i - 1]}_${top}ms.`).concat(
  `${MS_RANGES[MS_RANGES.length - 1]}_max ms.`,
);
const two = (n: number) => String(n).padStart(2, '0');
const round = (n: number) => Math.round(n * 10000) / 10000;

/** yyyy-MM-dd HH:mm:ss, server time (the spec's date format). */
export function dateTime(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

function basicCells(m: Monitor, textSize: number): PerfCell[] {
  const label = textSize > 0 && m.label.length > textSize ? `${m.label.slice(0, textSize)}…` : m.label;
  return [
    label,
    m.units,
    m.hits,
    round(m.mean),
    round(m.total),
    round(m.stdDev),
    round(m.last),
    round(m.min),
    round(m.max),
    m.active,
    round(m.avgActive),
    m.maxActive,
    dateTime(m.firstAccess),
    dateTime(m.lastAccess),
  ];
}

/** "hits/avg" per range, as JAMon shows a range cell; empty where the monitor has no ranges. */
function rangeCells(m: Monitor): PerfCell[] {
  return RANGE_HEADER.map((_, i) => {
    const hits = m.rangeHits?.[i] ?? 0;
    return hits > 0 && m.rangeTotals ? `${hits}/${round(m.rangeTotals[i] / hits)}` : '';
  });
}

export function buildReport(monitors: PerfMonitors, settings: ReportSettings): Report {
  const range = settings.range ?? 'AllMonitors';
  const columns = settings.columns ?? 'RangeColumns';
  const filter = settings.filter?.trim().toLowerCase() ?? '';
  const highlight = settings.highlight?.trim().toLowerCase() ?? '';
  const withRanges = columns !== 'BasicColumns';
  const withEnabled = columns === 'AllColumns';
  const chosen = monitors
    .measured()
    .filter(
      (m) => (range === 'AllMonitors' || m.units === range) && (!filter || m.label.toLowerCase().includes(filter)),
    );
  const header: string[] = [...BASIC_HEADER, ...(withEnabled ? ['Enabled'] : []), ...(withRanges ? RANGE_HEADER : [])];
  const rows = chosen.map((m) => ({
    cells: [
      ...basicCells(m, settings.textSize ?? 0),
      ...(withEnabled ? [enabledFor(monitors, m)] : []),
      ...(withRanges ? rangeCells(m) : []),
    ],
    highlighted: highlight !== '' && m.label.toLowerCase().includes(highlight),
  }));
  const sortCol = Math.min(settings.sortCol ?? DEFAULT_SORT_COLUMN, header.length - 1);
  return { header, rows: sortRows(rows, sortCol, settings.sortOrder ?? 'asc') };
}

/** Whether the kind of a monitor is measured now. */
function enabledFor(monitors: PerfMonitors, m: Monitor): boolean {
  if (m.label.startsWith('call: ')) return monitors.interfaces;
  if (m.label.startsWith('sql: ')) return m.units === MS ? monitors.sql : monitors.resultSet;
  return monitors.exceptions;
}
