// Writes a sheet with exceljs's streaming WorkbookWriter straight into the reply: rows are fetched a
// batch at a time and committed as they are written, and the next batch waits while the client is
// slower than the database, so an export of 100,000 users never holds the file nor the users.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { headerOf, type Column } from './columns.ts';

/** Names the reply a download: `<name>-<yyyymmdd>.xlsx`, never cached. */
export function sendAsAttachment(reply: FastifyReply, name: string): void {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  reply.header('content-disposition', `attachment; filename="${name}-${day}.xlsx"`);
  reply.header('cache-control', 'no-store');
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One batch of rows after `after` (the last row of the previous batch), empty at the end. */
export type BatchSource<T> = (after: T | undefined) => Promise<T[]>;

function cellOf(column: Column, value: unknown): string | number {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (column.type === 'int' && typeof value === 'number') return value;
  return String(value);
}

export function writeSheet<T>(sheetName: string, columns: readonly Column[], labels: Readonly<Record<string, string>>, source: BatchSource<T>, toValues: (row: T) => Record<string, unknown>): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  // Text cells stay text: a login number "007" or a telephone is never read back as a number.
  sheet.columns = columns.map((c) => ({ header: headerOf(c, labels), key: c.key, width: Math.max(12, headerOf(c, labels).length + 4), style: c.type === 'int' ? {} : { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    let last: T | undefined;
    for (;;) {
      const batch = await source(last);
      if (batch.length === 0) break;
      for (const row of batch) {
        const values = toValues(row);
        sheet.addRow(columns.map((c) => cellOf(c, values[c.key]))).commit();
      }
      last = batch[batch.length - 1];
      if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
      if (stream.destroyed) return; // the client went away
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
