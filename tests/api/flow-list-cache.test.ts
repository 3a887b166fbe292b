// The flow-monitoring list's pages kept between calls (docs/adr/0072-flow-list-pages-kept.md) on both databases: an instance started,
// submitted or deleted through the API shows on the next read of the server that made the change and
// shortly on a second server instance on the same database (on PostgreSQL its own pool, told by the
// notice the server sends after each engine unit of work); a page kept for one caller never answers
// a caller of another reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';

import { eventually, onServer } from './helpers/two-instances.ts';
import { runtimeOf } from './helpers/runtime-calls.ts';
const targets = await databaseTargets();

interface Row {
  id: string;
  stateLabel: string;
  summary: string;
  status: string;
}
interface Page {
  datas: Row[];
  rowCount: number;
}

describe.each(targets)('the kept flow list on $name', (target) => {
  let first: TestServer;
  let second: TestServer;
  let world: EngineWorld;
  let token: string;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    first = await startTestServer(target);
    second = await first.secondInstance();
    world = await makeEngineWorld(first.db, 'Acme', 'lc');
    token = await runtimeAccess(first.db, world);
    ({ admin, acme, globex, sales } = await signedInCallers(first));
  });
  afterAll(async () => first?.close());

  const list = async (client: ApiClient, body: Record<string, unknown> = {}) =>
    client.call<Page>('POST', `/authtime/domain/${world.domainId}/workflow/flowstaterts`, {
      body: { application: world.applicationId, ...body },
      query: { currpage: 1, pagelines: 50 },
    });
  const rows = async (client: ApiClient) => {
    const { reply } = await list(client);
    expect(reply.errcode, reply.errmsg).toBe(0);
    return new Map(reply.data!.datas.map((r) => [r.id, r]));
  };
  const runtime = (server: TestServer, action: string, userCode: string, body: unknown, instanceId?: string) =>
    runtimeOf(server, world, token).call(action, { flowId: 'linear', userCode, body, instanceId });

  it('shows an instance started, submitted and deleted on the next read, on either instance', async () => {
    const elsewhere = onServer(acme, second);
    // Both instances have read (and kept) the page.
    const before = await rows(acme);
    expect((await rows(elsewhere)).size).toBe(before.size);

    // Started through the first instance.
    const started = await runtime(first, 'runtime/start', 'lc-init', { summary: 'kept list' });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    const id = started.reply.data!.instanceId;
    expect((await rows(acme)).get(id)).toMatchObject({ stateLabel: 'Lead', status: 'running' });
    expect(await eventually(async () => (await rows(elsewhere)).get(id)?.stateLabel === 'Lead')).toBe(true);

    // Submitted through the second: it moves on there at once, and on the first shortly.
    const submitted = await runtime(second, 'runtime/submission', 'lc-lead', {}, id);
    expect(submitted.reply.errcode, submitted.reply.errmsg).toBe(0);
    expect((await rows(elsewhere)).get(id)?.stateLabel).toBe('Review');
    expect(await eventually(async () => (await rows(acme)).get(id)?.stateLabel === 'Review')).toBe(true);

    // Deleted by the governor on the first instance: gone from the list there, and shortly on the second.
    const deleted = await acme.call<{ deleted: number }>(
      'DELETE',
      `/authtime/domain/applicationid/${world.applicationId}/workflow/flowstaterts`,
      { body: [id] },
    );
    expect(deleted.reply.errcode, deleted.reply.errmsg).toBe(0);
    expect((await rows(acme)).has(id)).toBe(false);
    expect(await eventually(async () => !(await rows(elsewhere)).has(id))).toBe(true);
    expect((await list(acme, { status: 'deleted' })).reply.data!.datas.map((r) => r.id)).toContain(id);
  });

  it('answers a kept page from memory until the engine changes an instance', async () => {
    const started = await runtime(first, 'runtime/start', 'lc-init', { summary: 'as started' });
    const id = started.reply.data!.instanceId;
    // The notice the start sent reaches this instance's own listeners a moment later (it drops the page once more).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rows(acme)).get(id)?.summary).toBe('as started');
    // Changed behind the engine's back: nothing announces it, so the kept page still says the old.
    await first.db.updateTable('flow_instances').set({ summary: 'behind its back' }).where('id', '=', id).execute();
    expect((await rows(acme)).get(id)?.summary).toBe('as started');
    // Any engine action on an instance of the database makes the page read again.
    expect((await runtime(first, 'runtime/start', 'lc-init', {})).reply.errcode).toBe(0);
    expect((await rows(acme)).get(id)?.summary).toBe('behind its back');
  });

  it('never answers a page kept for one caller to a caller of another reach', async () => {
    const everything = await rows(admin); // kept for the platform's reach
    const kept = await rows(acme);
    expect([...kept.keys()].sort()).toEqual([...everything.keys()].sort());
    expect(kept.size).toBeGreaterThan(0);
    const other = await list(globex); // another enterprise's administrator
    expect(other.reply.errcode).not.toBe(0);
    expect(other.reply.data ?? null).toBeNull();
    const department = await list(sales); // a department administrator of the same enterprise
    expect(department.reply.errcode).not.toBe(0);
    expect(department.reply.data ?? null).toBeNull();
  });
});
