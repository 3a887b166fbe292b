// A second, independent reader of .xlsx files: Python's openpyxl (Debian: python3-openpyxl), so a
// workbook the server writes is checked by more than the library that wrote it. Answers each cell of
// the first sheet as its Python type name and value (a datetime as its ISO text). Missing openpyxl
// fails the test with how to install it, never skips it.
import { runPython } from './python-reader.ts';

const SCRIPT = `
import json, sys, openpyxl
sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
rows = [[{"type": type(c.value).__name__, "value": c.value.isoformat() if hasattr(c.value, "isoformat") else c.value, "format": c.number_format} for c in row] for row in sheet.iter_rows()]
print(json.dumps(rows))
`;

export interface PyCell {
  type: string;
  value: unknown;
  format: string;
}

/** The cells of the workbook's first sheet as openpyxl reads them. */
export function readWithOpenpyxl(path: string): PyCell[][] {
  return JSON.parse(runPython('openpyxl', 'python3-openpyxl', ['-c', SCRIPT, path])) as PyCell[][];
}
