// Named plugin: `/metrics` in the Prometheus text format (prom-client), on when ATRIUM_METRICS=on (docs/adr/0062-performance-monitor.md).
// Prometheus' conventions (docs/adr/0089-metrics-conventions.md): base units (seconds, bytes), counters
// named `_total`, every value the state now or a running total since the start (never "since the
// previous scrape": two scrapers see the same), this instance under `atrium_instance` (Prometheus
// gives `instance` to the scrape target). The process's figures, the database pool's, and a histogram
// of the HTTP requests by method, route pattern and status. With ATRIUM_METRICS_TOKEN set, a scrape
// must carry `Authorization: Bearer <token>`; otherwise the address is reachable by whoever reaches
// the server (the figures hold no user data; keep the port internal or set the token).
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { osThreads } from '../monitoring/process-figures.ts';
import { MS_RANGES } from '../monitoring/perf-monitor.ts';
import type { PoolStatus } from '../db/connect.ts';

export interface MetricsOptions {
  /** Bearer token a scrape must present; absent → none asked. */
  token?: string;
}

/** The label of a request no route matched: the raw URL would make a series per address tried. */
export const UNMATCHED_ROUTE = '(unmatched)';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The process's figures, read when scraped. */
function processMetrics(registry: Registry): void {
  const registers = [registry];
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'CPU time the process used since it started (user and system), seconds',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  gauge(
    'process_start_time_seconds',
    'When the process started, seconds since 1970',
    () => Math.round(performance.timeOrigin) / 1000,
  );
  gauge('process_resident_memory_bytes', "The process's resident set, bytes", () => process.memoryUsage.rss());
  gauge('nodejs_heap_size_used_bytes', 'V8 heap in use, bytes', () => process.memoryUsage().heapUsed);
  gauge(
    'nodejs_external_memory_bytes',
    'Memory outside the V8 heap held by JavaScript objects (buffers, WebAssembly), bytes',
    () => process.memoryUsage().external,
  );
  gauge('atrium_process_threads', "The process's operating-system threads", osThreads);
}

/** The database pool's figures, read once per scrape (the first metric collected reads them for all). */
function poolMetrics(registry: Registry, read: () => PoolStatus): void {
  const registers = [registry];
  let pool = read();
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value());
      },
    });
  const counter = (name: string, help: string, value: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(value());
      },
    });
  gauge('atrium_db_pool_connections', 'Database connections open', () => (pool = read()).total);
  gauge('atrium_db_pool_idle', 'Database connections idle', () => pool.idle);
  gauge('atrium_db_pool_busy', 'Database connections lent out', () => pool.busy);
  gauge('atrium_db_pool_max', 'The most connections the pool opens', () => pool.max);
  gauge('atrium_db_pool_waiting', 'Borrowers waiting for a connection now', () => pool.waiting);
  gauge(
    'atrium_db_pool_longest_wait_seconds',
    'The longest wait among the borrowers waiting now, seconds',
    () => pool.longestWaitMs / 1000,
  );
  gauge(
    'atrium_db_pool_max_wait_seconds',
    'The longest wait for a connection since the start, seconds',
    () => pool.maxWaitMs / 1000,
  );
  counter('atrium_db_pool_acquired_total', 'Connections lent since the start', () => pool.acquired);
  counter(
    'atrium_db_pool_wait_seconds_total',
    'The waits for the connections lent since the start added up, seconds',
    () => pool.totalWaitMs / 1000,
  );
}

async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const { services } = app;
  const registry = new Registry();
  registry.setDefaultLabels({ atrium_instance: services.sampler.instance });
  processMetrics(registry);
  poolMetrics(registry, () => services.database.poolStatus());
  // The performance monitor's ranges (JAMon's "ms." ranges) as buckets, so both show the same spread.
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests from their arrival to their reply sent, by method, route pattern and status, seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: MS_RANGES.map((ms) => ms / 1000),
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (options.token && !tokenMatches(request.headers.authorization, options.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('a bearer token is required\n');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

export default fp(metrics, { name: 'atrium-metrics', fastify: '5.x' });
