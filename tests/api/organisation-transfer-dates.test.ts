// Dates in the organisation's workbooks over real HTTP on both databases (docs/adr/0088-workbook-dates-are-calendar-days.md): an export writes
// a user's proxy period and a date extension field as date cells (not text), read back as dates by
// exceljs and by an independent reader (openpyxl); an import takes an ISO date cell (t="d") and a day
// serial as the same calendar day whatever time zone the server runs in; an exported file imports back
// unchanged.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { tenantWithHq } from './helpers/user-calls.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { readWithOpenpyxl } from '../support/openpyxl.ts';
import { handWritten } from '../support/xlsx-files.ts';
import { uploaded } from './helpers/upload-calls.ts';

const targets = await databaseTargets();
const DATE_HEADERS = ['Proxy from', 'Proxy until', 'Joined'];
const zoneBefore = process.env.TZ;
/** Runs the server's work under another time zone (Node takes a new TZ at once). */
const inZone = (zone: string) => (process.env.TZ = zone);
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe.each(targets)('dates in the organisation workbooks on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let tenantId: string;
  let hq: string;
  const dir = mkdtempSync(join(tmpdir(), 'atrium-dates-'));

  const upload = (bytes: Buffer) => uploaded(admin, { path: 'import', domainid: tenantId }, 'dates.xlsx', bytes);
  const commit = (path: string) =>
    admin.call<{ counts: Record<string, number> }>('POST', `/authtime/domain/${tenantId}/user/import`, {
      query: { mode: 'commit' },
      body: { path },
    });
  const joined = async (loginno: string) =>
    (
      await server.db
        .selectFrom('users')
        .select('ext')
        .where('domain_id', '=', tenantId)
        .where('loginno', '=', loginno)
        .executeTakeFirstOrThrow()
    ).ext;
  const exported = async () => {
    const response = await admin.raw('GET', `/authtime/domain/${tenantId}/user/export`);
    expect(response.status).toBe(200);
    const path = join(dir, `${randomUUID()}.xlsx`);
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    return path;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    ({ tenantId, departmentId: hq } = await tenantWithHq(server.db, 'Dates'));
    await server.db
      .insertInto('field_extends')
      .values({
        fid: randomUUID(),
        domain_id: tenantId,
        name: 'field4',
        label: 'Joined',
        type: 'date',
        for_table: 'tableUser',
        sort_number: 1,
      })
      .execute();
    const proxy = randomUUID();
    await server.db
      .insertInto('users')
      .values([
        {
          id: proxy,
          domain_id: tenantId,
          department_id: hq,
          name: 'Proxy_One',
          loginno: 'd_proxy',
          ext: JSON.stringify({}),
        },
        {
          id: randomUUID(),
          domain_id: tenantId,
          department_id: hq,
          name: 'Dated_One',
          loginno: 'd_dated',
          proxy_user_id: proxy,
          proxy_start: '2024-01-01',
          proxy_end: '2024-12-31',
          ext: JSON.stringify({ field4: '2023-03-15' }),
        },
      ])
      .execute();
  });
  afterAll(() => server?.close());

  it('exports the proxy period and a date field as date cells that exceljs and openpyxl read as dates', async () => {
    inZone('Asia/Shanghai');
    const path = await exported();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const columns = DATE_HEADERS.map((h) => header.indexOf(h) + 1);
    expect(columns.every((c) => c > 0)).toBe(true);
    let dated: ExcelJS.Row | undefined;
    sheet.eachRow((row) => row.getCell(header.indexOf('Login number') + 1).value === 'd_dated' && (dated = row));
    expect(columns.map((c) => dated!.getCell(c).value)).toEqual([
      new Date(Date.UTC(2024, 0, 1)),
      new Date(Date.UTC(2024, 11, 31)),
      new Date(Date.UTC(2023, 2, 15)),
    ]);
    expect(columns.map((c) => dated!.getCell(c).numFmt)).toEqual(['yyyy-mm-dd', 'yyyy-mm-dd', 'yyyy-mm-dd']);

    const rows = readWithOpenpyxl(path);
    const pyHeader = rows[0].map((c) => c.value);
    const pyDated = rows.find((r) => r[pyHeader.indexOf('Login number')].value === 'd_dated')!;
    expect(DATE_HEADERS.map((h) => pyDated[pyHeader.indexOf(h)])).toEqual([
      { type: 'datetime', value: '2024-01-01T00:00:00', format: 'yyyy-mm-dd' },
      { type: 'datetime', value: '2024-12-31T00:00:00', format: 'yyyy-mm-dd' },
      { type: 'datetime', value: '2023-03-15T00:00:00', format: 'yyyy-mm-dd' },
    ]);
    // Text columns stay text, a user without a proxy has empty date cells.
    expect(pyDated[pyHeader.indexOf('Login number')]).toMatchObject({ type: 'str', format: '@' });
    const pyProxy = rows.find((r) => r[pyHeader.indexOf('Login number')].value === 'd_proxy')!;
    expect(pyProxy[pyHeader.indexOf('Proxy from')].type).not.toBe('datetime');
  });

  it.each([['Asia/Shanghai'], ['America/Los_Angeles']])(
    'imports an ISO date cell and a day serial as the same calendar day under TZ=%s',
    async (zone) => {
      inZone(zone);
      const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
      const header = `<row r="1">${text('A1', 'Login number')}${text('B1', 'Name')}${text('C1', 'Department')}${text('D1', 'Joined')}</row>`;
      const iso = `<row r="2">${text('A2', 'd_iso')}${text('B2', 'Iso_One')}${text('C2', 'HQ')}<c r="D2" t="d"><v>2024-01-01T00:00:00</v></c></row>`;
      const serial = `<row r="3">${text('A3', 'd_serial')}${text('B3', 'Serial_One')}${text('C3', 'HQ')}<c r="D3" s="1"><v>45292</v></c></row>`;
      const styles = '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>';
      const { reply } = await commit(await upload(await handWritten(header + iso + serial, { styles })));
      expect(reply).toMatchObject({ errcode: 0, data: { counts: { refused: 0 } } });
      expect(await joined('d_iso')).toMatchObject({ field4: '2024-01-01' });
      expect(await joined('d_serial')).toMatchObject({ field4: '2024-01-01' });
      await server.db
        .deleteFrom('users')
        .where('domain_id', '=', tenantId)
        .where('loginno', 'in', ['d_iso', 'd_serial'])
        .execute();
    },
  );

  it('imports its own export back with nothing changed, east of UTC', async () => {
    inZone('Asia/Shanghai');
    const path = await exported();
    const { readFileSync } = await import('node:fs');
    const before = await joined('d_dated');
    const { reply } = await commit(await upload(readFileSync(path)));
    expect(reply).toMatchObject({ errcode: 0, data: { counts: { new: 0, changed: 0, refused: 0 } } });
    expect(await joined('d_dated')).toEqual(before);
  });
});
