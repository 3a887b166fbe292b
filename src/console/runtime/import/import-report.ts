// An import's rows as a CSV file the browser saves (docs/adr/0141-import-with-preview-screen.md): Excel
// opens it, and the BOM tells it the text is UTF-8, so Chinese names survive.
import type { ImportReport } from '../../../core/catalogue/import-screen.ts';
import type { Answer } from './import-values.ts';

const quoted = (value: unknown) => `"${String(value ?? '').replaceAll('"', '""')}"`;

export function reportCsv(columns: string[], rows: Answer[]): string {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => quoted(row[c])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadReport(report: ImportReport, rows: Answer[]): void {
  const url = URL.createObjectURL(new Blob([reportCsv(report.columns, rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = report.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
