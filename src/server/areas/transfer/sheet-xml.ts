// The first worksheet of an .xlsx read straight from its XML (docs/adr/0069-import-sheet-with-saxes.md): the zip read by files/zip-file.ts
// (the guard's own reader), each part parsed by saxes (a maintained streaming XML parser, the one
// exceljs itself uses) with a few callbacks that keep only what a cell's text needs: the shared strings
// (as plain strings), which styles are dates, and whether the workbook counts days from 1904. Rows are
// handed out as the sheet is inflated (a chunk of it at a time, pulled by the caller), each cell as the
// value exceljs's reader would give (a string, a number, a boolean, a Date, a formula's cached result,
// an error), the values sheet-reader.ts words.
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { centralDirectory, entryChunks, type ZipEntry } from '../../files/zip-file.ts';
import { MAX_ENTRIES, MAX_UNCOMPRESSED_BYTES } from './xlsx-guard.ts';

/** A cell's value as exceljs's reader gives it (what cellText reads). */
export type XmlCellValue =
  string | number | boolean | Date | { formula: string; result?: string | number } | { error: string } | undefined;

export interface XmlRow {
  rowNum: number;
  /** Values by column number (1-based); holes are empty cells. */
  values: XmlCellValue[];
}

type Handlers = {
  open: (name: string, attributes: Record<string, string>) => void;
  text: (text: string) => void;
  close: (name: string) => void;
};

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Parses one zip entry, a chunk at a time; after each chunk `drain` runs (the caller's pull point). */
async function* parsePart(file: string, entry: ZipEntry, handlers: Handlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of entryChunks(file, entry, MAX_UNCOMPRESSED_BYTES)) {
    let text = decoder.write(chunk);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    parser.write(text);
    yield;
  }
  parser.write(decoder.end());
  parser.close();
  yield;
}

async function parseWhole(file: string, entry: ZipEntry | undefined, handlers: Handlers): Promise<void> {
  if (entry) for await (const _ of parsePart(file, entry, handlers));
}

/** The shared strings, rich text joined (phonetic runs left out), as plain strings. */
async function sharedStrings(file: string, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  let text = '';
  let inText = false;
  let phonetic = 0;
  await parseWhole(file, entry, {
    open: (name) => {
      if (name === 'si') text = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text: (t) => {
      if (inText) text += t;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(flat(text));
    },
  });
  return strings;
}

/** A copy of a string that holds on to nothing else: a parser's text may be a slice of its whole
 *  chunk, which would otherwise stay alive as long as the one string kept from it. */
const flat = (s: string) => (s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8'));

// Excel's built-in number formats that show a date or a time (ECMA-376 §18.8.30, and the East Asian ones).
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A format code that shows a date or time, by exceljs's own rule (text in quotes and [..] left out). */
export const isDateFormat = (code: string) => /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The cell styles (cellXfs, by index) whose number format is a date. */
async function dateStyles(file: string, entry: ZipEntry | undefined): Promise<Set<number>> {
  const customDates = new Set<number>();
  const dates = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await parseWhole(file, entry, {
    open: (name, a) => {
      if (name === 'numFmt' && isDateFormat(a.formatCode ?? '')) customDates.add(Number(a.numFmtId));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        if (customDates.has(id) || BUILT_IN_DATES.has(id)) dates.add(index);
        index++;
      }
    },
    text: () => {},
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

async function date1904(file: string, entry: ZipEntry | undefined): Promise<boolean> {
  let is1904 = false;
  await parseWhole(file, entry, {
    open: (name, a) => {
      if (name === 'workbookPr') is1904 = a.date1904 === '1' || a.date1904 === 'true';
    },
    text: () => {},
    close: () => {},
  });
  return is1904;
}

/** A column's number from its letters (A = 1). */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + c - 64;
  }
  return n || undefined;
}

// An ISO 8601 date cell (t="d"): the day and wall time as written; any zone suffix is left out
// (docs/adr/0088-workbook-dates-are-calendar-days.md).
const ISO_CELL =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date cell's calendar day and wall time as a Date at that time in UTC (what cellText reads with
 * getUTC*), so no time zone, the server's or the cell's, can move the day; undefined for no real day.
 */
export function isoCellDate(text: string): Date | undefined {
  const m = ISO_CELL.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? undefined : Number(v)));
  const ms = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second, ms));
  date.setUTCFullYear(year!); // years 0–99 too (Date.UTC reads them as 19xx)
  const real =
    date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour < 24 && minute < 60 && second < 60;
  return real ? date : undefined;
}

