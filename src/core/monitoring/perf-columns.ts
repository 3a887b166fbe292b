// The performance monitor's table (docs/adr/0062-performance-monitor.md), shared by the server (reports, files) and the console (the
// panel's sort and cell format). JAMon's columns in JAMon's order: 0 Label, 1 Units, 2 Hits, 3 Avg,
// 4 Total, 5 StdDev, 6 LastValue, 7 Min, 8 Max, 9 Active, 10 AvgActive, 11 MaxActive, 12 FirstAccess,
// 13 LastAccess — so the spec's "date columns 12 and 13" and "default sort column 2" mean what they did.
export const BASIC_HEADER = [
  'Label',
  'Units',
  'Hits',
  'Avg',
  'Total',
  'StdDev',
  'LastValue',
  'Min',
  'Max',
  'Active',
  'AvgActive',
  'MaxActive',
  'FirstAccess',
  'LastAccess',
] as const;
export const DATE_COLUMNS = [12, 13] as const;
export const DEFAULT_SORT_COLUMN = 2;
export const ACTIONS = ['Refresh', 'ReSet', 'Enable', 'Disable'] as const;
export const PROXY_ACTIONS = [
  'No Action',
  'Enable All',
  'Disable All',
  'Disable SQL',
  'Disable Exceptions',
  'Disable Interfaces',
  'Enable ResultSet',
] as const;
export const OUTPUTS = ['html', 'xml', 'csv', 'excel'] as const;
export const RANGES = ['AllMonitors', 'ms.', 'percent'] as const;
export const DISPLAY_COLUMNS = ['RangeColumns', 'BasicColumns', 'AllColumns'] as const;
export const CELL_FORMATS = ['#,###', '#,###.#', '#,###.##', '#,###.###', '#,###.####', 'raw'] as const;

export type PerfCell = string | number | boolean;
export type CellFormat = (typeof CELL_FORMATS)[number];

const formatters = new Map<CellFormat, Intl.NumberFormat>();

/** One cell as the chosen format shows it: numbers grouped with 0–4 decimals, or raw. */
export function formatCell(value: PerfCell, format: CellFormat): string {
  if (typeof value !== 'number') return String(value);
  if (format === 'raw') return String(value);
  let formatter = formatters.get(format);
  if (!formatter) {
    const digits = format.split('.')[1]?.length ?? 0;
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(format, formatter);
  }
  return formatter.format(value);
}

/** Rows sorted by one column: numbers as numbers, the rest as text; the input is left as it is. */
export function sortRows<R extends { cells: readonly PerfCell[] }>(
  rows: readonly R[],
  column: number,
  order: 'asc' | 'desc',
): R[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a.cells[column];
    const y = b.cells[column];
    const compared =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''));
    return sign * compared;
  });
}
