// `npm run bench`: the enterprise list call against a trivial baseline route of the same server, on
// 1,000 tenants and 100,000 users, with autocannon in the same run; the users page of a 100,000-user
// tenant as served (pages kept between calls, docs/adr/0042-pages-kept-until-change.md) and as read (the same server with no list cache);
// plus the console's initial JavaScript size and its first load (login and home page), and the performance monitor's cost (on/off, docs/adr/0062-performance-monitor.md). Figures are ratios against the baseline, so a slower
// machine changes little.
// Set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL instead of the embedded PGlite; there the
// run goes on with the workflow targets on a million generated instances (workflow.ts, docs/adr/0052-workflow-bench-million-instances.md)
// unless BENCH_WORKFLOW=off.
// The directory sync of 10,000 users and an incremental one with no change (directory-sync.ts).
// The import of 10,000 and 100,000 users and their export (import-users.ts, BENCH_IMPORT=off).
// BENCH_ONLY=workflow runs the baseline and the workflow part alone, on the demo data (PostgreSQL);
// BENCH_ONLY=jobs the timers across two servers and external-task fetch-and-lock alone (jobs.ts);
// BENCH_ONLY=lists the baseline and the lists (varied-lists.ts) alone. On PostgreSQL the lists and their
// trivial route are served by server processes of their own, autocannon staying in this one
// (list-servers.ts, docs/adr/0205-lists-bench-server-in-its-own-process.md). BENCH_SCALE=10k|100k|1m
// chooses the big tenant's users (data-set.ts). BENCH_ONLY=growth (PostgreSQL, growth.ts): the users
// lists at each of BENCH_SCALE=10k,100k,1m, the flow list at each of BENCH_FLOW_SCALE=100k,1m,3m, every
// flow search field and the dashboard's first call at the largest, the operation log at a million entries;
// served by server processes of their own too.
// BENCH_SERVER_NODE_ARGS adds Node options to the submission part's two server processes (profiling:
// `--cpu-prof --cpu-prof-dir=…`). BENCH_ONLY=submit (PostgreSQL) generates BENCH_FLOW_INSTANCES and runs
// the submissions alone (BENCH_SUBMITS of them): no statement of theirs grows with the table
// (docs/adr/0199-token-tasks-through-the-instance-index.md), so a small scale profiles them (docs/adr/0200-engine-statements-compiled-per-shape.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type AtriumDatabase } from '../../src/server/db/connect.ts';
import { measuredQuery } from '../../src/server/monitoring/perf-monitor.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { buildApp } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { BIG_TENANT, generateBigTenant, generateDataSet, TENANTS, USERS } from './data-set.ts';
import { initialBundleSize } from './bundle-size.ts';
import { firstLoad, firstLoadLine, withinTarget } from './first-load.ts';
import { figuresRow as row, load, PASSWORD, signIn, verdict, type Figures } from './load.ts';
import { benchVariedLists } from './varied-lists.ts';
import { listServerProcesses, listServersInProcess, type ListServers } from './list-servers.ts';
import { benchGrowth } from './growth.ts';
import { benchSubmitsAlone, benchWorkflow } from './workflow.ts';
import { benchJobs } from './jobs.ts';
import { benchDirectorySync } from './directory-sync.ts';
import { benchPerfMonitor } from './perf-monitor.ts';
import { importTargets } from './import-users.ts';
import { benchSchema } from './bench-schema.ts';

const ONLY = process.env.BENCH_ONLY;
/** The repeated name search: a first name of the data set (data-set.ts). */
const SEARCHED = 'Martin';

/** Every part but the workflow's: the lists, the users pages, the performance monitor, the bundle, the
 *  directory sync. The lists are measured on `lists`' servers (list-servers.ts), the rest on the bench's
 *  own. Answers whether every call succeeded and every count was exact. */
