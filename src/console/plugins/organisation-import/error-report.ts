// The refused rows of an import as a CSV file the browser saves (Excel opens it; the BOM tells it the
// text is UTF-8, so Chinese names survive).
import type { ImportResult } from './useOrganisationImport.ts';

const COLUMNS = ['ROWNUM', 'NAME', 'LOGINNO', 'TELEPHONE', 'EMAIL', 'depts', 'ERROR', 'TIP'] as const;

const quoted = (value: unknown) => `"${String(value ?? '').replaceAll('"', '""')}"`;

export function errorReportCsv(detail: ImportResult['detail']): string {
  const lines = [COLUMNS.join(','), ...detail.map((row) => COLUMNS.map((c) => quoted(row[c])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadErrorReport(detail: ImportResult['detail'], name: string): void {
  const url = URL.createObjectURL(new Blob([errorReportCsv(detail)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
