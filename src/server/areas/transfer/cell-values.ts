// A sheet cell as the value of its column (columns.ts). An empty cell means "leave it as it is" on an
// existing row and "the default" on a new one (docs/adr/0035-organisation-excel-import-export.md), so a sheet with fewer columns never wipes data.
import type { Column } from './columns.ts';
import { isoDate } from './sheet-reader.ts';

export type CellValue = string | number | boolean | string[];
export type Converted = { value: CellValue | undefined } | { problem: string };

const TRUE = new Set(['1', 'true', 'yes', 'y', '是', '是的', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'n', '否', '不是', 'off']);
const DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Excel's day serial (a date cell without a date format, 45000 = 2023-03-15) as yyyy-MM-dd. */
export function serialDate(serial: number): string {
  return isoDate(new Date(Math.round((serial - 25569) * 86400000)));
}

function dateValue(text: string): string | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) {
    const serial = Number(text);
    return serial >= 1 && serial < 2958466 ? serialDate(serial) : undefined;
  }
  const m = DAY.exec(text.replaceAll('/', '-'));
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDate(d) === iso ? iso : undefined;
}

export function convertCell(column: Column, text: string): Converted {
  if (text === '') return { value: undefined };
  switch (column.type) {
    case 'int':
      return /^-?\d{1,9}$/.test(text) ? { value: Number(text) } : { problem: 'transfer.msg.notNumber' };
    case 'bool': {
      const t = text.toLowerCase();
      return TRUE.has(t) ? { value: true } : FALSE.has(t) ? { value: false } : { problem: 'transfer.msg.notYesNo' };
    }
    case 'date': {
      const day = dateValue(text);
      return day ? { value: day } : { problem: 'transfer.msg.notDate' };
    }
    case 'checkbox':
      return {
        value: text
          .split(/[;；]/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
    default:
      return { value: text };
  }
}

/** Two values the same for the import's diff (a checkbox's choices in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? [...a].map(String).sort() : [];
    const y = Array.isArray(b) ? [...b].map(String).sort() : [];
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  return String(a ?? '') === String(b ?? '');
}
