// `/metrics` (docs/adr/0062-performance-monitor.md, docs/adr/0089-metrics-conventions.md): off unless enabled; when
// on, the process's, the pool's and the HTTP requests' figures in the Prometheus text format, read back
// through Prometheus' reference parser: base units, counters named `_total`, no `instance` label,
// running totals rather than values since the previous scrape, requests by route pattern and status.
// With a token, a scrape without it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNMATCHED_ROUTE } from '../../src/server/plugins/metrics.ts';
import { databaseTargets } from './helpers/databases.ts';
import { parsePrometheusText, type MetricFamily } from './helpers/prometheus-families.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const SCRAPE = { authorization: 'Bearer scrape-secret' };

describe.each(targets)('/metrics on $name', (target) => {
  let off: TestServer;
  let on: TestServer;
  const scrape = async () => parsePrometheusText(await (await fetch(`${on.url}/metrics`, { headers: SCRAPE })).text());
  const family = (families: MetricFamily[], name: string) => families.find((f) => f.name === name);
  /** The one sample of a family without labels of its own. */
  const value = (families: MetricFamily[], name: string) => family(families, name)?.samples[0]?.value ?? NaN;

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
    expect(await res.text()).not.toContain('process_cpu_seconds_total');
  });

  it('asks for the token', async () => {
    expect((await fetch(`${on.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${on.url}/metrics`, { headers: { authorization: 'Bearer wrong-secret!' } })).status).toBe(401);
    const res = await fetch(`${on.url}/metrics`, { headers: SCRAPE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("follows Prometheus' conventions, as its parser reads them", async () => {
    const families = await scrape();
    expect(families.length).toBeGreaterThan(10);
    for (const f of families) {
      // Base units only: seconds and bytes, ratios rather than percents.
      expect(f.name, f.name).not.toMatch(
        /_(ms|milliseconds|microseconds|minutes|hours|kb|kilobytes|mb|megabytes|percent)(_|$)/,
      );
      expect(['counter', 'gauge', 'histogram'], f.name).toContain(f.type);
      // A counter's samples end in _total; nothing else does.
      for (const s of f.samples) {
        if (f.type === 'counter') expect(s.name, s.name).toMatch(/_total$/);
        else expect(s.name, s.name).not.toMatch(/_total$/);
        // `instance` is the scrape target's; the server names itself under its own label.
        expect(Object.keys(s.labels), s.name).not.toContain('instance');
        expect(s.labels.atrium_instance, s.name).toBeTruthy();
        expect(Number.isFinite(s.value) || s.labels.le === '+Inf', s.name).toBe(true);
      }
    }
    const types = Object.fromEntries(families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      process_cpu_seconds: 'counter',
      process_start_time_seconds: 'gauge',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_external_memory_bytes: 'gauge',
      atrium_process_threads: 'gauge',
      atrium_db_pool_connections: 'gauge',
      atrium_db_pool_waiting: 'gauge',
      atrium_db_pool_longest_wait_seconds: 'gauge',
      atrium_db_pool_max_wait_seconds: 'gauge',
      atrium_db_pool_acquired: 'counter',
      atrium_db_pool_wait_seconds: 'counter',
      http_request_duration_seconds: 'histogram',
    });
    expect(value(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(
      value(families, 'nodejs_heap_size_used_bytes'),
    );
    expect(value(families, 'process_start_time_seconds')).toBeLessThan(Date.now() / 1000);
    expect(value(families, 'process_start_time_seconds')).toBeGreaterThan(Date.now() / 1000 - 24 * 3600);
    expect(value(families, 'atrium_db_pool_max')).toBe(target.name === 'pglite' ? 1 : on.database.poolStatus().max);
    expect(value(families, 'atrium_db_pool_acquired')).toBeGreaterThan(0);
  });

  it('answers running totals, so two scrapers see the same figures and a counter never goes back', async () => {
    const first = await scrape();
    await on.signedIn(ADMIN.username, ADMIN.password, 'en'); // work between the scrapes
    const second = await scrape();
    for (const f of first.filter((x) => x.type === 'counter')) {
      expect(value(second, f.name), f.name).toBeGreaterThanOrEqual(value(first, f.name));
    }
    expect(value(second, 'process_cpu_seconds')).toBeGreaterThan(0);
    expect(value(second, 'atrium_db_pool_acquired')).toBeGreaterThan(value(first, 'atrium_db_pool_acquired'));
  });

  it('times the HTTP requests by route pattern and status, never by the address asked', async () => {
    const admin = await on.signedIn(ADMIN.username, ADMIN.password, 'en');
    const domainId = (
      await on.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()
    ).id;
    expect((await admin.call('GET', `/authtime/domain/${domainId}`)).status).toBe(200);
    expect((await on.client('en').call('GET', `/authtime/domain/${domainId}`)).status).toBe(401);
    expect((await fetch(`${on.url}/authtime/no-such-place/${domainId}`)).status).toBe(404);
    const histogram = family(await scrape(), 'http_request_duration_seconds')!;
    const count = (route: string, status: string) =>
      histogram.samples.find(
        (s) =>
          s.name === 'http_request_duration_seconds_count' &&
          s.labels.route === route &&
          s.labels.status_code === status &&
          s.labels.method === 'GET',
      )?.value;
    expect(count('/authtime/domain/:id', '200')).toBeGreaterThanOrEqual(1);
    expect(count('/authtime/domain/:id', '401')).toBeGreaterThanOrEqual(1);
    expect(count(UNMATCHED_ROUTE, '404')).toBeGreaterThanOrEqual(1);
    expect(histogram.samples.filter((s) => s.labels.route?.includes(domainId))).toEqual([]);
    // The buckets are the performance monitor's ranges, in seconds, cumulative up to +Inf.
    const buckets = histogram.samples.filter(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' &&
        s.labels.route === '/authtime/domain/:id' &&
        s.labels.status_code === '200',
    );
    expect(buckets.map((b) => b.labels.le)).toEqual([
      '0.01',
      '0.02',
      '0.04',
      '0.08',
      '0.16',
      '0.32',
      '0.64',
      '1.28',
      '2.56',
      '5.12',
      '10.24',
      '20.48',
      '+Inf',
    ]);
    expect(buckets.at(-1)?.value).toBe(count('/authtime/domain/:id', '200'));
  });
});
