// Which of a submission's statements grow with the number of instances: the engine's submissions run
// in this process against a PostgreSQL schema of its own at each size of BENCH_SIZES (instances of
// workflow-data.ts, added to the last size's), every statement timed by the pool's observer; the top
// statements by time per submission at each size. Then BENCH_TIMERS timers due at once, fired by a job
// poller in this process as a PostgreSQL server runs it (app.ts), timed the same way. Usage:
//   BENCH_SIZES=10000,1000000 npx tsx tests/bench/statements-by-size.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import type { StatementObserver } from '../../src/server/db/statement-observer.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { submitTask } from '../../src/server/workflow/actions.ts';
import { postgresUrl } from '../api/helpers/postgres-choice.ts';
import { benchSchema } from './bench-schema.ts';
import { generateFlowInstances, GENERATED_PREFIX } from './workflow-data.ts';
import { installJobsBench, startedInstances } from './jobs.ts';
import { startJobPoller } from '../../src/server/workflow/waits/job-poller.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 800);
const CONCURRENCY = 8;
const TIMERS = Number(process.env.BENCH_TIMERS ?? 2_000);

const timed = new Map<string, { calls: number; ms: number }>();
let watching = false;
const observe: StatementObserver = async (text, run) => {
  if (!watching) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    const key = text.replace(/\s+/g, ' ').slice(0, 160);
    const entry = timed.get(key) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += performance.now() - started;
    timed.set(key, entry);
  }
};

const url = postgresUrl();
const schema = await benchSchema(url);
const database = await openDatabase({
  databaseUrl: url,
  pgPool: { options: `-c search_path=${schema.name}` },
  observeStatement: observe,
});
try {
  const db = database.db;
  await prepareDatabase(db, {
    dataDir: mkdtempSync(join(tmpdir(), 'by-size-')),
    adminPassword: 'Admin@Bench2026',
    demo: true,
  });
  let from = 1;
  for (const size of SIZES) {
    const data = await generateFlowInstances(db, size, from);
    from = size + 1;
    const { rows: tasks } = await sql<{ instance_id: string; assignee_id: string }>`
      select t.instance_id, t.assignee_id from flow_tasks t
      where t.domain_id = ${data.domainId} and t.application_id = ${data.applicationId} and t.status = 'open'
        and t.node_id = 'manager' and t.instance_id like ${`${GENERATED_PREFIX}%`}
      order by random() limit ${SUBMITS}`.execute(db);
    timed.clear();
    watching = true;
    let refused = 0;
    const started = performance.now();
    const queue = [...tasks];
    const worker = async () => {
      for (let task = queue.shift(); task; task = queue.shift())
        await submitTask(db, { instanceId: task.instance_id, userId: task.assignee_id, comment: 'bench' }).catch(
          () => void refused++,
        );
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    watching = false;
    console.log(
      `\n${size} instances: ${tasks.length} submissions in ${seconds.toFixed(1)} s (${(tasks.length / seconds).toFixed(0)}/s), ${refused} refused`,
    );
    printTop(tasks.length, 'submission');
    const place = await installJobsBench(db);
    const ids = await startedInstances(db, place, 'bench-timer', TIMERS);
    await sql`update flow_jobs set due_at = now() where instance_id = any(${ids}::text[])`.execute(db);
    timed.clear();
    watching = true;
    const firing = performance.now();
    const poller = startJobPoller(db, (error) => console.error(error), { concurrency: 4, batch: 40, intervalMs: 50 });
    for (;;) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from flow_jobs where instance_id = any(${ids}::text[])`.execute(db);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await poller.stop();
    watching = false;
    const firedIn = (performance.now() - firing) / 1000;
    console.log(
      `\n${size} instances: ${TIMERS} timers fired in ${firedIn.toFixed(1)} s (${(TIMERS / firedIn).toFixed(0)}/s)`,
    );
    printTop(TIMERS, 'timer');
  }
} finally {
  await database.close();
  if (process.env.BENCH_KEEP !== '1') await schema.drop();
  else console.log(`kept schema ${schema.name}`);
}

function printTop(units: number, unit: string) {
  const top = [...timed.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14);
  for (const [text, { calls, ms }] of top)
    console.log(
      `${(ms / units).toFixed(2).padStart(7)} ms/${unit} ${(ms / calls).toFixed(2).padStart(7)} ms/call ${String(calls).padStart(6)} calls  ${text}`,
    );
}
