// The performance monitor's report as a file (docs/adr/0062-performance-monitor.md): html (a page with the table), xml, csv (UTF-8 with
// a byte order mark; formula-like cells quoted, as the log's export) and excel (an .xlsx by exceljs).
// Numbers in the chosen cell format; in the sheet they stay numbers (the format as the cells' format).
import ExcelJS from 'exceljs';
import { formatCell, type CellFormat } from '../../core/monitoring/perf-columns.ts';
import { csvLine } from '../areas/operation-log/log-export.ts';
import { XLSX_TYPE } from '../areas/transfer/export-sheet.ts';
import type { Report } from './perf-report.ts';

export interface ReportFile {
  type: string;
  extension: string;
  body: string | Buffer;
}

const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(report: Report, format: CellFormat, title: string): string {
  const head = report.header.map((h, i) => `<th scope="col" data-column="${i}">${escapeMarkup(h)}</th>`).join('');
  const body = report.rows
    .map(
      (row) =>
        `<tr${row.highlighted ? ' class="highlight"' : ''}>${row.cells.map((c) => `<td>${escapeMarkup(formatCell(c, format))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title>
<style>body{font-family:sans-serif}table{border-collapse:collapse}th,td{border:1px solid #999;padding:2px 6px;font-size:12px}tr.highlight{background:#ffef9f}</style>
</head><body><h1>${escapeMarkup(title)}</h1>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></body></html>
`;
}

function xml(report: Report, format: CellFormat, title: string): string {
  const rows = report.rows
    .map(
      (row) =>
        `  <row${row.highlighted ? ' highlighted="true"' : ''}>${row.cells.map((c, i) => `<cell name="${escapeMarkup(report.header[i])}">${escapeMarkup(formatCell(c, format))}</cell>`).join('')}</row>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<monitors title="${escapeMarkup(title)}">\n${rows}\n</monitors>\n`;
}

function csv(report: Report, format: CellFormat): string {
  return `\ufeff${csvLine(report.header)}${report.rows.map((row) => csvLine(row.cells.map((c) => formatCell(c, format)))).join('')}`;
}

async function excel(report: Report, format: CellFormat): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('JAMon');
  sheet.addRow(report.header).font = { bold: true };
  const numFmt = format === 'raw' ? undefined : format.replace('#,###', '#,##0');
  for (const row of report.rows) {
    const added = sheet.addRow(row.cells.map((c) => (typeof c === 'boolean' ? String(c) : c)));
    if (row.highlighted) added.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEF9F' } };
    if (numFmt)
      added.eachCell((cell) => {
        if (typeof cell.value === 'number') cell.numFmt = numFmt;
      });
  }
  sheet.columns.forEach((column, i) => (column.width = i === 0 ? 60 : 14));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function reportFile(
  report: Report,
  output: 'html' | 'xml' | 'csv' | 'excel',
  format: CellFormat,
  title: string,
): Promise<ReportFile> {
  if (output === 'html')
    return { type: 'text/html; charset=utf-8', extension: 'html', body: html(report, format, title) };
  if (output === 'xml')
    return { type: 'application/xml; charset=utf-8', extension: 'xml', body: xml(report, format, title) };
  if (output === 'csv') return { type: 'text/csv; charset=utf-8', extension: 'csv', body: csv(report, format) };
  return { type: XLSX_TYPE, extension: 'xlsx', body: await excel(report, format) };
}
