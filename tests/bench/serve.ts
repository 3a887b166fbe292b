// One more server of the bench, in a process of its own (issue 12: actions across two server instances
// on one PostgreSQL database). Opens the bench's schema, listens on a free port, prints its address as
// one JSON line, and serves until its parent ends it.
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
// BENCH_LIST_CACHE=off: every list page read from the database.
const app = await buildApp({ database, dataDir, captcha: false, listCache: process.env.BENCH_LIST_CACHE !== 'off' });
console.log(JSON.stringify({ base: await app.listen({ port: 0, host: '127.0.0.1' }) }));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const started = cpuMs();
process.on('SIGTERM', () => {
  // What serving cost this process (its start left out), for comparisons run by run (BENCH_CPU=on).
  if (process.env.BENCH_CPU === 'on')
    console.error(
      `bench server ${process.env.ATRIUM_POSTGRES_DRIVER ?? 'pg'}: ${(cpuMs() - started).toFixed(0)} CPU ms serving`,
    );
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
