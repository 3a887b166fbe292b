// Named plugin: `/metrics` in the Prometheus text format (prom-client), on when ATRIUM_METRICS=on (D62).
// The figures of the server charts (CPU, threads, heap, non-heap, resident memory: monitoring/
// process-figures.ts) and of the database pool, read at each scrape, labelled with this instance, so
// every instance can be scraped on its own. With ATRIUM_METRICS_TOKEN set, a scrape must carry
// `Authorization: Bearer <token>`; otherwise the address is reachable by whoever reaches the server
// (the figures hold no user data; keep the port internal or set the token).
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { processFigures } from '../monitoring/process-figures.ts';

export interface MetricsOptions {
  /** Bearer token a scrape must present; absent → none asked. */
  token?: string;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const { services } = app;
  const registry = new Registry();
  registry.setDefaultLabels({ instance: services.sampler.instance });
  const measure = processFigures();
  let figures = measure();
  let pool = services.database.poolStatus();
  const gauge = (name: string, help: string, read: () => number) => new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
  // The process figures are read once per scrape (the first gauge collected reads them for all).
  gauge('atrium_cpu_load_percent', "The process's CPU use since the previous scrape, percent of all cores", () => {
    figures = measure();
    pool = services.database.poolStatus();
    return figures.cpuLoad;
  });
  gauge('atrium_threads', "The process's operating-system threads", () => figures.threadNum);
  gauge('atrium_heap_used_megabytes', 'V8 heap in use, MB', () => figures.heapSizeUsed);
  gauge('atrium_non_heap_used_megabytes', 'Memory outside the V8 heap held by JavaScript objects (buffers, WebAssembly), MB', () => figures.nonHeapSizeUsed);
  gauge('atrium_memory_resident_megabytes', "The process's resident set, MB", () => figures.totalMemorySize);
  gauge('atrium_db_pool_connections', 'Database connections open', () => pool.total);
  gauge('atrium_db_pool_idle', 'Database connections idle', () => pool.idle);
  gauge('atrium_db_pool_busy', 'Database connections lent out', () => pool.busy);
  gauge('atrium_db_pool_max', 'The most connections the pool opens', () => pool.max);
  gauge('atrium_db_pool_waiting', 'Borrowers waiting for a connection now', () => pool.waiting);
  gauge('atrium_db_pool_longest_wait_ms', 'The longest wait among the borrowers waiting now, ms', () => pool.longestWaitMs);
  gauge('atrium_db_pool_acquired', 'Connections lent since the start', () => pool.acquired);
  gauge('atrium_db_pool_average_wait_ms', 'Average wait for a connection since the start, ms', () => pool.averageWaitMs);
  gauge('atrium_db_pool_max_wait_ms', 'Longest wait for a connection since the start, ms', () => pool.maxWaitMs);

  app.get('/metrics', async (request, reply) => {
    if (options.token && !tokenMatches(request.headers.authorization, options.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('a bearer token is required\n');
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metrics, { name: 'atrium-metrics', fastify: '5.x' });
