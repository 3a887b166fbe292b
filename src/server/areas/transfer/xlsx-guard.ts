// The checks an uploaded workbook passes before exceljs parses it (docs/adr/0035-organisation-excel-import-export.md): a zip whose
// entries inflate to more than a cap (a zip bomb, or a sheet of hundreds of megabytes) is refused
// without ever holding it, by reading the central directory and then inflating each entry through a
// byte counter (a declared size can lie). The same pass finds merged cells, which exceljs's streaming
// reader does not report.
import { centralDirectory, inflateEntry, ZipRefusal } from '../../files/zip-file.ts';

/** Total bytes all entries may inflate to, and any one entry. A 10,000-user sheet is about 5 MB. */
export const MAX_UNCOMPRESSED_BYTES = 96 * 1024 * 1024;
export const MAX_ENTRIES = 2000;

export class SheetRefusal extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    /** The reader's own error, when the refusal is that the reader failed. */
    readonly readerError?: unknown,
  ) {
    super(messageKey);
  }
}

const MERGE_REF = /<(?:\w+:)?mergeCell\s[^>]*ref="([A-Z]+\d+:[A-Z]+\d+)"/;

/**
 * Refuses what is not a readable .xlsx (an old .xls, another file, a damaged zip), a workbook whose
 * entries inflate past the cap, and a first worksheet (the one imported) with merged cells (which row would a merged
 * value belong to?). Reads the file from disk; never holds more than a chunk of it.
 */
export async function guardWorkbook(file: string): Promise<void> {
  try {
    await guardZip(file);
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    if (error.reason === 'oleFile') throw new SheetRefusal('transfer.msg.oldExcel');
    if (error.reason === 'tooBig')
      throw new SheetRefusal('transfer.msg.tooBig', { limit: `${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB` });
    throw new SheetRefusal('transfer.msg.notWorkbook');
  }
}

async function guardZip(file: string): Promise<void> {
  const entries = await centralDirectory(file, MAX_ENTRIES);
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw new SheetRefusal('transfer.msg.notWorkbook');
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > MAX_UNCOMPRESSED_BYTES)
    throw new SheetRefusal('transfer.msg.tooBig', { limit: `${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB` });
  // The sheet exceljs reads first (it follows the zip's order): the only one imported.
  const firstSheet = entries.find((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name));
  if (!firstSheet) throw new SheetRefusal('transfer.msg.emptySheet');
  let left = MAX_UNCOMPRESSED_BYTES;
  for (const entry of entries) {
    let tail = '';
    let merged: string | undefined;
    const isSheet = entry === firstSheet;
    left -= await inflateEntry(file, entry, left, (chunk) => {
      if (!isSheet || merged) return;
      const window = tail + chunk.toString('latin1');
      merged = MERGE_REF.exec(window)?.[1];
      tail = window.slice(-200); // a tag split across two chunks
    });
    if (merged) throw new SheetRefusal('transfer.msg.mergedCells', { range: merged });
  }
}
