// Reads the first worksheet of a guarded workbook (xlsx-guard.ts) with exceljs's streaming reader into
// plain text cells: a header row and capped data rows (docs/decisions.md D35). A formula gives its
// cached result (what Excel last showed); one without a result, or an error value (#N/A), is a problem
// of its cell, not of the file. A date cell becomes yyyy-MM-dd.
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
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

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function numberText(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : String(n);
}

/** One exceljs cell value as text. */
export function cellText(value: unknown): SheetCell {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value.trim() };
  if (typeof value === 'number') return Number.isFinite(value) ? { text: numberText(value) } : { text: '', problem: 'transfer.msg.cellError' };
  if (typeof value === 'boolean') return { text: value ? '1' : '0' };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { text: '', problem: 'transfer.msg.cellError' } : { text: isoDate(value) };
  const v = value as Record<string, unknown>;
  if ('formula' in v || 'sharedFormula' in v) {
    if (v.result === undefined || v.result === null || (typeof v.result === 'object' && !(v.result instanceof Date))) return { text: '', problem: 'transfer.msg.formulaNoValue' };
    const result = cellText(v.result);
    return result.problem ? { text: '', problem: 'transfer.msg.formulaNoValue' } : result;
  }
  if (Array.isArray(v.richText)) return { text: (v.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join('').trim() };
  if (typeof v.text === 'string') return { text: v.text.trim() }; // a hyperlink
  if ('error' in v) return { text: '', problem: 'transfer.msg.cellError' };
  return { text: '', problem: 'transfer.msg.cellError' };
}

const isEmpty = (cells: SheetCell[]) => cells.every((c) => c.text === '' && !c.problem);

/** The header (the first non-empty row) and the non-empty rows below it, of the first worksheet.
 *  exceljs's streaming reader now and then fails on a sound file under load (a race in its unzip,
 *  exceljs#3064); the file has passed the zip guard, so a failure of the reader itself is tried once
 *  more before the file is called damaged. */
export async function readSheet(file: string): Promise<Sheet> {
  try {
    return await readOnce(file);
  } catch (error) {
    if (error instanceof SheetRefusal && error.readerError !== undefined) return readOnce(file);
    throw error;
  }
}

async function readOnce(file: string): Promise<Sheet> {
  const input = createReadStream(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        if (values.length - 1 > MAX_COLUMNS) throw new SheetRefusal('transfer.msg.tooManyColumns', { limit: MAX_COLUMNS });
        const cells: SheetCell[] = [];
        for (let i = 1; i < values.length; i++) {
          const cell = cellText(values[i]);
          cells.push(cell.text.length > MAX_CELL_CHARS ? { text: '', problem: 'transfer.msg.cellTooLong' } : cell);
        }
        if (isEmpty(cells)) continue;
        if (!header) {
          header = cells.map((c) => c.text);
          continue;
        }
        if (rows.length >= MAX_ROWS) throw new SheetRefusal('transfer.msg.tooManyRows', { limit: MAX_ROWS });
        rows.push({ rowNum: row.number, cells });
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    throw new SheetRefusal('transfer.msg.notWorkbook', {}, error);
  } finally {
    input.destroy();
  }
  if (!header) throw new SheetRefusal('transfer.msg.emptySheet');
  if (rows.length === 0) throw new SheetRefusal('transfer.msg.noRows');
  return { header, rows };
}