async function benchConsole(
  database: AtriumDatabase,
  base: string,
  auth: Record<string, string>,
  baseline: Figures,
  lists: ListServers,
): Promise<boolean> {
  let ok = true;
  console.log(`\nlists served by ${lists.where}`);
  // Every list varied per request (and repeated), cache on, against the baseline.
  if (!(await benchVariedLists(lists.base, lists.auth, lists.baseline))) ok = false;
  // One tenant of BENCH_SCALE users as read on every call (no list cache): page 1, a deep page
  // (the middle of the tenant) and a name search, repeated.
  const deepPage = Math.floor(BIG_TENANT.users / 20);
  const usersRuns = async (server: string) => {
    const users = `${server}/authtime/domain/${BIG_TENANT.id}/users`;
    return {
      first: await load(`${users}?currpage=1&pagelines=10`, 'POST', lists.auth, {}),
      deep: await load(`${users}?currpage=${deepPage}&pagelines=10`, 'POST', lists.auth, {}),
      search: await load(`${users}?currpage=1&pagelines=10`, 'POST', lists.auth, { name: SEARCHED }),
    };
  };
  // The counts the users page answers are exact (not estimates): page 1, the deep page and the search
  // against counting the rows themselves.
  const counted = async (body: Record<string, string>, page: number) => {
    const reply = await fetch(`${lists.base}/authtime/domain/${BIG_TENANT.id}/users?currpage=${page}&pagelines=10`, {
      method: 'POST',
      headers: { ...lists.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await reply.json()) as { data: { rowCount: number } }).data.rowCount;
  };
  const searched = Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from users where domain_id = ${BIG_TENANT.id} and lower(name) like ${`%${SEARCHED.toLowerCase()}%`}`.execute(
        database.db,
      )
    ).rows[0].n,
  );
  const counts = {
    first: await counted({}, 1),
    deep: await counted({}, deepPage),
    search: await counted({ name: SEARCHED }, 1),
  };
  const exact = counts.first === BIG_TENANT.users && counts.deep === BIG_TENANT.users && counts.search === searched;
  const read = await usersRuns(lists.readingBase);

  console.log(`\nusers of a ${BIG_TENANT.users}-user tenant, read (no list cache), repeated`);
  console.log(row('users page 1', read.first));
  console.log(row(`users page ${deepPage}`, read.deep));
  console.log(row(`users name search "${SEARCHED}"`, read.search));
  const deepCost = read.first.rps / Math.max(read.deep.rps, 1);
  if (!verdict(`users page ${deepPage} against page 1`, `${deepCost.toFixed(2)}x`, '≤ 1.1x', deepCost <= 1.1))
    ok = false;
  console.log(
    `\nusers rowCount: page 1 ${counts.first}, page ${deepPage} ${counts.deep} (${BIG_TENANT.users} users), search ${counts.search} (${searched} counted): ${exact ? 'exact' : 'NOT exact'}`,
  );
  if (!exact) ok = false;
  if ([lists.baseline, ...Object.values(read)].some((f) => f.errors > 0)) ok = false;
  if (ONLY === 'lists') return ok;
  // What the performance monitor costs the trivial route (on and off, same run, docs/adr/0062-performance-monitor.md).
  if (!(await benchPerfMonitor(base, auth))) ok = false;
  const bundle = initialBundleSize();
  console.log(
    `\nconsole initial JavaScript: ${(bundle.gzip / 1024).toFixed(1)} KiB gzip (${(bundle.raw / 1024).toFixed(1)} KiB raw, ${bundle.files} files)`,
  );
  // What the login page and the home page fetch, measured in Chromium (first-load.ts, docs/adr/0104-first-load-measured.md).
  const loaded = await firstLoad(base, 'admin', PASSWORD);
  console.log(firstLoadLine(loaded));
  if (!withinTarget(loaded)) ok = false;
  if (baseline.errors > 0) ok = false;
  // The directory sync of 10,000 users into a demo enterprise, then an incremental one.
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
  // Closed before the schema is dropped even when a part throws: its job poller would hold locks the drop waits on.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const started = Date.now();
    await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: true });
    if (ONLY === 'growth') await generateDataSet(database.db, await hashPassword(PASSWORD));
    else if (ONLY !== 'workflow' && ONLY !== 'jobs' && ONLY !== 'submit') {
      await generateDataSet(database.db, await hashPassword(PASSWORD));
      await generateBigTenant(database.db);
    } else console.log(`BENCH_ONLY=${ONLY}: the demo data and the ${ONLY} part alone`);
    if (ONLY !== 'workflow' && ONLY !== 'growth' && ONLY !== 'jobs' && ONLY !== 'submit')
      console.log(
        `data set: ${TENANTS} tenants, ${USERS} users, and one tenant of ${BIG_TENANT.users} users on ${database.kind} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );

    // The enterprise list's callers sign in one after another from this one address.
    app = await buildApp({ database, dataDir, captcha: false, rateLimits: { 'auth.login': null } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signIn(base);
    const baseline = await load(`${base}/authtime/health`, 'GET', auth);
    const serverEnv =
      schema && databaseUrl
        ? { BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema.name, BENCH_DATA_DIR: dataDir }
        : undefined;
    if (ONLY !== 'workflow' && ONLY !== 'growth' && ONLY !== 'jobs' && ONLY !== 'submit') {
      const lists = serverEnv
        ? await listServerProcesses(serverEnv)
        : await listServersInProcess(database, dataDir, { base, auth, baseline });
      try {
        if (!(await benchConsole(database, base, auth, baseline, lists))) process.exitCode = 1;
      } finally {
        await lists.stop();
      }
    }
    // The Excel import and export of 10,000 and 100,000 users, each on a server process of its
    // own (its memory is the server's alone) on the run's database kind (BENCH_IMPORT=off skips it).
    if (!ONLY && process.env.BENCH_IMPORT !== 'off' && !(await importTargets(databaseUrl))) process.exitCode = 1;
    // The workflow targets need PostgreSQL (a million instances, two servers on one database).
    if (ONLY === 'lists') console.log('\nBENCH_ONLY=lists: the lists alone');
    else if (ONLY === 'growth') {
      if (!serverEnv) throw new Error('BENCH_ONLY=growth needs PostgreSQL (BENCH_DATABASE_URL)');
      const acme = await database.db
        .selectFrom('domains')
        .select('id')
        .where('name', '=', 'Acme')
        .executeTakeFirstOrThrow();
      // Served as the lists part is (docs/adr/0205-lists-bench-server-in-its-own-process.md): the rows are
      // written by this process, the lists answered by server processes that run nothing else.
      const lists = await listServerProcesses(serverEnv);
      try {
        console.log(`growth: lists served by ${lists.where}`);
        const { base: listBase, readingBase, auth: listAuth, baseline: listBaseline } = lists;
        const bench = {
          db: database.db,
          base: listBase,
          readingBase,
          auth: listAuth,
          baseline: listBaseline,
          serverEnv,
        };
        if (!(await benchGrowth(bench, acme.id))) process.exitCode = 1;
      } finally {
        await lists.stop();
      }
    } else if (ONLY === 'submit') {
      if (!serverEnv) throw new Error('BENCH_ONLY=submit needs PostgreSQL (BENCH_DATABASE_URL)');
      if (!(await benchSubmitsAlone(database.db, serverEnv))) process.exitCode = 1;
    } else if (ONLY === 'jobs') {
      if (!serverEnv) throw new Error('BENCH_ONLY=jobs needs PostgreSQL (BENCH_DATABASE_URL)');
      if (!(await benchJobs(database.db, serverEnv))) process.exitCode = 1;
    } else if (serverEnv && process.env.BENCH_WORKFLOW !== 'off') {
      // The flow list as read on every call too (no list cache, docs/adr/0072-flow-list-pages-kept.md), as the users pages (docs/adr/0042-pages-kept-until-change.md).
      const readingApp = await buildApp({ database, dataDir, captcha: false, listCache: false });
      const readingBase = await readingApp.listen({ port: 0, host: '127.0.0.1' });
      try {
        if (!(await benchWorkflow({ db: database.db, base, readingBase, auth, baseline, serverEnv })))
          process.exitCode = 1;
        // Timers and external tasks at scale, on the same million instances (jobs.ts).
        if (!(await benchJobs(database.db, serverEnv))) process.exitCode = 1;
      } finally {
        await readingApp.close();
      }
    } else console.log('\nworkflow targets: PostgreSQL only (BENCH_DATABASE_URL=postgres://…)');
  } finally {
    await app?.close();
    await database.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
