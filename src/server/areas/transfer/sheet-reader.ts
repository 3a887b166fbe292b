// Reads the first worksheet of a guarded workbook (xlsx-guard.ts) with the sheet's own XML reader
// (sheet-xml.ts, docs/adr/0069-import-sheet-with-saxes.md) into plain text cells: a header row and capped data rows (docs/adr/0035-organisation-excel-import-export.md), streamed in two passes
// (docs/adr/0064-users-import-streamed.md): a check of the whole sheet copying its rows as text, then those rows a chunk at a time. A formula gives its
// cached result (what Excel last showed); one without a result, or an error value (#N/A), is a problem
// of its cell, not of the file. A date cell becomes yyyy-MM-dd.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { worksheetRows } from './sheet-xml.ts';
import { SheetRefusal } from './xlsx-guard.ts';

export const MAX_ROWS = 100_000;
const MAX_COLUMNS = 200;
const MAX_CELL_CHARS = 4000;

export interface SheetCell {
  text: string;
  /** A message key when the cell's value cannot be taken (formula without a value, error value). */
  problem?: string;
}

export interface SheetRow {
  /** The row number Excel shows. */
  rowNum: number;
  cells: SheetCell[];
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function numberText(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : String(n);
}

/** One cell value, as exceljs's reader gives it (sheet-xml.ts gives the same kinds), as text. */
export function cellText(value: unknown): SheetCell {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value.trim() };
  if (typeof value === 'number')
    return Number.isFinite(value) ? { text: numberText(value) } : { text: '', problem: 'transfer.msg.cellError' };
  if (typeof value === 'boolean') return { text: value ? '1' : '0' };
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? { text: '', problem: 'transfer.msg.cellError' } : { text: isoDate(value) };
  const v = value as Record<string, unknown>;
  if ('formula' in v || 'sharedFormula' in v) {
    if (v.result === undefined || v.result === null || (typeof v.result === 'object' && !(v.result instanceof Date)))
      return { text: '', problem: 'transfer.msg.formulaNoValue' };
    const result = cellText(v.result);
    return result.problem ? { text: '', problem: 'transfer.msg.formulaNoValue' } : result;
  }
  if (Array.isArray(v.richText))
    return {
      text: (v.richText as Array<{ text?: string }>)
        .map((r) => r.text ?? '')
        .join('')
        .trim(),
    };
  if (typeof v.text === 'string') return { text: v.text.trim() }; // a hyperlink
  if ('error' in v) return { text: '', problem: 'transfer.msg.cellError' };
  return { text: '', problem: 'transfer.msg.cellError' };
}

const isEmpty = (cells: SheetCell[]) => cells.every((c) => c.text === '' && !c.problem);

/** What the first pass learns of a sheet: its header, how many data rows follow, and the file its
 *  rows were copied to as plain text cells (one JSON line a row) for the second pass. */
export interface SheetScan {
  header: string[];
  rowCount: number;
  rows: string;
}

/**
 * The first pass (docs/adr/0064-users-import-streamed.md): the whole first worksheet read through and checked (columns, cells, the row
 * cap, a header and at least one row), its rows copied as text cells to `rows` (a file the caller
 * removes), so a file refused for its size or shape is refused before any row is written, and the
 * workbook is parsed once (sheet-xml.ts, docs/adr/0069-import-sheet-with-saxes.md).
 */
export async function scanSheet(file: string, rows: string): Promise<SheetScan> {
  let header: string[] | undefined;
  let rowCount = 0;
  const out = createWriteStream(rows);
  try {
    for await (const row of nonEmptyRows(file)) {
      if (!header) header = row.cells.map((c) => c.text);
      else if (++rowCount > MAX_ROWS) throw new SheetRefusal('transfer.msg.tooManyRows', { limit: MAX_ROWS });
      else if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'finish');
  }
  if (!header) throw new SheetRefusal('transfer.msg.emptySheet');
  if (rowCount === 0) throw new SheetRefusal('transfer.msg.noRows');
  return { header, rowCount, rows };
}

/** The second pass: the rows the first one copied, `size` at a time; nothing else is held. */
export async function* sheetChunks(scan: SheetScan, size: number): AsyncGenerator<SheetRow[]> {
  const input = createReadStream(scan.rows);
  let chunk: SheetRow[] = [];
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      chunk.push(JSON.parse(line) as SheetRow);
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
  } finally {
    input.destroy();
  }
  if (chunk.length > 0) yield chunk;
}

/** The non-empty rows of the first worksheet (the header first), each as text cells. */
async function* nonEmptyRows(file: string): AsyncGenerator<SheetRow> {
  try {
    for await (const { rowNum, values } of worksheetRows(file)) {
      if (values.length - 1 > MAX_COLUMNS)
        throw new SheetRefusal('transfer.msg.tooManyColumns', { limit: MAX_COLUMNS });
      const cells: SheetCell[] = [];
      for (let i = 1; i < values.length; i++) {
        const cell = cellText(values[i]);
        cells.push(cell.text.length > MAX_CELL_CHARS ? { text: '', problem: 'transfer.msg.cellTooLong' } : cell);
      }
      if (!isEmpty(cells)) yield { rowNum, cells };
    }
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    throw new SheetRefusal('transfer.msg.notWorkbook', {}, error);
  }
}
