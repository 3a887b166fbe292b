// Bulk writes refresh the planner's statistics of the tables they filled (docs/adr/0109-statistics-after-bulk-writes.md),
// on both databases: the demo seed, and Excel imports of 1,000 departments and 1,200 users into a tenant of its
// own; an import below the bound leaves them be. (The directory sync's refresh: directory-sync.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_ROWS } from '../../src/server/db/refresh-statistics.ts';
import { workbook } from '../support/xlsx-files.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { tenantWithHq } from './helpers/user-calls.ts';
import { plannerRows } from './helpers/statistics.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { uploaded } from './helpers/upload-calls.ts';

const targets = await databaseTargets();
const HEADER = ['Login number', 'Name', 'Department'];

describe.each(targets)('statistics after bulk writes on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let tenantId: string;

  /** Uploads and commits a users' sheet of `count` new users into the tenant. */
  async function importUsers(prefix: string, count: number) {
    const rows = Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `Bulk ${prefix}${i}`, 'HQ']);
    const path = await uploaded(
      admin,
      { path: 'import', domainid: tenantId },
      'bulk.xlsx',
      await workbook(HEADER, rows),
    );
    const { reply } = await admin.call<{ counts: Record<string, number> }>(
      'POST',
      `/authtime/domain/${tenantId}/user/import`,
      { query: { mode: 'commit' }, body: { path } },
    );
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.counts).toMatchObject({ new: count, refused: 0 });
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    ({ tenantId } = await tenantWithHq(server.db, 'Bulk'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("leaves the demo seed's users counted", async () => {
    const users = await plannerRows(server.db, 'users');
    expect(users.stored).toBeGreaterThan(BULK_ROWS);
    expect(users.estimated).toBe(users.stored);
  });

  it('refreshes the departments after a large import', async () => {
    const rows = Array.from({ length: BULK_ROWS }, (_, i) => [`HQ/Unit ${i}`]);
    const sheet = await workbook(['Department path'], rows);
    const path = await uploaded(admin, { path: 'depImport', domainid: tenantId }, 'units.xlsx', sheet);
    const { reply } = await admin.call<{ counts: Record<string, number> }>(
      'POST',
      `/authtime/domain/${tenantId}/department/import`,
      { query: { path, mode: 'commit' } },
    );
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.counts).toMatchObject({ new: BULK_ROWS, refused: 0 });
    const departments = await plannerRows(server.db, 'departments');
    expect(departments.estimated).toBe(departments.stored);
  }, 120_000);

  it('refreshes the users after a large import, not after a small one', async () => {
    await importUsers('bulk', 1200);
    const large = await plannerRows(server.db, 'users');
    expect(large.estimated).toBe(large.stored);
    await importUsers('few', 20);
    expect(await plannerRows(server.db, 'users')).toEqual({ estimated: large.stored, stored: large.stored + 20 });
  }, 120_000);
});
