// What one timer's firing costs, free of the machine's load (docs/adr/0159-jobs-fired-in-batches.md):
// BENCH_TIMERS (1,000) timers of one process made due at once, fired by one in-process job poller as
// app.ts runs it on PostgreSQL, once per group size of BENCH_GROUPS (1,10,1,10: one at a time against
// ten per transaction, twice, in one run); answers the statements run per fired timer (counted by the pool's
// observer, `begin`/`commit` included when sent on their own), this process's CPU per fired timer, and
// the database server's CPU per fired timer (utime+stime from /proc of the backends serving this
// pool, when the database runs on this machine). `npx tsx tests/bench/jobs-firing.ts` with BENCH_DATABASE_URL; a schema of its
// own, dropped at the end. BENCH_STATEMENTS=on prints the statements of the first firings;
// BENCH_PROFILE=<file> writes this process's CPU profile of the firing.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connect.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { startJobPoller } from '../../src/server/workflow/waits/job-poller.ts';
import { benchSchema } from './bench-schema.ts';
import { installJobsBench, startedInstances } from './jobs.ts';

const TIMERS = Number(process.env.BENCH_TIMERS ?? 1_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** CPU seconds of each postgres process on this machine, by pid. */
function postgresCpu(): Map<string, number> {
  const tick = 100; // USER_HZ on Linux
  const cpu = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    } catch {
      // a process that ended meanwhile
    }
  }
  return cpu;
}

const APPLICATION_NAME = `atrium-jobs-firing-${process.pid}`;

let counting = false;
let statements = 0;
const shown: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-jobs-firing-'));
const schema = await benchSchema(databaseUrl);
const database = await openDatabase({
  databaseUrl,
  // Named, so that the backends of this pool alone are counted (other programs share the server).
  pgPool: { options: `-c search_path=${schema.name}`, application_name: APPLICATION_NAME },
  observeStatement: (text, run) => {
    if (counting) {
      statements++;
      if (process.env.BENCH_STATEMENTS === 'on' && shown.length < 40) shown.push(text.replace(/\s+/g, ' '));
    }
    return run();
  },
});
/** Fires `ids`' timers (made due now) with a poller firing `group` at a time; prints and answers the figures. */
async function phase(ids: string[], group: number) {
  const db = database.db;
  await sql`update flow_jobs set due_at = now() - interval '1 second' where instance_id = any(${ids}::text[])`.execute(
    db,
  );
  // Watched from a connection of its own, outside the pool whose backends are counted.
  const left = async () =>
    Number(
      (await watcher.query(`select count(*) as n from flow_jobs where instance_id = any($1::text[])`, [ids])).rows[0].n,
    );
  // BENCH_PROFILE=<file.cpuprofile>: this process's CPU profile while firing (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? new Session() : undefined;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.start');
  }
  statements = 0;
  shown.length = 0;
  const pgBefore = postgresCpu();
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  counting = true;
  // As app.ts runs it on PostgreSQL.
  const poller = startJobPoller(db, (error) => console.error(error), { concurrency: 4, batch: 40, group });
  while ((await left()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  counting = false;
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = postgresCpu();
  const { rows: backends } = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`.execute(db);
  const pg = backends.reduce(
    (sum, { pid }) => sum + (pgAfter.get(String(pid)) ?? 0) - (pgBefore.get(String(pid)) ?? 0),
    0,
  );
  await poller.stop();
  if (profile) {
    const { profile: taken } = await profile.post('Profiler.stop');
    writeFileSync(`${process.env.BENCH_PROFILE!}.group${group}.cpuprofile`, JSON.stringify(taken));
  }
  if (shown.length > 0) console.log(shown.join('\n'));
  const n = ids.length;
  console.log(
    `jobs firing, group ${group}: ${n} timers by one poller: ${(statements / n).toFixed(2)} statements per timer, ` +
      `node CPU ${((cpu.user + cpu.system) / n).toFixed(0)} µs per timer, ` +
      `postgres CPU (${backends.length} backends) ${((pg / n) * 1e6).toFixed(0)} µs per timer, ${(n / seconds).toFixed(0)} timers/s (wall, load-dependent)`,
  );
}

const watcher = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema.name}` });
await watcher.connect();
try {
  await prepareDatabase(database.db, { dataDir, adminPassword: 'Bench@2026', demo: true });
  const place = await installJobsBench(database.db);
  // BENCH_GROUPS: the group sizes fired one after another in this run, each on TIMERS timers of its own.
  const sizes = (process.env.BENCH_GROUPS ?? '1,10,1,10').split(',').map(Number);
  const ids = await startedInstances(database.db, place, 'bench-timer', TIMERS * sizes.length);
  for (const [i, size] of sizes.entries()) await phase(ids.slice(i * TIMERS, (i + 1) * TIMERS), size);
} finally {
  await watcher.end();
  await database.close();
  await schema.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
