// The Excel import's file checks and cell reading (src/server/areas/transfer): bombs and huge sheets
// refused before parsing, merged cells and old .xls refused, formulas read by their cached result,
// dates (also stored as bare numbers) as yyyy-MM-dd, and the header matched in any language.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertCell, sameValue } from '../../../src/server/areas/transfer/cell-values.ts';
import { columnsOf, matchHeader } from '../../../src/server/areas/transfer/columns.ts';
import { cellText, scanSheet, sheetChunks, type SheetRow } from '../../../src/server/areas/transfer/sheet-reader.ts';
import { guardWorkbook, SheetRefusal } from '../../../src/server/areas/transfer/xlsx-guard.ts';
import { bomb, handWritten, OLD_XLS, workbook } from '../../support/xlsx-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'atrium-xlsx-'));
let n = 0;
const file = (bytes: Buffer) => {
  const path = join(dir, `f${n++}.xlsx`);
  writeFileSync(path, bytes);
  return path;
};
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SheetRefusal);
  return (error as SheetRefusal).messageKey;
};
const column = (type: 'text' | 'int' | 'bool' | 'date' | 'checkbox') => ({
  key: 'k',
  label: 'k',
  type,
  imported: true,
});

describe('guardWorkbook', () => {
  it('passes a workbook exceljs wrote', async () => {
    await expect(guardWorkbook(file(await workbook(['loginno'], [['u1']])))).resolves.toBeUndefined();
  });

  it('refuses an old .xls, a non-zip and a damaged zip', async () => {
    expect(await refusal(guardWorkbook(file(OLD_XLS)))).toBe('transfer.msg.oldExcel');
    expect(await refusal(guardWorkbook(file(Buffer.from('<html>not a workbook</html>'))))).toBe(
      'transfer.msg.notWorkbook',
    );
    const good = await workbook(['loginno'], [['u1']]);
    expect(await refusal(guardWorkbook(file(good.subarray(0, good.length - 30))))).toBe('transfer.msg.notWorkbook');
  });

  it('refuses a zip bomb by its declared size and by its real size when the declaration lies', async () => {
    // 200 MB of sheet in a zip of a few hundred KB.
    const honest = await bomb(200);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await refusal(guardWorkbook(file(honest)))).toBe('transfer.msg.tooBig');
    expect(await refusal(guardWorkbook(file(await bomb(200, { lie: true }))))).toBe('transfer.msg.tooBig');
  }, 60_000);

  it('refuses merged cells of the imported sheet, naming the range', async () => {
    const path = file(
      await workbook(
        ['loginno', 'name'],
        [
          ['u1', 'A'],
          ['u2', 'B'],
        ],
        { merge: 'A2:B2' },
      ),
    );
    const error = await guardWorkbook(path).catch((e: SheetRefusal) => e);
    expect(error).toMatchObject({ messageKey: 'transfer.msg.mergedCells', params: { range: 'A2:B2' } });
  });
});

/** Both passes of the reader: the checked header, then the rows, two at a time (docs/adr/0064-users-import-streamed.md). */
async function readSheet(path: string) {
  const scan = await scanSheet(path, `${path}.rows`);
  const { header, rowCount } = scan;
  const rows: SheetRow[] = [];
  for await (const chunk of sheetChunks(scan, 2)) {
    expect(chunk.length).toBeLessThanOrEqual(2);
    rows.push(...chunk);
  }
  expect(rows).toHaveLength(rowCount);
  return { header, rows };
}

describe('readSheet', () => {
  it('reads the header and the non-empty rows, formulas by their cached result, dates as days', async () => {
    const path = file(
      await workbook(
        ['loginno', 'orderno', 'day'],
        [['u1', { formula: '1+1', result: 2 }, new Date(Date.UTC(2026, 2, 15))], [], ['u2', { formula: 'A1' }, 45000]],
      ),
    );
    const sheet = await readSheet(path);
    expect(sheet.header).toEqual(['loginno', 'orderno', 'day']);
    expect(sheet.rows.map((r) => r.rowNum)).toEqual([2, 4]);
    expect(sheet.rows[0].cells.map((c) => c.text)).toEqual(['u1', '2', '2026-03-15']);
    expect(sheet.rows[1].cells[1]).toEqual({ text: '', problem: 'transfer.msg.formulaNoValue' });
    expect(convertCell(column('date'), sheet.rows[1].cells[2].text)).toEqual({ value: '2023-03-15' });
  });

  it('refuses an empty sheet and a sheet with only its header', async () => {
    expect(await refusal(readSheet(file(await workbook([], []))))).toBe('transfer.msg.emptySheet');
    expect(await refusal(readSheet(file(await workbook(['loginno'], []))))).toBe('transfer.msg.noRows');
  });
});

const texts = (rows: SheetRow[]) => rows.map((r) => r.cells.map((c) => c.problem ?? c.text));

