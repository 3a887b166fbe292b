// The operation log's deep pages and kept pages (docs/adr/0146-log-pages-kept-and-anchored.md) on both
// databases: every page around and past the anchors is the page the offset gives, newest first, and
// stays so after entries are appended (the anchors extended) and the oldest removed (read again); a
// kept page or total of a search follows every write to the chain, by the server or by hand.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import { listLog } from './helpers/operation-log-calls.ts';

const targets = await databaseTargets();
const LINES = 20;

describe.each(targets)('operation log deep pages on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;

  /** `n` entries appended to Acme's chain by SQL, every 7th refused. */
  const append = (n: number) =>
    sql`insert into operation_log (seq, chain, at, domain_id, user_name, ip, call_id, method, path, target_id,
        errcode, prev_hash, hash)
      select nextval('operation_log_seq'), ${acmeId}, now(), ${acmeId}, 'bench', '10.0.' || (k % 50) || '.1',
        'users.update', 'POST', '/x', 'target-' || k, case when k % 7 = 0 then 1403 else 0 end, '', ''
      from generate_series(1, ${n}::int) k`.execute(server.db);

  /** The page's entry numbers and the total as an offset and a count give them. */
  async function expected(page: number, refusedOnly = false) {
    const refused = refusedOnly ? sql`and errcode <> 0` : sql``;
    const { rows } = await sql<{ seq: string }>`select seq from operation_log where chain = ${acmeId} ${refused}
      order by seq desc limit ${LINES} offset ${(page - 1) * LINES}`.execute(server.db);
    const { rows: counted } = await sql<{ n: string }>`select count(*) as n from operation_log
      where chain = ${acmeId} ${refused}`.execute(server.db);
    return { ids: rows.map((r) => String(r.seq)), rowCount: Number(counted[0].n) };
  }

  async function listed(page: number, body: Record<string, unknown> = {}) {
    await server.app.services.operationLog.idle();
    const { reply } = await listLog(admin, acmeId, body, { pagelines: LINES, currpage: page });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return { ids: reply.data.datas.map((e) => e.id), rowCount: reply.data.rowCount };
  }

  async function expectPages(pages: number[]) {
    for (const page of pages) expect({ page, ...(await listed(page)) }).toEqual({ page, ...(await expected(page)) });
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
    await append(2_600);
  });
  afterAll(() => server?.close());

  it('answers every page around and past the anchors as the offset does', async () => {
    const last = Math.ceil((await expected(1)).rowCount / LINES);
    await expectPages([1, 2, 49, 50, 51, 52, 80, 100, last - 1, last, last + 1]);
  });

  it('answers them again after entries are appended and after the oldest are removed', async () => {
    await expectPages([60, 100]);
    await append(1_500);
    await expectPages([1, 60, 100, 150, 190]);
    await sql`delete from operation_log where seq in (select seq from operation_log where chain = ${acmeId}
      order by seq limit 700)`.execute(server.db);
    await expectPages([1, 60, 100, 150, 170]);
  });

  it("follows a search's kept page and total through writes by SQL", async () => {
    const refused = { outcome: 'refused' };
    const read = async (page: number) => ({ ...(await listed(page, refused)), shown: await expected(page, true) });
    let now = await read(2);
    expect(now.ids).toEqual(now.shown.ids);
    expect(now.rowCount).toBe(now.shown.rowCount);
    expect((await listed(2, refused)).ids).toEqual(now.ids); // the kept page
    // An entry of the page's turned successful: the page and the total move.
    await sql`update operation_log set errcode = 0 where seq = ${now.ids[0]}::bigint`.execute(server.db);
    now = await read(2);
    expect(now.ids).toEqual(now.shown.ids);
    expect(now.rowCount).toBe(now.shown.rowCount);
    // A review by hand shows on the kept page.
    await sql`update operation_log set reviewed = true, remark = 'seen' where seq = ${now.ids[3]}::bigint`.execute(
      server.db,
    );
    await server.app.services.operationLog.idle();
    const { reply } = await listLog(admin, acmeId, refused, { pagelines: LINES, currpage: 2 });
    expect(reply.data.datas[3]).toMatchObject({ id: now.ids[3], reviewed: true, remark: 'seen' });
  });

  // The call search matches the call id or the path, case-insensitively, with % and _ as themselves: its
  // total is the count that OR gives (a guard for any other way of counting it, docs/adr/0165-off-order-pages-and-waiting-labels.md).
  it("counts a call search's total as the call id or path match does", async () => {
    await sql`insert into operation_log (seq, chain, at, domain_id, user_name, ip, call_id, method, path, target_id,
        errcode, prev_hash, hash)
      select nextval('operation_log_seq'), ${acmeId}, now(), ${acmeId}, 'bench', '10.0.0.1',
        (array['Roles.Update', 'roles.list', 'x_y.z%w'])[1 + k % 3], 'POST',
        (array['/authtime/roles/update', '/authtime/Users/list', '/a/users.update'])[1 + k % 3], 'target-' || k, 0, '', ''
      from generate_series(1, 300) k`.execute(server.db);
    const counted = async (text: string) => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from operation_log where chain = ${acmeId}
        and (strpos(lower(call_id), lower(${text})) > 0 or strpos(lower(path), lower(${text})) > 0)`.execute(server.db);
      return Number(rows[0].n);
    };
    for (const text of ['users.update', 'USERS', 'roles.update', 'update', 'list', 'z%w', 'x_y', '_', 'nothing'])
      expect({ text, total: (await listed(1, { call: text })).rowCount }).toEqual({ text, total: await counted(text) });
  });
});
