// The log's download: the entries a search finds, newest first, as an .xlsx sheet (exceljs's streaming
// writer, shared with the organisation export) or as CSV, both written batch by batch into the reply.
// CSV cells that a spreadsheet would run as a formula (= + - @) are quoted with a leading apostrophe.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Column } from '../transfer/columns.ts';
import { headerOf } from '../transfer/columns.ts';
import { writeSheet, type BatchSource } from '../transfer/export-sheet.ts';
import type { EntryReply } from './log-queries.ts';

const col = (key: string, type: Column['type'] = 'text'): Column => ({
  key,
  label: `oplog.field.${key}`,
  type,
  imported: false,
});
const COLUMNS: Column[] = [
  col('id'),
  col('at'),
  col('operator'),
  col('userKind'),
  col('ip'),
  col('action'),
  col('call'),
  col('method'),
  col('path'),
  col('targetName'),
  col('target'),
  col('outcome'),
  col('errcode', 'int'),
  col('outcomeText'),
  col('message'),
  col('change'),
  col('remark'),
  col('reviewed'),
  col('hash'),
];

function valuesOf(entry: EntryReply, labels: Readonly<Record<string, string>>): Record<string, unknown> {
  return {
    ...entry,
    outcome: labels[`oplog.outcome.${entry.outcome}`] ?? entry.outcome,
    change: entry.change === null ? '' : JSON.stringify(entry.change),
    reviewed: entry.reviewed ? (labels['oplog.yes'] ?? 'yes') : '',
  };
}

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

function writeCsv(labels: Readonly<Record<string, string>>, source: BatchSource<EntryReply>): Readable {
  async function* lines() {
    // A byte order mark, so a spreadsheet opens the Chinese text as UTF-8.
    yield `\ufeff${csvLine(COLUMNS.map((c) => headerOf(c, labels)))}`;
    let last: EntryReply | undefined;
    for (;;) {
      const batch = await source(last);
      if (batch.length === 0) return;
      yield batch
        .map((entry) => {
          const values = valuesOf(entry, labels);
          return csvLine(COLUMNS.map((c) => values[c.key]));
        })
        .join('');
      last = batch[batch.length - 1];
    }
  }
  return Readable.from(lines());
}

export function exportLog(
  reply: FastifyReply,
  name: string,
  format: 'xlsx' | 'csv',
  labels: Readonly<Record<string, string>>,
  source: BatchSource<EntryReply>,
): Readable {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  reply.header('content-disposition', `attachment; filename="${name}-${day}.${format}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    reply.type('text/csv; charset=utf-8');
    return writeCsv(labels, source);
  }
  return writeSheet(labels['oplog.sheet'] ?? 'log', COLUMNS, labels, source, (entry) => valuesOf(entry, labels));
}
