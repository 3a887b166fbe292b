// The cost every list request carries besides its page: the statements (and so round trips)
// one request of each varied list case sends, counted through the database's statement observer, and
// the Node CPU per request (process.cpuUsage over a burst of requests; the client's fetch runs in the
// same process, so the trivial route's CPU per request is printed beside as the floor).
// BENCH_DATABASE_URL=postgres://… BENCH_SCALE=10k|100k npx tsx tests/bench/list-statements.ts
// BENCH_SCHEMA=<name> reuses a schema a previous run kept (BENCH_KEEP=1 keeps it).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/connect.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { buildApp } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { generateBigTenant, generateDataSet } from './data-set.ts';
import { PASSWORD, signIn, type VariedRequest } from './load.ts';
import { listCases } from './varied-lists.ts';
import { benchSchema } from './bench-schema.ts';

const REQUESTS = Number(process.env.STATEMENTS_REQUESTS ?? 200);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-statements-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const kept = process.env.BENCH_SCHEMA;
  const schema = kept ? { name: kept, drop: async () => {} } : databaseUrl ? await benchSchema(databaseUrl) : undefined;
  let counting = false;
  const texts: string[] = [];
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : join(dataDir, 'pglite'),
    pgPool: schema ? { options: `-c search_path=${schema.name}` } : undefined,
    observeStatement: (text, run) => {
      if (counting) texts.push(text);
      return run();
    },
  });
  try {
    if (!kept) {
      await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: true });
      await generateDataSet(database.db, await hashPassword(PASSWORD));
      await generateBigTenant(database.db);
      console.log(`schema ${schema?.name ?? '(pglite)'} ready`);
    } else await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: true });
    const app = await buildApp({ database, dataDir, captcha: false, rateLimits: { 'auth.login': null } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signIn(base);
    const send = async (r: VariedRequest, method = 'POST') => {
      const reply = await fetch(base + r.path, {
        method,
        headers: { ...r.headers, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(r.body),
      });
      await reply.text();
    };
    const measure = async (name: string, next: () => VariedRequest, method = 'POST') => {
      for (let i = 0; i < 20; i++) await send(next(), method); // warm
      texts.length = 0;
      counting = true;
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) await send(next(), method);
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      counting = false;
      const perRequest = texts.length / REQUESTS;
      const kinds = new Map<string, number>();
      for (const t of texts) {
        const key = t.replace(/\s+/g, ' ').slice(0, 90);
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      }
      console.log(
        `${name}: ${perRequest.toFixed(2)} statements/request, CPU ${((used.user + used.system) / 1000 / REQUESTS).toFixed(2)} ms/request, wall ${(wall / REQUESTS).toFixed(2)} ms/request`,
      );
      if (process.env.STATEMENTS_TEXTS)
        for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1]))
          console.log(`    ${(n / REQUESTS).toFixed(2)}  ${k}`);
    };
    await measure('trivial route', () => ({ path: '/authtime/health', body: undefined, headers: auth }), 'GET');
    for (const c of await listCases(base, auth)) {
      if (process.env.STATEMENTS_ONLY && !c.name.includes(process.env.STATEMENTS_ONLY)) continue;
      await measure(`${c.name} (varied)`, c.varied);
      await measure(`${c.name} (repeated)`, () => c.repeated);
    }
    await app.close();
  } finally {
    await database.close();
    if (!process.env.BENCH_KEEP) await schema?.drop();
  }
}

await main();