describe('the sheet XML reader', () => {
  it('reads rich and phonetic shared strings, inline strings, prefixed tags and cells without references', async () => {
    const strings =
      '<si><t>loginno</t></si><si><r><rPr><b/></rPr><t>Wang</t></r><r><t xml:space="preserve"> Wei</t></r><rPh><t>ワン</t></rPh></si><si><t>a&amp;b</t></si>';
    const sheet =
      '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>name</x:t></x:is></x:c></x:row>' +
      '<x:row><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>Li</x:t></x:r><x:r><x:t><![CDATA[ <Na>]]></x:t></x:r></x:is></x:c><x:c r="D2" t="s"><x:v>2</x:v></x:c></x:row>';
    const { header, rows } = await readSheet(file(await handWritten(sheet, { strings })));
    expect(header).toEqual(['loginno', 'name']);
    expect(rows.map((r) => r.rowNum)).toEqual([2]);
    expect(texts(rows)).toEqual([['Wang Wei', 'Li <Na>', '', 'a&b']]);
  });

  it('reads dates by their style (built-in and custom formats, the 1904 calendar), errors and formulas as exceljs did', async () => {
    const styles =
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="0.00&quot; d&quot;"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const row = (n: number, cells: string) => `<row r="${n}">${cells}</row>`;
    const sheet =
      row(1, '<c r="A1" t="inlineStr"><is><t>h</t></is></c>') +
      row(
        2,
        '<c r="A2" s="1"><v>45000</v></c><c r="B2" s="2"><v>45000</v></c><c r="C2" s="3"><v>45000</v></c><c r="D2" t="e"><v>#N/A</v></c><c r="E2"><f>1/0</f><v>#DIV/0!</v></c><c r="F2" t="str"><f>A1</f><v>x</v></c><c r="G2" t="b"><v>1</v></c><c r="H2" t="d"><v>2026-03-15T00:00:00Z</v></c>',
      );
    const plain = await readSheet(file(await handWritten(sheet, { styles })));
    expect(texts(plain.rows)).toEqual([
      [
        '2023-03-15',
        '2023-03-15',
        '45000',
        'transfer.msg.cellError',
        'transfer.msg.formulaNoValue',
        'x',
        '1',
        '2026-03-15',
      ],
    ]);
    const in1904 = await readSheet(
      file(await handWritten(sheet, { styles, workbookPr: '<workbookPr date1904="1"/>' })),
    );
    expect(in1904.rows[0].cells[0].text).toBe('2027-03-16');
  });

  it('refuses a sheet that is not well-formed XML as a damaged workbook', async () => {
    expect(
      await refusal(
        readSheet(
          file(await handWritten('<row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c></row><row r="2"><c></row>')),
        ),
      ),
    ).toBe('transfer.msg.notWorkbook');
  });
});

describe('cell values', () => {
  it('reads text, numbers, booleans and errors', () => {
    expect(cellText(13800000000)).toEqual({ text: '13800000000' });
    expect(cellText({ richText: [{ text: 'Wang' }, { text: ' Wei' }] })).toEqual({ text: 'Wang Wei' });
    expect(cellText({ error: '#N/A' })).toEqual({ text: '', problem: 'transfer.msg.cellError' });
    expect(cellText({ formula: '1/0', result: Number.NaN })).toEqual({
      text: '',
      problem: 'transfer.msg.formulaNoValue',
    });
  });

  it('converts by column type and compares checkbox choices in any order', () => {
    expect(convertCell(column('int'), '12')).toEqual({ value: 12 });
    expect(convertCell(column('int'), '1.5')).toEqual({ problem: 'transfer.msg.notNumber' });
    expect(convertCell(column('bool'), '是')).toEqual({ value: true });
    expect(convertCell(column('bool'), 'maybe')).toEqual({ problem: 'transfer.msg.notYesNo' });
    expect(convertCell(column('date'), '2026/2/30')).toEqual({ problem: 'transfer.msg.notDate' });
    expect(convertCell(column('checkbox'), 'b; a')).toEqual({ value: ['b', 'a'] });
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(convertCell(column('text'), '')).toEqual({ value: undefined });
  });
});

describe('matchHeader', () => {
  const labels = {
    en: { 'transfer.column.loginno': 'Login number', 'transfer.column.name': 'Name' },
    zh: { 'transfer.column.loginno': '登录账号', 'transfer.column.name': '姓名' },
    cn: {},
  };
  const columns = columnsOf('user', []);
  it('matches headers in any language or by wire name, ignores unknown and export-only ones', () => {
    const matched = matchHeader(['登录账号', 'NAME', 'Remarks', 'isdomainadmin'], columns, labels, 'user', 'en');
    expect(matched.map((c) => c?.key)).toEqual(['loginno', 'name', undefined, undefined]);
  });
  it('refuses a sheet without the key column, or one naming a column twice', () => {
    expect(() => matchHeader(['Name'], columns, labels, 'user', 'en')).toThrow(
      expect.objectContaining({ messageKey: 'transfer.msg.missingHeader', params: { column: 'Login number' } }),
    );
    expect(() => matchHeader(['loginno', 'Name', '姓名'], columns, labels, 'user', 'en')).toThrow(
      expect.objectContaining({ messageKey: 'transfer.msg.duplicateHeader' }),
    );
  });
});

describe('the refused-rows report of the import dialog', () => {
  it('is a CSV Excel reads as UTF-8, every cell quoted', async () => {
    const { reportCsv } = await import('../../../src/console/runtime/import/import-report.ts');
    // The report columns the organisation import declares (schemas/screens/organisation.yaml).
    const columns = ['ROWNUM', 'NAME', 'LOGINNO', 'TELEPHONE', 'EMAIL', 'depts', 'ERROR', 'TIP'];
    const csv = reportCsv(columns, [
      {
        ROWNUM: 5,
        NAME: '王 "伟"',
        LOGINNO: 'w1',
        TELEPHONE: '',
        EMAIL: 'a@b.c',
        depts: 'HQ/Sales',
        ERROR: 'Bad, really',
        TIP: 'Fix it',
      },
    ]);
    expect(csv).toBe(
      '\uFEFFROWNUM,NAME,LOGINNO,TELEPHONE,EMAIL,depts,ERROR,TIP\r\n"5","王 ""伟""","w1","","a@b.c","HQ/Sales","Bad, really","Fix it"\r\n',
    );
  });
});
