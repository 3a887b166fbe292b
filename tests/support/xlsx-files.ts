// Workbooks for the Excel import tests: good ones written with exceljs, and the bad ones a real
// exceljs would never write — a zip bomb (honest or lying about its size), merged cells, a formula
// without a cached value, an old .xls.
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';

export type CellInput = string | number | boolean | Date | null | { formula: string; result?: unknown } | undefined;

/** An .xlsx with one sheet: the header row, then the rows; `merge` merges a range. */
export async function workbook(
  header: string[],
  rows: CellInput[][],
  options: { merge?: string; sheetName?: string } = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(options.sheetName ?? 'Sheet1');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row as ExcelJS.CellValue[]);
  if (options.merge) ws.mergeCells(options.merge);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function deflate(chunks: Iterable<Buffer>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflater.on('data', (b: Buffer) => out.push(b));
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((r) => deflater.once('drain', r));
  }
  const ended = new Promise((r) => deflater.once('end', r));
  deflater.end();
  await ended; // every 'data' event has come (the end callback alone can come before the last one)
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of deflated entries; `declare` overrides an entry's declared uncompressed size (a lie). */
export async function zip(
  entries: Array<{ name: string; chunks: Iterable<Buffer>; declare?: number }>,
): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size, crc } = await deflate(entry.chunks);
    const name = Buffer.from(entry.name);
    const declared = entry.declare ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(declared, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(cd, name);
    offset += 30 + name.length + data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
}

/** A workbook whose one sheet inflates to `megabytes` MB of blank rows (a bomb, or a 200 MB sheet). */
export function bomb(megabytes: number, options: { lie?: boolean } = {}): Promise<Buffer> {
  const mb = Buffer.alloc(1024 * 1024, ' ');
  function* sheet() {
    yield Buffer.from(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    for (let i = 0; i < megabytes; i++) yield mb;
    yield Buffer.from('</sheetData></worksheet>');
  }
  const small = (text: string) => [Buffer.from(text)];
  return zip([
    {
      name: '[Content_Types].xml',
      chunks: small(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      chunks: small(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', chunks: sheet(), declare: options.lie ? 1000 : undefined },
  ]);
}

/** A workbook written by hand: the parts other programs write that exceljs does not (docs/adr/0069-import-sheet-with-saxes.md). */
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
export function handWritten(sheet: string, parts: { strings?: string; styles?: string; workbookPr?: string } = {}) {
  const part = (name: string, text: string) => ({
    name,
    chunks: [Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`)],
  });
  return zip([
    part(
      'xl/workbook.xml',
      `<workbook ${MAIN}>${parts.workbookPr ?? ''}<sheets><sheet name="S" sheetId="1"/></sheets></workbook>`,
    ),
    ...(parts.strings ? [part('xl/sharedStrings.xml', `<sst ${MAIN}>${parts.strings}</sst>`)] : []),
    ...(parts.styles ? [part('xl/styles.xml', `<styleSheet ${MAIN}>${parts.styles}</styleSheet>`)] : []),
    part(
      'xl/worksheets/sheet1.xml',
      `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>${sheet}</x:sheetData></x:worksheet>`,
    ),
  ]);
}
export const OLD_XLS = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(512, 0),
]);
