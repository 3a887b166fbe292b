// Dates in a workbook are calendar dates (docs/adr/0088-workbook-dates-are-calendar-days.md): an ISO date cell (t="d", as LibreOffice and
// other writers may store it) and a day serial under a date format read as the same day whatever
// time zone the server runs in. Node takes a new process.env.TZ at once, so each zone is tried here.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellText } from '../../../src/server/areas/transfer/sheet-reader.ts';
import { worksheetRows } from '../../../src/server/areas/transfer/sheet-xml.ts';
import { handWritten } from '../../support/xlsx-files.ts';

/** Zones east and west of UTC, as far as they go, with their offset on 2024-01-01 (getTimezoneOffset). */
const ZONES: Array<[string, number]> = [
  ['Asia/Shanghai', -480],
  ['America/Los_Angeles', 480],
  ['Pacific/Kiritimati', -840],
  ['Pacific/Pago_Pago', 660],
  ['UTC', 0],
];
const before = process.env.TZ;
afterAll(() => {
  if (before === undefined) delete process.env.TZ;
  else process.env.TZ = before;
});

// Written as the writers write them: no zone (local wall time), a date alone, UTC, an offset; then
// day serials of 2024-01-01 under a date style, at midnight and at 18:00.
const ISO = [
  '2024-01-01T00:00:00',
  '2024-01-01',
  '2024-01-01T00:00:00Z',
  '2024-01-01T00:00:00.000+08:00',
  '2024-01-01T23:59:59-10:00',
  '2024-02-29T12:30:00',
];
const SERIALS = ['45292', '45292.75', '45292.999988'];
const STYLES = '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>';
const letter = (i: number) => String.fromCharCode(65 + i);
const cells = [
  ...ISO.map((v, i) => `<c r="${letter(i)}1" t="d"><v>${v}</v></c>`),
  ...SERIALS.map((v, i) => `<c r="${letter(ISO.length + i)}1" s="1"><v>${v}</v></c>`),
].join('');

describe('date cells of a workbook', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-tz-'));
  it.each(ZONES)('read as their calendar day under TZ=%s', async (zone, offset) => {
    const path = join(dir, `${zone.replace('/', '-')}.xlsx`);
    writeFileSync(path, await handWritten(`<row r="1">${cells}</row>`, { styles: STYLES }));
    process.env.TZ = zone;
    expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).toBe(offset); // the zone took
    const rows = [];
    for await (const row of worksheetRows(path)) rows.push(row.values.slice(1).map((v) => cellText(v).text));
    expect(rows).toEqual([
      [
        '2024-01-01',
        '2024-01-01',
        '2024-01-01',
        '2024-01-01',
        '2024-01-01',
        '2024-02-29',
        '2024-01-01',
        '2024-01-01',
        '2024-01-01',
      ],
    ]);
  });

  it('refuses an ISO cell that names no real day', async () => {
    const path = join(dir, 'bad.xlsx');
    writeFileSync(
      path,
      await handWritten('<row r="1"><c r="A1" t="d"><v>2023-02-29</v></c><c r="B1" t="d"><v>soon</v></c></row>'),
    );
    const rows = [];
    for await (const row of worksheetRows(path)) rows.push(row.values.slice(1).map((v) => cellText(v).problem));
    expect(rows).toEqual([['transfer.msg.cellError', 'transfer.msg.cellError']]);
  });
});
