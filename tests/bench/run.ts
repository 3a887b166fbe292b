// `npm run bench`: the enterprise list call against a trivial baseline route of the same server, on
// 1,000 tenants and 100,000 users, with autocannon in the same run; the users page of a 100,000-user
// tenant as served (pages kept between calls, docs/adr/0042-pages-kept-until-change.md) and as read (the same server with no list cache);
// plus the console's initial JavaScript size and its first load (login and home page), and the performance monitor's cost (on/off, docs/adr/0062-performance-monitor.md). Figures are ratios against the baseline, so a slower
// machine changes little.
// Set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL instead of the embedded PGlite; there the
// run goes on with issue 12's workflow targets on a million generated instances (workflow.ts, docs/adr/0052-workflow-bench-million-instances.md)
// unless BENCH_WORKFLOW=off.
// Issue 15: the directory sync of 10,000 users and an incremental one with no change (directory-sync.ts).
// Issue 10: the import of 10,000 and 100,000 users and their export (import-users.ts, BENCH_IMPORT=off).
// BENCH_ONLY=workflow runs the baseline and the workflow part alone, on the demo data (PostgreSQL).
// BENCH_SERVER_NODE_ARGS adds Node options to the submission part's two server processes (profiling:
// `--cpu-prof --cpu-prof-dir=…`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type AtriumDatabase } from '../../src/server/db/connect.ts';
import { measuredQuery } from '../../src/server/monitoring/perf-monitor.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { buildApp } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { BIG_TENANT, generateBigTenant, generateDataSet, TENANTS, USERS } from './data-set.ts';
import { initialBundleSize } from './bundle-size.ts';
import { firstLoad, firstLoadLine } from './first-load.ts';
import { CONNECTIONS, DURATION_S, figuresRow as row, load, PASSWORD, signIn, type Figures } from './load.ts';
import { benchWorkflow } from './workflow.ts';
import { benchDirectorySync } from './directory-sync.ts';
import { benchPerfMonitor } from './perf-monitor.ts';
import { importTargets } from './import-users.ts';

const ONLY = process.env.BENCH_ONLY;

/** On PostgreSQL each run gets a schema of its own, dropped afterwards, so runs never add up. */
async function benchSchema(databaseUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `atrium_bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${name}`);
  return { name, drop: () => run(`drop schema ${name} cascade`) };
}

/** Every part but the workflow's: the lists, the users pages, the performance monitor, the bundle, the
 *  directory sync. Answers whether every call succeeded and every count was exact. */
