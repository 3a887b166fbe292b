// `/metrics` (issue 14, D62): off unless enabled; when on, the server charts' figures and the pool's in
// the Prometheus text format, labelled with the instance; with a token, a scrape without it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();

describe.each(targets)('/metrics on $name', (target) => {
  let off: TestServer;
  let on: TestServer;
  beforeAll(async () => {
    off = await startTestServer(target);
    on = await startTestServer(target, { metrics: true, metricsToken: 'scrape-secret' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('is not served unless enabled', async () => {
    const res = await fetch(`${off.url}/metrics`);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).not.toContain('atrium_cpu_load_percent');
  });

  it('answers the figures in the Prometheus text format, with the token only', async () => {
    expect((await fetch(`${on.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${on.url}/metrics`, { headers: { authorization: 'Bearer wrong-secret!' } })).status).toBe(401);
    const res = await fetch(`${on.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (name: string) => Number(new RegExp(`^${name}\\{instance="[^"]+"\\} ([0-9.e+-]+)$`, 'm').exec(text)?.[1]);
    for (const name of ['atrium_cpu_load_percent', 'atrium_threads', 'atrium_heap_used_megabytes', 'atrium_non_heap_used_megabytes', 'atrium_memory_resident_megabytes', 'atrium_db_pool_connections', 'atrium_db_pool_waiting', 'atrium_db_pool_longest_wait_ms', 'atrium_db_pool_max']) {
      expect(text).toContain(`# TYPE ${name} gauge`);
      expect(Number.isFinite(value(name))).toBe(true);
    }
    expect(value('atrium_heap_used_megabytes')).toBeGreaterThan(0);
    expect(value('atrium_memory_resident_megabytes')).toBeGreaterThan(value('atrium_heap_used_megabytes'));
    expect(value('atrium_db_pool_max')).toBe(target.name === 'pglite' ? 1 : on.database.poolStatus().max);
    expect(value('atrium_db_pool_acquired')).toBeGreaterThan(0);
  });
});
