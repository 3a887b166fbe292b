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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The number format of date columns: a day, which every spreadsheet reads back as a date. */
export const DATE_FORMAT = 'yyyy-mm-dd';

/** A stored day (yyyy-MM-dd) as the Date exceljs writes as that day's serial: midnight UTC, because
 *  exceljs counts serials from the UTC epoch, so no time zone moves the day. */
function dayCell(value: string): Date | string {
  const m = DAY.exec(value);
  if (!m) return value; // not a day (an extension field's free text): kept as written
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCDate() === Number(m[3]) ? date : value;
}

function cellOf(column: Column, value: unknown): string | number | Date {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (column.type === 'int' && typeof value === 'number') return value;
  if (column.type === 'date') return dayCell(String(value));
  return String(value);
}

/** Text columns stay text: a login number "007" or a telephone is never read back as a number;
 *  date columns are real dates (docs/adr/0088-workbook-dates-are-calendar-days.md), numbers plain. */
const styleOf = (column: Column): Partial<ExcelJS.Style> =>
  column.type === 'int' ? {} : { numFmt: column.type === 'date' ? DATE_FORMAT : '@' };

export function writeSheet<T>(
  sheetName: string,
  columns: readonly Column[],
  labels: Readonly<Record<string, string>>,
  source: BatchSource<T>,
  toValues: (row: T) => Record<string, unknown>,
): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: headerOf(c, labels),
    key: c.key,
    width: Math.max(12, headerOf(c, labels).length + 4),
    style: styleOf(c),
  }));
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
