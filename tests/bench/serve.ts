// One more server of the bench, in a process of its own (actions across two server instances
// on one PostgreSQL database). Opens the bench's schema, listens on a free port, prints its address as
// one JSON line, and serves until its parent ends it.
import { appendFileSync } from 'node:fs';
import { openDatabase } from '../../src/server/db/connect.ts';
import { buildApp } from '../../src/server/app.ts';
import { measuredQuery } from '../../src/server/monitoring/perf-monitor.ts';

const { BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema, BENCH_DATA_DIR: dataDir } = process.env;
if (!databaseUrl || !schema || !dataDir)
  throw new Error('serve.ts needs BENCH_DATABASE_URL, BENCH_SCHEMA and BENCH_DATA_DIR');
const database = await openDatabase({
  databaseUrl,
  pgPool: { options: `-c search_path=${schema}` },
  observeStatement: measuredQuery,
});
// BENCH_JOBS=on: the job poller runs as `npm start` runs it (jobs.ts); BENCH_JOBS_TRACE=<file> appends
// its claims and groups there, one JSON line each with this process's CPU so far (jobs-trace.ts).
const tracePath = process.env.BENCH_JOBS_TRACE;
const jobs =
  process.env.BENCH_JOBS !== 'on'
    ? false
    : tracePath
      ? {
          onTrace: (event: object) => {
            const { user, system } = process.cpuUsage();
            appendFileSync(tracePath, `${JSON.stringify({ ...event, cpuMs: (user + system) / 1000 })}\n`);
          },
        }
      : true;
// BENCH_LIST_CACHE=off: every list page read from the database, as run.ts measures the users pages read.
// The rate limits come from the environment as `npm start`'s (ATRIUM_RATE_LIMIT_*, set off by list-servers.ts).
const app = await buildApp({
  database,
  dataDir,
  captcha: false,
  jobs,
  listCache: process.env.BENCH_LIST_CACHE !== 'off',
});
console.log(JSON.stringify({ base: await app.listen({ port: 0, host: '127.0.0.1' }) }));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