async function benchConsole(
  database: AtriumDatabase,
  dataDir: string,
  base: string,
  auth: Record<string, string>,
  baseline: Figures,
): Promise<boolean> {
  let ok = true;
  const readingApp = await buildApp({ database, dataDir, captcha: false, listCache: false });
  const readingBase = await readingApp.listen({ port: 0, host: '127.0.0.1' });

  const list = await load(`${base}/authtime/domains?currpage=1&pagelines=10`, 'POST', auth, {});
  const search = await load(`${base}/authtime/domains?currpage=3&pagelines=20`, 'POST', auth, {
    name: 'tenant_00',
    username: 'benchadmin',
  });
  // Issue 10: one tenant of 100,000 users — the first page, page 1,000, and a name search; served
  // (a repeated page comes from the list cache) and read (every call reads the database).
  const usersRuns = async (server: string) => {
    const users = `${server}/authtime/domain/${BIG_TENANT.id}/users`;
    return {
      first: await load(`${users}?currpage=1&pagelines=10`, 'POST', auth, {}),
      deep: await load(`${users}?currpage=1000&pagelines=10`, 'POST', auth, {}),
      search: await load(`${users}?currpage=1&pagelines=10`, 'POST', auth, { name: 'Person 04217' }),
    };
  };
  // The counts the users page answers are exact (not estimates): page 1, page 1,000 and the search
  // against counting the rows themselves.
  const counted = async (body: Record<string, string>, page: number) => {
    const reply = await fetch(`${base}/authtime/domain/${BIG_TENANT.id}/users?currpage=${page}&pagelines=10`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await reply.json()) as { data: { rowCount: number } }).data.rowCount;
  };
  const searched = Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from users where domain_id = ${BIG_TENANT.id} and name ilike '%Person 04217%'`.execute(
        database.db,
      )
    ).rows[0].n,
  );
  const counts = {
    first: await counted({}, 1),
    deep: await counted({}, 1000),
    search: await counted({ name: 'Person 04217' }, 1),
  };
  const exact = counts.first === BIG_TENANT.users && counts.deep === BIG_TENANT.users && counts.search === searched;
  const served = await usersRuns(base);
  const read = await usersRuns(readingBase);
  await readingApp.close();

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(row('baseline GET /authtime/health', baseline));
  console.log(row('POST /authtime/domains (page 1)', list));
  console.log(row('POST /authtime/domains (search)', search));
  console.log(
    `ratio list/baseline:   throughput ${(list.rps / baseline.rps).toFixed(3)}, p99 ${(list.p99 / Math.max(baseline.p99, 1)).toFixed(2)}x`,
  );
  console.log(
    `ratio search/baseline: throughput ${(search.rps / baseline.rps).toFixed(3)}, p99 ${(search.p99 / Math.max(baseline.p99, 1)).toFixed(2)}x`,
  );
  for (const [name, runs] of [
    ['served (list cache)', served],
    ['read (no list cache)', read],
  ] as const) {
    console.log(`\nusers of a 100,000-user tenant, ${name}`);
    console.log(row('users page 1', runs.first));
    console.log(row('users page 1,000', runs.deep));
    console.log(row('users name search', runs.search));
    console.log(
      `ratio users page 1/baseline:  throughput ${(runs.first.rps / baseline.rps).toFixed(3)} (target ≥ 0.25, p99 ≤ 30 ms)`,
    );
    console.log(
      `ratio users search/baseline:  throughput ${(runs.search.rps / baseline.rps).toFixed(3)} (target ≥ 0.25, p99 ≤ 30 ms)`,
    );
    console.log(
      `page 1,000 costs ${((runs.first.rps / Math.max(runs.deep.rps, 1) - 1) * 100).toFixed(0)} % more than page 1 (target ≤ 10 %)`,
    );
  }
  console.log(
    `\nusers rowCount: page 1 ${counts.first}, page 1,000 ${counts.deep} (${BIG_TENANT.users} users), search ${counts.search} (${searched} counted): ${exact ? 'exact' : 'NOT exact'}`,
  );
  if (!exact) ok = false;
  // Issue 14: what the performance monitor costs the trivial route (on and off, same run, docs/adr/0062-performance-monitor.md).
  if (!(await benchPerfMonitor(base, auth))) ok = false;
  const bundle = initialBundleSize();
  console.log(
    `\nconsole initial JavaScript: ${(bundle.gzip / 1024).toFixed(1)} KiB gzip (${(bundle.raw / 1024).toFixed(1)} KiB raw, ${bundle.files} files)`,
  );
  // Issue 31: what the login page and the home page fetch, measured in Chromium (first-load.ts, docs/adr/0104-first-load-measured.md).
  console.log(firstLoadLine(await firstLoad(base, 'admin', PASSWORD)));
  if ([baseline, list, search, ...Object.values(served), ...Object.values(read)].some((f) => f.errors > 0)) ok = false;
  // Issue 15: the directory sync of 10,000 users into a demo enterprise, then an incremental one.
  const acme = await database.db
    .selectFrom('domains')
    .select('id')
    .where('name', '=', 'Acme')
    .executeTakeFirstOrThrow();
  if (!(await benchDirectorySync(database.db, acme.id))) ok = false;
  return ok;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = databaseUrl ? await benchSchema(databaseUrl) : undefined;
  const database = await openDatabase({
    observeStatement: measuredQuery, // as main.ts: the benchmark measures the server as it runs
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : join(dataDir, 'pglite'),
    pgPool: schema ? { options: `-c search_path=${schema.name}` } : undefined,
  });
  try {
    const started = Date.now();
    await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: true });
    if (ONLY !== 'workflow') {
      await generateDataSet(database.db, await hashPassword(PASSWORD));
      await generateBigTenant(database.db);
    } else console.log('BENCH_ONLY=workflow: the demo data and the workflow part alone');
    if (ONLY !== 'workflow')
      console.log(
        `data set: ${TENANTS} tenants, ${USERS} users, and one tenant of ${BIG_TENANT.users} users on ${database.kind} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );

    const app = await buildApp({ database, dataDir, captcha: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signIn(base);
    const baseline = await load(`${base}/authtime/health`, 'GET', auth);
    if (ONLY !== 'workflow' && !(await benchConsole(database, dataDir, base, auth, baseline))) process.exitCode = 1;
    // Issue 10: the Excel import and export of 10,000 and 100,000 users, each on a server process of its
    // own (its memory is the server's alone) on the run's database kind (BENCH_IMPORT=off skips it).
    if (ONLY !== 'workflow' && process.env.BENCH_IMPORT !== 'off' && !(await importTargets(databaseUrl)))
      process.exitCode = 1;
    // Issue 12: the workflow targets need PostgreSQL (a million instances, two servers on one database).
    if (schema && databaseUrl && process.env.BENCH_WORKFLOW !== 'off') {
      const serverEnv = { BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema.name, BENCH_DATA_DIR: dataDir };
      // The flow list as read on every call too (no list cache, docs/adr/0072-flow-list-pages-kept.md), as the users pages (docs/adr/0042-pages-kept-until-change.md).
      const readingApp = await buildApp({ database, dataDir, captcha: false, listCache: false });
      const readingBase = await readingApp.listen({ port: 0, host: '127.0.0.1' });
      try {
        if (!(await benchWorkflow({ db: database.db, base, readingBase, auth, baseline, serverEnv })))
          process.exitCode = 1;
      } finally {
        await readingApp.close();
      }
    } else console.log('\nworkflow targets: PostgreSQL only (BENCH_DATABASE_URL=postgres://…)');
    await app.close();
  } finally {
    await database.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
