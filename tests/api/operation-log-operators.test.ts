// The operation log searched by operator (docs/adr/0213-flow-people-and-log-operators-resolved-first.md): the text is
// resolved to the chain's operator names kept by the log's triggers (migration 0062), then each name's
// newest entries are merged. On both databases every page and total is the one the LIKE over every
// entry gives (the operator's name contains the text, case-insensitively, % and _ as themselves, or
// the operator's id is the text), in the list's order, also for a name first written after the
// search was read, after the oldest entries are deleted, and for a fragment of more names than are
// merged.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import { listLog } from './helpers/operation-log-calls.ts';

const targets = await databaseTargets();
const LINES = 20;
/** Operators of the appended entries: Chinese names of two characters (no trigram), Latin names with
 *  an underscore, one whose id is also searched as a name, and 60 sharing a fragment. */
const NAMES = ['王伟', '王伟芳', 'Wang_Wei', 'WangXWei', 'Li_Anna', '李娜', 'op-id-7'];

describe.each(targets)('operation log by operator on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;

  /** `n` entries by the operators of `names` in turn (the id `op-id-<k % 9>`), every 7th refused. */
  const append = (n: number, names: readonly string[]) =>
    sql`insert into operation_log (seq, chain, at, domain_id, user_id, user_name, ip, call_id, method, path, target_id,
        errcode, prev_hash, hash)
      select nextval('operation_log_seq'), ${acmeId}, now(), ${acmeId}, 'op-id-' || (k % 9),
        (${sql.val(names)}::text[])[1 + k % ${names.length}], '10.0.' || (k % 50) || '.1',
        'users.update', 'POST', '/x', 'target-' || k, case when k % 7 = 0 then 1403 else 0 end, '', ''
      from generate_series(1, ${n}::int) k`.execute(server.db);

  /** The page and total of `text` as an offset and a count over every entry give them. */
  async function expected(text: string, page: number, refusedOnly = false) {
    const matched = sql`chain = ${acmeId} and (strpos(lower(user_name), lower(${text})) > 0 or user_id = ${text})
      ${refusedOnly ? sql`and errcode <> 0` : sql``}`;
    const { rows } = await sql<{ seq: string }>`select seq from operation_log where ${matched}
      order by seq desc limit ${LINES} offset ${(page - 1) * LINES}`.execute(server.db);
    const { rows: counted } = await sql<{
      n: string;
    }>`select count(*) as n from operation_log where ${matched}`.execute(server.db);
    return { ids: rows.map((r) => String(r.seq)), rowCount: Number(counted[0].n) };
  }

  async function listed(text: string, page: number, refusedOnly = false) {
    await server.app.services.operationLog.idle();
    const body = { operator: text, ...(refusedOnly ? { outcome: 'refused' } : {}) };
    const { reply } = await listLog(admin, acmeId, body, { pagelines: LINES, currpage: page });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return { ids: reply.data.datas.map((e) => e.id), rowCount: reply.data.rowCount };
  }

  async function expectSearches(searches: [string, number][], refusedOnly = false) {
    for (const [text, page] of searches)
      expect({ text, page, ...(await listed(text, page, refusedOnly)) }).toEqual({
        text,
        page,
        ...(await expected(text, page, refusedOnly)),
      });
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
    await append(2_100, NAMES);
  });
  afterAll(() => server?.close());

  it('answers the pages and totals the LIKE over every entry gives', async () => {
    await expectSearches([
      ['王伟', 1],
      ['王伟', 2],
      ['王伟', 31],
      ['王伟芳', 1],
      ['wang_wei', 3],
      ['WANG', 1],
      ['wang%wei', 1],
      ['_', 1],
      ['op-id-7', 1],
      ['op-id-7', 12],
      ['op-id-3', 2],
      ['nobody', 1],
    ]);
    await expectSearches(
      [
        ['王伟', 1],
        ['a', 2],
      ],
      true,
    );
  });

  it('finds a name first written after a search, and keeps the pages exact after a retention delete', async () => {
    await expectSearches([['Zed_New', 1]]);
    await append(300, ['Zed_Newcomer', '王伟']);
    await expectSearches([
      ['zed_new', 1],
      ['zed_new', 8],
      ['王伟', 40],
    ]);
    await sql`delete from operation_log where seq in (select seq from operation_log where chain = ${acmeId}
      order by seq limit 1500)`.execute(server.db);
    await expectSearches([
      ['王伟', 1],
      ['li_anna', 2],
      ['zed', 1],
    ]);
  });

  it('answers a fragment of more names than are merged as the LIKE does', async () => {
    await append(
      600,
      Array.from({ length: 60 }, (_, i) => `Many_Op_${i}`),
    );
    await expectSearches([
      ['many_op', 1],
      ['many_op', 30],
      ['many_op_1', 2],
    ]);
  });
});
