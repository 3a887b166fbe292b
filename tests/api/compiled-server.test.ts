// The compiled server (docs/adr/0105-compiled-server.md): `npm run build:server` bundles it (to
// dist/server/; here to a folder of its own), and plain node runs it from there, finding the catalogue, the packages, the console
// and its worker threads (the iCalendar reader, the import: docs/adr/0106-import-in-worker-thread.md)
// as the server under tsx does. PGlite only: what is compiled does not depend on the database.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { DEMO_LOGINS } from '../../src/server/seed/demo-data.ts';
import { workbook } from '../support/xlsx-files.ts';
import { ApiClient } from './helpers/api-client.ts';
import { spawnServer, type SpawnedServer } from './helpers/spawned-server.ts';
import { uploaded } from './helpers/upload-calls.ts';

const PASSWORD = 'Compiled@2026';
const OWN_BUILD = 'dist/compiled-server-test';

describe('the compiled server', () => {
  let server: SpawnedServer;
  let admin: ApiClient;
  let acmeId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-compiled-'));
  const upload = (use: string, bytes: Uint8Array, name: string) =>
    uploaded(admin, { path: use, domainid: acmeId }, name, bytes);

  beforeAll(async () => {
    // The console it serves is `npm run build`'s: `npm test` makes it in its browser stage, long before this
    // file runs; the API tests run alone on a fresh clone make it here.
    if (!existsSync(join(PROJECT_ROOT, 'dist', 'console', 'index.html')))
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    // Its own folder inside the project (which the server finds above main.js): the browser stage beside it
    // starts servers from dist/server, which a rebuild there could catch half written.
    execFileSync('npm', ['run', '-s', 'build:server'], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ATRIUM_DIST: OWN_BUILD },
    });
    server = await spawnServer(
      { DATA_DIR: dataDir, ATRIUM_DEMO: 'on', ATRIUM_ADMIN_PASSWORD: PASSWORD },
      { compiled: OWN_BUILD },
    );
    admin = new ApiClient(`http://127.0.0.1:${server.port}`, 'en');
    expect((await admin.login('admin', PASSWORD)).reply.errcode).toBe(0);
    const domains = await admin.call<{ datas: Array<{ id: string; name: string }> }>('POST', '/authtime/domains', {
      query: { currpage: 1, pagelines: 10 },
      body: { name: 'Acme' },
    });
    acmeId = domains.reply.data.datas.find((d) => d.name === 'Acme')!.id;
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(join(PROJECT_ROOT, OWN_BUILD), { recursive: true, force: true });
  });

  it('prints the banner last and serves the console and the demo packages', async () => {
    const last = server.output().trimEnd().split('\n').at(-1);
    expect(last).toContain(DEMO_LOGINS.at(-1)!.loginno);
    const page = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const apps = await admin.call<{ datas: Array<{ name: string }> }>('GET', '/authtime/applications', {
      query: { currpage: 1, pagelines: 10 },
    });
    expect(apps.reply.errcode, apps.reply.errmsg).toBe(0);
    expect(apps.reply.data.datas.length).toBeGreaterThan(0);
  });

  it('runs a users import in its worker thread, built beside main.js', async () => {
    const path = await upload(
      'import',
      await workbook(['Login number', 'Name', 'Department'], [['compiled1', 'Compiled One', 'Headquarters/Sales']]),
      'people.xlsx',
    );
    const { reply } = await admin.call<{ counts: Record<string, number> }>(
      'POST',
      `/authtime/domain/${acmeId}/user/import`,
      { query: { mode: 'preview' }, body: { path } },
    );
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.counts).toEqual({ new: 1, changed: 0, unchanged: 0, refused: 0 });
  });

  it('reads an iCalendar file in its worker thread, built beside main.js', async () => {
    const cal = await admin.call<{ id: string }>('POST', `/authtime/domain/${acmeId}/calendar`, {
      body: { name: 'Compiled' },
    });
    expect(cal.reply.errcode, cal.reply.errmsg).toBe(0);
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Atrium test//EN',
      'BEGIN:VEVENT',
      'UID:a@test',
      'DTSTART;VALUE=DATE:20270101',
      'DTEND;VALUE=DATE:20270102',
      "SUMMARY:New Year's Day",
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const path = await upload('calendarImport', new TextEncoder().encode(ics), 'holidays.ics');
    const { reply } = await admin.call<{ days: Array<{ startDate: string; status: string }> }>(
      'POST',
      `/authtime/domain/calendar/${cal.reply.data.id}/specialdays/import`,
      { query: { mode: 'preview' }, body: { path } },
    );
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.days).toEqual([
      { startDate: '2027-01-01', endDate: '2027-01-01', name: "New Year's Day", status: 'new' },
    ]);
  });
});
