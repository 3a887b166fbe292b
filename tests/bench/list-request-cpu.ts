// CPU per list request, the server's and PostgreSQL's apart, so figures from a machine shared with other
// work can be compared: Node's from process.cpuUsage (the client's fetch runs in the same process, so the
// trivial route's figure is the floor), PostgreSQL's from /proc/<pid>/stat of the pool's own backends
// (found by their application_name; the database must run on this machine). Each case sends its
// requests from CPU_CONCURRENCY loops at once (default 4), after 20 to warm up: the varied lists of
// varied-lists.ts with the list cache on, and the users page 1, the deep page and the name search
// repeated on a server without it, as run.ts reads them.
// BENCH_DATABASE_URL=postgres://127.0.0.1… BENCH_SCALE=100k [BENCH_SCHEMA=<kept>] [BENCH_KEEP=1]
//   [CPU_ONLY=<part of a case name>] [CPU_REQUESTS=400] npx tsx tests/bench/list-request-cpu.ts
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { buildApp } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { BIG_TENANT, generateBigTenant, generateDataSet } from './data-set.ts';
import { PASSWORD, signIn, type VariedRequest } from './load.ts';
import { listCases } from './varied-lists.ts';
import { benchSchema } from './bench-schema.ts';

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.CPU_CONCURRENCY ?? 4);
const APPLICATION = `atrium_cpu_${process.pid}`;
const TICK_MS = 10; // USER_HZ 100

/** CPU ms so far of each PostgreSQL backend serving this process's pool, by pid. */
async function backendsCpu(query: (text: string) => Promise<Array<{ pid: number }>>): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  for (const { pid } of await query(`select pid from pg_stat_activity where application_name = '${APPLICATION}'`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS); // utime, stime (fields 14 and 15)
    } catch {
      // a backend that ended meanwhile
    }
  }
  return cpu;
}

/** The CPU the backends used between two readings (a backend new since the first counts whole). */
const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cpu-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a PostgreSQL on this machine');
  const kept = process.env.BENCH_SCHEMA;
  const schema = kept ? { name: kept, drop: async () => {} } : await benchSchema(databaseUrl);
  const database = await openDatabase({
    databaseUrl,
    // Idle connections kept: a backend that ended would take its CPU figures with it.
    pgPool: { options: `-c search_path=${schema.name}`, application_name: APPLICATION, idleTimeoutMillis: 0 },
  });
  const query = async (text: string) => (await sql.raw<{ pid: number }>(text).execute(database.db)).rows;
  try {
    await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: true });
    if (!kept) {
      await generateDataSet(database.db, await hashPassword(PASSWORD));
      await generateBigTenant(database.db);
      console.log(`schema ${schema.name} ready`);
    }
    const app = await buildApp({ database, dataDir, captcha: false, rateLimits: { 'auth.login': null } });
    const reading = await buildApp({ database, dataDir, captcha: false, listCache: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const readingBase = await reading.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signIn(base);
    const send = async (server: string, r: VariedRequest, method = 'POST') => {
      const reply = await fetch(server + r.path, {
        method,
        headers: { ...r.headers, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(r.body),
      });
      const text = await reply.text();
      if (method === 'POST' && (JSON.parse(text) as { errcode: number }).errcode !== 0)
        throw new Error(`${r.path}: ${text.slice(0, 200)}`);
    };
    const measure = async (name: string, server: string, next: () => VariedRequest, method = 'POST') => {
      if (process.env.CPU_ONLY && !name.includes(process.env.CPU_ONLY) && name !== 'trivial route') return;
      for (let i = 0; i < 20; i++) await send(server, next(), method);
      const pgBefore = await backendsCpu(query);
      const cpu = process.cpuUsage();
      const started = performance.now();
      const took: number[] = [];
      let left = REQUESTS;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left-- > 0) {
            const t = performance.now();
            await send(server, next(), method);
            took.push(performance.now() - t);
          }
        }),
      );
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      const pg = cpuBetween(pgBefore, await backendsCpu(query));
      took.sort((a, b) => a - b);
      const node = (used.user + used.system) / 1000 / REQUESTS;
      console.log(
        `${name.padEnd(46)} node ${node.toFixed(2)} + pg ${(pg / REQUESTS).toFixed(2)} = ${(node + pg / REQUESTS).toFixed(2)} ms CPU/request; ` +
          `wall ${(wall / REQUESTS).toFixed(2)} ms/request, p50 ${took[Math.floor(took.length / 2)].toFixed(1)} ms`,
      );
    };
    console.log(`load: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    await measure('trivial route', base, () => ({ path: '/authtime/health', body: undefined, headers: auth }), 'GET');
    for (const c of await listCases(base, auth)) await measure(`${c.name}, varied`, base, c.varied);
    const users = `/authtime/domain/${BIG_TENANT.id}/users`;
    const deepPage = Math.floor(BIG_TENANT.users / 20);
    const plain =
      (page: number, body: object = {}) =>
      () => ({
        path: `${users}?currpage=${page}&pagelines=10`,
        body,
        headers: auth,
      });
    await measure('no cache: users page 1', readingBase, plain(1));
    await measure(`no cache: users page ${deepPage}`, readingBase, plain(deepPage));
    await measure('no cache: users name search "Martin"', readingBase, plain(1, { name: 'Martin' }));
    console.log(`load: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    await reading.close();
    await app.close();
  } finally {
    await database.close();
    if (!kept && !process.env.BENCH_KEEP) await schema.drop();
  }
}

await main();
