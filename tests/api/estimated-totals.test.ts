// Estimated totals above a bound (docs/adr/0173-estimated-totals-above-a-bound.md), on both databases:
// the flow list and the operation log flag a total as estimated only when the search matches more rows
// than the bound, answer the exact count when asked for it, keep small or selective totals exact, and
// answer each enterprise about its own rows only. The bound is lowered for this server to 1,000 rows so
// a few thousand rows cross it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import { listLog } from './helpers/operation-log-calls.ts';
import { plannedRows } from '../../src/server/db/list-total.ts';

const targets = await databaseTargets();
const INSTANCES = 2_600;
const ENTRIES = 2_600;
const BOUND = 1_000;
const LINES = 20;

interface Page {
  datas: { id: string }[];
  rowCount: number;
  totalEstimated?: boolean;
}

describe.each(targets)('estimated totals on $name', (target) => {
  let server: TestServer;
  let acmeWorld: EngineWorld;
  let globexWorld: EngineWorld;
  let acme: ApiClient;
  let globex: ApiClient;
  let acmeId: string;

  const start = async (world: EngineWorld, token: string, prefix: string, summary: string) => {
    const { reply } = await server.client('en').call<{ instanceId: string }>('POST', '/rest/bpm/runtime/start', {
      query: { accessToken: token, userCode: `${prefix}-init`, applicationId: world.applicationId, flowId: 'linear' },
      body: { summary },
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!.instanceId;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    server.app.services.totalPolicy.estimateAbove = BOUND;
    acmeWorld = await makeEngineWorld(server.db, 'Acme', 'et');
    globexWorld = await makeEngineWorld(server.db, 'Globex', 'eg');
    ({ acme, globex } = await signedInCallers(server));
    [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
    const first = await start(acmeWorld, await runtimeAccess(server.db, acmeWorld), 'et', 'estimate');
    const globexToken = await runtimeAccess(server.db, globexWorld);
    for (let n = 0; n < 3; n++) await start(globexWorld, globexToken, 'eg', `globex ${n}`);
    // Copies of Acme's instance, one every ten minutes from 2026-01-01 (144 a day).
    await sql`insert into flow_instances (id, domain_id, application_id, process_id, version_id, title, summary,
        status, initiator_id, started_at, updated_at, state_label, state_nodes)
      select 'et-' || lpad(n::text, 5, '0'), domain_id, application_id, process_id, version_id, title, summary,
        status, initiator_id, started_at, timestamptz '2026-01-01 00:00:00+00' + n * interval '10 minutes',
        state_label, state_nodes
      from flow_instances, generate_series(1, ${INSTANCES}) n where id = ${first}`.execute(server.db);
    await sql`insert into operation_log (seq, chain, at, domain_id, user_name, ip, call_id, method, path, target_id,
        errcode, prev_hash, hash)
      select nextval('operation_log_seq'), ${acmeId}, now(), ${acmeId}, 'bench', '10.0.' || (k % 50) || '.1',
        'users.update', 'POST', '/x', 'target-' || k, 0, '', ''
      from generate_series(1, ${ENTRIES}::int) k`.execute(server.db);
    // The estimate is the planner's: statistics as the bench's generators leave them (VACUUM ANALYZE).
    await sql`analyze flow_instances`.execute(server.db);
    await sql`analyze operation_log`.execute(server.db);
  });
  afterAll(() => server?.close());

  const flowList = async (
    client: ApiClient,
    world: EngineWorld,
    body: Record<string, string> = {},
    query: Record<string, unknown> = {},
  ) => {
    const { reply } = await client.call<Page>('POST', `/authtime/domain/${world.domainId}/workflow/flowstaterts`, {
      body: { application: world.applicationId, ...body },
      query: { currpage: 1, pagelines: LINES, ...query },
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!;
  };

  const countedInstances = async (world: EngineWorld, day?: string) => {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from flow_instances
      where domain_id = ${world.domainId} and application_id = ${world.applicationId} and status <> 'deleted'
      ${day ? sql`and updated_at >= ${`${day}T00:00:00Z`}::timestamptz and updated_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day'` : sql``}`.execute(
      server.db,
    );
    return Number(rows[0].n);
  };

  it('flags the flow list total as estimated above the bound, the page still the first of the list', async () => {
    const real = await countedInstances(acmeWorld);
    expect(real).toBe(INSTANCES + 1);
    const page = await flowList(acme, acmeWorld);
    expect(page.totalEstimated).toBe(true);
    expect(page.rowCount).toBeGreaterThan(BOUND);
    // The planner's estimate from ANALYZE's statistics: near the real count, never exact by promise.
    expect(page.rowCount).toBeGreaterThan(real / 3);
    expect(page.rowCount).toBeLessThan(real * 3);
    const { rows } = await sql<{ id: string }>`select id from flow_instances
      where application_id = ${acmeWorld.applicationId} and status <> 'deleted'
      order by updated_at desc, id limit ${LINES}`.execute(server.db);
    expect(page.datas.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('never raises an estimated total to the offset of a page past the end (docs/adr/0179-list-plans-read-and-past-the-end-pages.md)', async () => {
    const real = await countedInstances(acmeWorld);
    const pastTheEnd = Math.ceil((real * 10) / LINES);
    const page = await flowList(acme, acmeWorld, {}, { currpage: pastTheEnd });
    expect(page.datas).toEqual([]);
    expect(page.totalEstimated).toBe(true);
    expect(page.rowCount).toBeLessThan(real * 3);
    expect(page.rowCount).toBeLessThan((pastTheEnd - 1) * LINES);
  });

  it('counts the flow list exactly on request', async () => {
    const page = await flowList(acme, acmeWorld, {}, { exactTotal: 'true' });
    expect(page.totalEstimated).toBeUndefined();
    expect(page.rowCount).toBe(await countedInstances(acmeWorld));
  });

  it('keeps a selective flow search exact (one day of activity, 144 instances)', async () => {
    const day = '2026-01-05';
    const page = await flowList(acme, acmeWorld, { _lastProcessTimeFrom: day, _lastProcessTimeTo: day });
    expect(page.totalEstimated).toBeUndefined();
    expect(page.rowCount).toBe(await countedInstances(acmeWorld, day));
    expect(page.rowCount).toBe(144);
  });

  it("answers each enterprise about its own instances: Globex's few counted exactly, Acme's refused to Globex", async () => {
    const page = await flowList(globex, globexWorld);
    expect(page.totalEstimated).toBeUndefined();
    expect(page.rowCount).toBe(await countedInstances(globexWorld));
    expect(page.rowCount).toBe(3);
    const { reply } = await globex.call<Page>('POST', `/authtime/domain/${acmeWorld.domainId}/workflow/flowstaterts`, {
      body: { application: acmeWorld.applicationId },
      query: { currpage: 1, pagelines: LINES, exactTotal: 'true' },
    });
    expect(reply.errcode).not.toBe(0);
  });

  const countedEntries = async (where = sql``) => {
    await server.app.services.operationLog.idle();
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from operation_log
      where chain = ${acmeId} ${where}`.execute(server.db);
    return Number(rows[0].n);
  };

  const logPage = async (
    client: ApiClient,
    body: Record<string, unknown>,
    query: Record<string, number | string> = {},
  ) => {
    await server.app.services.operationLog.idle();
    const { reply } = await listLog(client, acmeId, body, { pagelines: LINES, currpage: 1, ...query });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data as Page;
  };

  it("flags the log's broad call search as estimated and counts it exactly on request", async () => {
    const call = { call: 'users.update' };
    const real = await countedEntries(
      sql`and (lower(call_id) like '%users.update%' or lower(path) like '%users.update%')`,
    );
    expect(real).toBeGreaterThan(BOUND);
    const estimated = await logPage(acme, call);
    expect(estimated.totalEstimated).toBe(true);
    expect(estimated.rowCount).toBeGreaterThan(BOUND);
    const exact = await logPage(acme, call, { exactTotal: 'true' });
    expect(exact.totalEstimated).toBeUndefined();
    expect(exact.rowCount).toBe(real);
    // The page is the same either way: the newest entries of the search.
    expect(exact.datas.map((e) => e.id)).toEqual(estimated.datas.map((e) => e.id));
  });

  it("keeps the log's plain list and a selective search exact", async () => {
    const plain = await logPage(acme, {});
    expect(plain.totalEstimated).toBeUndefined();
    expect(plain.rowCount).toBe(await countedEntries());
    // target-42, target-420 … 429, target-4200 … (up to 2,600): 11 entries.
    const target = await logPage(acme, { target: 'target-42' });
    expect(target.totalEstimated).toBeUndefined();
    expect(target.rowCount).toBe(await countedEntries(sql`and target_id like 'target-42%'`));
  });

  it('counts exactly when the statistics promise more rows than there are (the bounded count decides)', async () => {
    // Most copies deleted by SQL with the statistics left as they were: the planner still expects
    // thousands of live instances. Autovacuum kept off so no ANALYZE catches up during the test.
    await sql`alter table flow_instances set (autovacuum_enabled = false)`.execute(server.db);
    await sql`update flow_instances set status = 'deleted' where id like 'et-%' and id > 'et-00200'`.execute(server.db);
    const from = '2026-01-01';
    const planned = await plannedRows(
      server.db,
      server.db
        .selectFrom('flow_instances as i')
        .where('i.domain_id', '=', acmeWorld.domainId)
        .where('i.application_id', '=', acmeWorld.applicationId)
        .where('i.status', '<>', 'deleted')
        .where('i.updated_at', '>=', new Date(`${from}T00:00:00Z`)),
    );
    expect(planned).toBeGreaterThan(BOUND);
    // A search not asked before, so no kept total answers it.
    const page = await flowList(acme, acmeWorld, { _lastProcessTimeFrom: from });
    expect(page.totalEstimated).toBeUndefined();
    expect(page.rowCount).toBe(await countedInstances(acmeWorld));
    expect(page.rowCount).toBe(201);
  });
});
