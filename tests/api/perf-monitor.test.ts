// The performance monitor and the pool monitor (docs/adr/0062-performance-monitor.md) on both databases: routes, statements
// and failures are measured in JAMon's columns; the switch, the actions and proxy actions change what
// is measured; the table comes as html, xml, csv and excel files; the pool call answers the pool's
// figures and a wait measured while borrowers queue. Only the platform's administrators may call them.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { BASIC_HEADER } from '../../src/core/monitoring/perf-columns.ts';

const targets = await databaseTargets();
type Cell = string | number | boolean;
type Report = {
  isEnabled: boolean;
  switches: Record<string, boolean>;
  now: string;
  instance: string;
  dataList: null | { listHeader: string[]; list: Cell[][]; highlighted: boolean[] };
};
type Pool = {
  kind: string;
  total: number;
  idle: number;
  busy: number;
  max: number;
  waiting: number;
  longestWaitMs: number;
  acquired: number;
  averageWaitMs: number;
  maxWaitMs: number;
};

describe.each(targets)('performance and pool monitors on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const go = (client: ApiClient, body: Record<string, unknown> = {}) =>
    client.call<Report>('POST', '/authtime/jamon/jamonAdminInfo', { body });
  const rowOf = (report: Report, label: string) => report.dataList?.list.find((row) => row[0] === label);

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    expect((await admin.call('GET', '/authtime/jamon/menu', { query: { enableAll: 'true' } })).reply.errcode).toBe(0);
    await go(admin, { action: 'ReSet' });
  });
  afterAll(async () => {
    await admin?.call('GET', '/authtime/jamon/menu', { query: { enableAll: 'true' } });
    await server?.close();
  });

  it("measures routes, statements and failures in JAMon's columns, default sort column 2 ascending", async () => {
    for (let i = 0; i < 3; i++) await admin.call('GET', '/authtime/health');
    await admin.call('GET', '/authtime/myprofile');
    await admin.call('GET', '/authtime/systemMonitor', { query: { instance: 'nowhere#1' } }); // 1404
    const report = (await go(admin, { columns: 'BasicColumns' })).reply.data;
    expect(report.isEnabled).toBe(true);
    expect(report.now).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(report.dataList!.listHeader).toEqual([...BASIC_HEADER]);
    const health = rowOf(report, 'call: meta.health')!;
    expect(health.slice(1, 3)).toEqual(['ms.', 3]);
    const [hits, avg, total, , last, min, max] = health.slice(2) as number[];
    expect(total).toBeCloseTo(avg * hits, 3);
    expect(min).toBeLessThanOrEqual(last);
    expect(max).toBeGreaterThanOrEqual(last);
    expect(health[12]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(health[13]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The statements the calls ran, normalised (no values), and the 1404 as a failure.
    const statements = report.dataList!.list.filter((row) => String(row[0]).startsWith('sql: '));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((row) => !/\$\d/.test(String(row[0])))).toBe(true);
    expect(rowOf(report, 'exception: 1404 notFound')?.slice(1, 3)).toEqual(['Exception', 1]);
    // Sorted by hits, ascending.
    const hitsColumn = report.dataList!.list.map((row) => row[2] as number);
    expect(hitsColumn).toEqual([...hitsColumn].sort((a, b) => a - b));
    // The ranges: 3 hits of health in the ranges' cells; the filter, highlight and label size.
    const ranged = (
      await go(admin, { filter: 'META.HEALTH', highlight: 'health', textSize: 8, sortCol: 0, sortOrder: 'desc' })
    ).reply.data.dataList!;
    expect(ranged.listHeader.slice(14, 16)).toEqual(['0_10ms.', '10_20ms.']);
    expect(ranged.list).toHaveLength(1);
    expect(ranged.list[0][0]).toBe('call: me…');
    expect(ranged.highlighted).toEqual([true]);
    expect(
      ranged.list[0]
        .slice(14)
        .map((cell) => Number(String(cell).split('/')[0] || 0))
        .reduce((a, b) => a + b),
    ).toBe(3);
  });

  it('applies the actions and proxy actions: ReSet, Disable SQL, Enable ResultSet, the switch off and on', async () => {
    await go(admin, { action: 'ReSet' });
    let report = (await go(admin)).reply.data;
    expect(rowOf(report, 'call: meta.health')).toBeUndefined();
    report = (await go(admin, { proxyAction: 'Disable SQL' })).reply.data;
    expect(report.switches).toMatchObject({ sql: false, interfaces: true });
    await go(admin, { action: 'ReSet' });
    const onlines = () => admin.call('GET', '/authtime/onlines', { query: { currpage: 1, pagelines: 10 } });
    await onlines(); // a call that reads rows every time, where the profile may come from the caches
    report = (await go(admin)).reply.data;
    // No statement counted: one begun before "Disable SQL" (the job poller's, under load) may still be
    // running and listed as active, but its end is not recorded.
    expect(report.dataList!.list.some((row) => String(row[0]).startsWith('sql: ') && Number(row[2]) > 0)).toBe(false);
    await go(admin, { proxyAction: 'Enable ResultSet' });
    await onlines();
    report = (await go(admin, { range: 'ms.' })).reply.data;
    expect(report.dataList!.list.every((row) => row[1] === 'ms.')).toBe(true);
    expect((await go(admin)).reply.data.dataList!.list.some((row) => row[1] === 'rows')).toBe(true);
    // The switch off: no data, and nothing is measured.
    const off = await admin.call<{ isEnabled: boolean }>('GET', '/authtime/jamon/menu', {
      query: { enableAll: 'false' },
    });
    expect(off.reply.data.isEnabled).toBe(false);
    expect((await go(admin)).reply.data).toMatchObject({ isEnabled: false, dataList: null });
    const before = (await go(admin, { action: 'Enable' })).reply.data;
    const hitsBefore = rowOf(before, 'call: meta.health')?.[2] ?? 0;
    await admin.call('GET', '/authtime/jamon/menu', { query: { enableAll: 'false' } });
    await admin.call('GET', '/authtime/health');
    const after = (await go(admin, { action: 'Enable' })).reply.data;
    expect(rowOf(after, 'call: meta.health')?.[2] ?? 0).toBe(hitsBefore);
  });

  it('exports the table as html, xml, csv and excel files', async () => {
    await admin.call('GET', '/authtime/health');
    const file = (output: string) =>
      admin.raw('GET', '/authtime/jamon/export', { query: { output, columns: 'BasicColumns', format: '#,###.##' } });
    const html = await file('html');
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-disposition')).toMatch(/attachment; filename="jamon-\d+\.html"/);
    expect(await html.text()).toMatch(/<th scope="col" data-column="2">Hits<\/th>[\s\S]*<td>call: meta\.health<\/td>/);
    const xml = await (await file('xml')).text();
    expect(xml).toMatch(/^<\?xml[\s\S]*<row><cell name="Label">[^<]+<\/cell><cell name="Units">/);
    const csv = await file('csv');
    const lines = (await csv.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(BASIC_HEADER.join(','));
    expect(lines.some((line) => line.startsWith('call: meta.health,ms.,'))).toBe(true);
    const excel = await file('excel');
    expect(excel.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await excel.arrayBuffer());
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...BASIC_HEADER]);
    const healthRow = sheet
      .getRows(2, sheet.rowCount - 1)!
      .find((row) => row.getCell(1).value === 'call: meta.health')!;
    expect(typeof healthRow.getCell(3).value).toBe('number');
  });

  it('refuses bad settings with a localized error, changing nothing', async () => {
    await go(admin, { action: 'ReSet' });
    await admin.call('GET', '/authtime/health');
    const bad = await go(admin, { action: 'ReSet', textSize: -1 });
    expect(bad.reply.errcode).toBe(1001);
    expect(bad.reply.errmsg).not.toBe('');
    expect((await go(admin, { action: 'Explode' })).reply.errcode).toBe(1001);
    expect((await admin.call('GET', '/authtime/jamon/export', { query: { output: 'pdf' } })).reply.errcode).toBe(1001);
    expect((await admin.call('GET', '/authtime/jamon/menu')).reply.errcode).toBe(1001);
    expect(rowOf((await go(admin)).reply.data, 'call: meta.health')?.[2]).toBe(1); // the bad ReSet reset nothing
  });

  it("answers the pool's figures and times the waits of queued borrowers", async () => {
    const first = (await admin.call<Pool>('GET', '/authtime/pool/monitor')).reply.data;
    expect(first.kind).toBe(target.name === 'pglite' ? 'pglite' : 'postgres');
    expect(first.total).toBeGreaterThanOrEqual(first.busy);
    expect(first.total).toBeLessThanOrEqual(first.max);
    expect(first.busy + first.idle).toBe(first.total);
    expect(first.acquired).toBeGreaterThan(0);
    // Hold every connection a moment: the borrowers behind them wait, and the wait is measured.
    const { sql } = await import('kysely');
    // (PGlite runs a statement on this thread, so there the figures are read between two statements.)
    const holders = Array.from({ length: first.max + 2 }, () => sql`select pg_sleep(0.05)`.execute(server.db));
    const between = holders[0].then(() => server.database.poolStatus());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const during = [server.database.poolStatus(), await between];
    await Promise.all(holders);
    expect(Math.max(...during.map((d) => d.waiting))).toBeGreaterThan(0);
    expect(Math.max(...during.map((d) => d.longestWaitMs))).toBeGreaterThan(0);
    const after = (await admin.call<Pool>('GET', '/authtime/pool/monitor')).reply.data;
    expect(after.maxWaitMs).toBeGreaterThanOrEqual(40);
    expect(after.acquired).toBeGreaterThan(first.acquired);
  });

  it("is the platform administrators' only", async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    await go(admin, { action: 'ReSet' });
    await admin.call('GET', '/authtime/health');
    expect((await acme.call('GET', '/authtime/jamon/menu', { query: { enableAll: 'false' } })).reply.errcode).toBe(
      1403,
    );
    expect((await go(acme, { action: 'ReSet' })).reply.errcode).toBe(1403);
    expect((await acme.call('GET', '/authtime/jamon/export')).reply.errcode).toBe(1403);
    expect((await acme.call('GET', '/authtime/pool/monitor')).reply.errcode).toBe(1403);
    const still = (await go(admin)).reply.data;
    expect(still.isEnabled).toBe(true);
    expect(rowOf(still, 'call: meta.health')?.[2]).toBe(1);
  });
});
