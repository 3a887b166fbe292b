// A large tenant's names' pieces (docs/adr/0249-name-pieces-for-large-tenants.md), on both databases: the
// name search answers the same users in the same order, page by page, with and without them (varied
// fragments: Latin of one to five characters, mixed case, LIKE's own characters, Chinese of one and two);
// the fill runs in batches that resume where the last stopped, while users are written; the pieces stay
// equal to the users' names after an API create, rename, deletion and import; the search reads them only
// once complete; another tenant's users (with the same names) never appear.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { createUser, deleteUsers, tenantWithHq, uniqueLoginno, updateUser } from './helpers/user-calls.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { uploaded } from './helpers/upload-calls.ts';
import { workbook } from '../support/xlsx-files.ts';
import { fillBatch, fillListed, listTenants } from '../../src/server/areas/users/name-pieces-fill.ts';

const targets = await databaseTargets();
const LINES = 10;
const FRAGMENTS = [
  'a',
  'ar',
  'MA',
  'Zqv',
  'mark',
  'Clara Smith',
  'r S',
  '伟',
  '张伟',
  '芳',
  '王',
  '%',
  '_0',
  'Ömer',
  'nobody',
];

/** 300 users: Latin names over the order, a late cluster, Chinese names (after every Latin one), one
 *  with LIKE's characters; one in three ordered after the rest. */
const NAMES = Array.from({ length: 300 }, (_, i) => {
  if (i % 4 === 3) return `${['张', '王', '李'][i % 3]}${i % 12 === 11 ? '芳' : '伟'}${i}`;
  if (i % 5 === 1) return `Zqvist ${String(i).padStart(3, '0')}`;
  if (i === 10) return 'Ömer 100%_0';
  const first = ['Mark', 'Clara', 'Anna', 'Tom', 'Maria'][i % 5];
  return `${first} ${['Carter', 'Smith', 'Parker', 'Lee'][i % 4]} ${String(i).padStart(3, '0')}`;
});

interface Page {
  datas: Array<{ id: string; name: string }>;
  rowCount: number;
  totalEstimated?: boolean;
}

