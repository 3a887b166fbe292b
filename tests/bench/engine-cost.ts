// The engine's cost per action (docs/adr/0191-engine-statements-cheaper.md), in one process: on PGlite
// (in memory) and on PostgreSQL (a schema of its own, dropped afterwards), the demo seed's replay
// (docs/adr/0188-cheaper-test-server-starts-and-demo-seed.md: CPU time of this process, where PGlite
// runs) and then the submission of every task the replay left open, each its own action as the runtime
// makes it (`ENGINE_COST_CONCURRENCY` at a time on PostgreSQL). Usage:
//   npx tsx tests/bench/engine-cost.ts [pglite|postgres ...]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/seed/seed-demo.ts';
import { submitTask } from '../../src/server/workflow/actions.ts';
import { postgresUrl } from '../api/helpers/postgres-choice.ts';
import { benchSchema } from './bench-schema.ts';
import { openTaskPerInstance } from './open-task-per-instance.ts';

const CONCURRENCY = Number(process.env.ENGINE_COST_CONCURRENCY ?? 8);

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

async function measure(db: Db, concurrency: number): Promise<Record<string, number>> {
  await migrateToLatest(db);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await seedDemo(db, { dataDir: mkdtempSync(join(tmpdir(), 'engine-cost-')), adminPassword: 'Admin@Bench2026' });
  const seed = { seedCpuMs: cpuMs(cpu), seedWallMs: performance.now() - wall };
  let submitted = 0;
  let refused = 0;
  let seconds = 0;
  const submitCpu = process.cpuUsage();
  for (
    let queue = await openTaskPerInstance(db), round = 0;
    queue.length > 0 && round < 8;
    queue = await openTaskPerInstance(db), round++
  ) {
    const started = performance.now();
    const worker = async () => {
      for (let task = queue.shift(); task; task = queue.shift())
        await submitTask(db, { instanceId: task.instance_id, userId: task.assignee_id, comment: 'bench' }).then(
          () => void submitted++,
          () => void refused++,
        );
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    seconds += (performance.now() - started) / 1000;
  }
  return {
    ...seed,
    submitted,
    refused,
    submitsPerSecond: submitted / seconds,
    submitCpuMsEach: cpuMs(submitCpu) / submitted,
  };
}

async function onPglite() {
  const database = await openDatabase({});
  try {
    return await measure(database.db, 1);
  } finally {
    await database.close();
  }
}

async function onPostgres() {
  const databaseUrl = postgresUrl();
  const schema = await benchSchema(databaseUrl);
  const database = await openDatabase({ databaseUrl, pgPool: { options: `-c search_path=${schema.name}` } });
  try {
    return await measure(database.db, CONCURRENCY);
  } finally {
    await database.close();
    await schema.drop();
  }
}

const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres'];
for (const target of targets) {
  const figures = target === 'postgres' ? await onPostgres() : await onPglite();
  const shown = Object.entries(figures).map(([k, v]) => `${k}=${Math.round(v * 10) / 10}`);
  console.log(`${target} ${shown.join(' ')}`);
}