/** Excel's day serial as exceljs's reader makes it a Date (in UTC, so the day is the serial's). */
const excelDate = (serial: number, in1904: boolean) =>
  new Date(Math.round((serial - 25569 + (in1904 ? 1462 : 0)) * 86400000));

/**
 * The rows of the workbook's first worksheet (the first in the zip, as the guard and exceljs take it),
 * in sheet order, empty cells as holes. Throws what saxes throws on XML that is not well formed.
 */
export async function* worksheetRows(file: string): AsyncGenerator<XmlRow> {
  const entries = await centralDirectory(file, MAX_ENTRIES);
  const named = (name: string) => entries.find((e) => e.name === name);
  const sheet = entries.find((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name));
  if (!sheet) return;
  const strings = await sharedStrings(file, named('xl/sharedStrings.xml'));
  const dates = await dateStyles(file, named('xl/styles.xml'));
  const in1904 = await date1904(file, named('xl/workbook.xml'));

  const ready: XmlRow[] = [];
  let row: XmlRow | undefined;
  let lastRow = 0;
  let column = 0;
  let type = '';
  let style = 0;
  let formula = false;
  let value: string | undefined;
  let capture = false;
  let inline = false;
  const cellValue = (): XmlCellValue => {
    if (formula) {
      if (value === undefined) return { formula: '' };
      return { formula: '', result: type === 'str' ? value : parseFloat(value) };
    }
    if (value === undefined) return undefined;
    switch (type) {
      case 's':
        return strings[parseInt(value, 10)];
      case 'inlineStr':
      case 'str':
        return value;
      case 'e':
        return { error: value };
      case 'b':
        return parseInt(value, 10) !== 0;
      case 'd':
        return isoCellDate(value) ?? { error: value };
      default: {
        const n = parseFloat(value);
        return dates.has(style) ? excelDate(n, in1904) : n;
      }
    }
  };
  const handlers: Handlers = {
    open: (name, a) => {
      switch (name) {
        case 'row':
          lastRow = a.r ? parseInt(a.r, 10) : lastRow + 1;
          row = { rowNum: lastRow, values: [] };
          column = 0;
          break;
        case 'c':
          column = columnOf(a.r) ?? column + 1;
          type = a.t ?? 'n';
          style = a.s ? parseInt(a.s, 10) : 0;
          formula = false;
          value = undefined;
          inline = false;
          break;
        case 'f':
          formula = true;
          break;
        case 'v':
          capture = true;
          value = '';
          break;
        case 'is':
          inline = true;
          value = '';
          break;
        case 't':
          capture = inline;
          break;
        case 'rPh':
          inline = false; // a phonetic run's text is not the cell's
          break;
      }
    },
    text: (t) => {
      if (capture) value += t;
    },
    close: (name) => {
      switch (name) {
        case 'v':
        case 't':
          capture = false;
          break;
        case 'c': {
          const v = row ? cellValue() : undefined;
          if (row && v !== undefined && v !== null) row.values[column] = v;
          break;
        }
        case 'row':
          if (row) ready.push(row);
          row = undefined;
          break;
      }
    },
  };
  for await (const _ of parsePart(file, sheet, handlers)) {
    for (const r of ready) yield r;
    ready.length = 0;
  }
}