describe.each(targets)('a large tenant name search from its pieces on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let tenantId: string;
  let departmentId: string;
  let otherId: string;

  const list = async (name: string, currpage: number, exactTotal = false): Promise<Page> => {
    const { reply } = await admin.call<Page>('POST', `/authtime/domain/${tenantId}/users`, {
      query: { currpage, pagelines: LINES, ...(exactTotal ? { exactTotal: 'true' } : {}) },
      body: { name },
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!;
  };
  /** Every fragment's pages 1, 2 and 4: ids in order, and the exact total. */
  const answers = async () => {
    const out: Record<string, { ids: string[][]; exact: number }> = {};
    for (const f of FRAGMENTS) {
      const ids = [];
      for (const page of [1, 2, 4]) ids.push((await list(f, page)).datas.map((u) => u.id));
      out[f] = { ids, exact: (await list(f, 1, true)).rowCount };
    }
    return out;
  };
  /** The tenant's pieces as kept, and as computed from its users' names now. */
  const pieces = async () => {
    const lines = async (text: ReturnType<typeof sql<{ line: string }>>) =>
      (await text.execute(server.db)).rows.map((r) => r.line).sort();
    return {
      kept: await lines(sql<{ line: string }>`select user_id || '/' || order_no || '/' || name || '/' || piece as line
        from user_name_pieces where domain_id = ${tenantId}`),
      computed: await lines(sql<{ line: string }>`select u.id || '/' || u.order_no || '/' || u.name || '/' || p as line
        from users u, unnest(name_pieces(u.name)) as p where u.domain_id = ${tenantId}`),
    };
  };
  const complete = async () =>
    (
      await server.db
        .selectFrom('name_piece_tenants')
        .select('complete')
        .where('domain_id', '=', tenantId)
        .executeTakeFirst()
    )?.complete;

  beforeAll(async () => {
    server = await startTestServer(target, { listCache: false });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    ({ tenantId, departmentId } = await tenantWithHq(server.db, 'Pieces'));
    const other = await tenantWithHq(server.db, 'Others');
    otherId = other.tenantId;
    for (const [domain, department, prefix] of [
      [tenantId, departmentId, 'p'],
      [otherId, other.departmentId, 'o'],
    ])
      await server.db
        .insertInto('users')
        .values(
          NAMES.map((name, i) => ({
            id: `${prefix}-${domain.slice(0, 4)}-${String(i).padStart(3, '0')}`,
            domain_id: domain,
            department_id: department,
            name,
            loginno: `${prefix}${i}`,
            status: i % 5 === 0 ? 0 : 1,
            order_no: i % 3 === 0 ? 1 : 0,
          })),
        )
        .execute();
    await sql`analyze users`.execute(server.db);
    server.app.services.totalPolicy.estimateAbove = 10_000;
    server.app.services.totalPolicy.searchEstimateAbove = 40;
  });
  afterAll(() => server?.close());

  it('answers every search the same from the pieces as from the walk, and only once they are complete', async () => {
    const before = await answers();
    expect(before['伟'].exact).toBeGreaterThan(40);
    expect(before['nobody'].exact).toBe(0);

    // Listed and partly filled: the search still walks (a piece row made up now changes nothing).
    expect(await listTenants(server.db, [tenantId])).toEqual([tenantId]);
    expect(await fillBatch(server.db, tenantId, 100)).toBe('more');
    await server.db
      .insertInto('user_name_pieces')
      .values({
        domain_id: tenantId,
        piece: 'zzz',
        order_no: 0,
        name: 'Made Up',
        user_id: `p-${tenantId.slice(0, 4)}-002`,
      })
      .execute();
    expect((await list('zzz', 1)).datas).toEqual([]);

    // Resumed (as after a restart: the place is the stored one) to the end.
    await fillListed(server.db, { above: 0, batch: 100, pauseMs: 0, everyMs: 0 });
    expect(await complete()).toBe(true);
    // Complete: the search reads the pieces (the made-up row shows), then answers as the walk did.
    expect((await list('zzz', 1)).datas.map((u) => u.id)).toEqual([`p-${tenantId.slice(0, 4)}-002`]);
    await server.db.deleteFrom('user_name_pieces').where('piece', '=', 'zzz').execute();
    const filled = await pieces();
    expect(filled.kept).toEqual(filled.computed);

    const after = await answers();
    expect(after).toEqual(before);
    for (const f of FRAGMENTS) {
      const { rows } = await sql<{ id: string }>`select id from users where domain_id = ${tenantId}
        and lower(name) like '%' || lower(${f.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%' order by order_no, name, id`.execute(
        server.db,
      );
      expect(after[f].exact, f).toBe(rows.length);
      expect(after[f].ids[0], f).toEqual(rows.slice(0, LINES).map((r) => r.id));
      const first = await list(f, 1);
      if (first.totalEstimated) expect(first.rowCount).toBeGreaterThan(40);
      else expect(first.rowCount, f).toBe(rows.length);
      for (const page of after[f].ids) for (const id of page) expect(id.startsWith('p-'), f).toBe(true);
    }
  }, 180_000); // 120 list calls: 37 – 61 s on PGlite on a loaded machine

  it('keeps the pieces in step with a create, a rename, a deletion and an import', async () => {
    expect(await complete()).toBe(true);
    const { reply: created } = await createUser(admin, tenantId, {
      loginno: uniqueLoginno('pc'),
      name: 'Quen Newcomer',
      departmentid: departmentId,
    });
    expect(created.errcode, created.errmsg).toBe(0);
    expect((await list('Newcomer', 1)).datas.map((u) => u.id)).toEqual([created.data!.id]);
    const { reply: renamed } = await updateUser(admin, tenantId, { ...created.data!, name: '赵新名' });
    expect(renamed.errcode, renamed.errmsg).toBe(0);
    expect((await list('Newcomer', 1)).datas).toEqual([]);
    expect((await list('新名', 1)).datas.map((u) => u.id)).toEqual([created.data!.id]);
    const gone = `p-${tenantId.slice(0, 4)}-002`;
    const { reply: deleted } = await deleteUsers(admin, tenantId, [gone]);
    expect(deleted.errcode, deleted.errmsg).toBe(0);
    const path = await uploaded(
      admin,
      { path: 'import', domainid: tenantId },
      'pieces.xlsx',
      await workbook(
        ['Login number', 'Name', 'Department'],
        [
          ['imp1', 'Xavier Imported', 'HQ'],
          ['imp2', '钱导入', 'HQ'],
        ],
      ),
    );
    const { reply: imported } = await admin.call<{ counts: Record<string, number> }>(
      'POST',
      `/authtime/domain/${tenantId}/user/import`,
      { query: { mode: 'commit' }, body: { path } },
    );
    expect(imported.errcode, imported.errmsg).toBe(0);
    expect((await list('导入', 1)).datas.map((u) => u.name)).toEqual(['钱导入']);
    const now = await pieces();
    expect(now.kept).toEqual(now.computed);
    expect(now.kept.some((l) => l.startsWith(`${gone}/`))).toBe(false);
  });
});
