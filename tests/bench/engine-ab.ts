// The engine's cost A/B in one process (docs/adr/0191-engine-statements-cheaper.md): two source trees
// (e.g. a `git archive` of the base commit and the working tree) share one process, so a loaded
// machine weighs on both alike. On PGlite (in memory) the demo replay (seedDemoInstances) of each tree
// runs alternately, each in a transaction rolled back: CPU ms per replay. On PostgreSQL (a schema
// of its own, dropped afterwards) the tasks the replay left open are submitted one at a time, each its own
// action, alternately by the two trees, each through a pool its own connect.ts opens (so a change of the
// database layer is measured too, docs/adr/0196-pipelining-through-pg-public-options.md): wall ms per
// submission, and this process's CPU ms per submission (one at a time, so that is the call's own
// JavaScript and driver work, docs/adr/0200-engine-statements-compiled-per-shape.md). ROUNDS=0 leaves the replays out. Usage:
//   ROUNDS=4 npx tsx tests/bench/engine-ab.ts <tree A> <tree B>
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../src/server/db/schema.ts';
import { postgresUrl } from '../api/helpers/postgres-choice.ts';
import { benchSchema } from './bench-schema.ts';
import { openTaskPerInstance } from './open-task-per-instance.ts';

type Tree = {
  dir: string;
  replay: (trx: Db, domains: Map<string, string>, now: Date) => Promise<void>;
  submit: (db: Db, input: { instanceId: string; userId: string; comment?: string }) => Promise<unknown>;
  start: (db: Db, input: Record<string, unknown>) => Promise<unknown>;
  openDatabase: (options: { databaseUrl: string; pgPool: { options: string } }) => Promise<{
    db: Db;
    close: () => Promise<void>;
  }>;
};
const [aDir, bDir] = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 4);
const STARTS_ROUNDS = Number(process.env.STARTS_ROUNDS ?? 2);
const tree = async (dir: string): Promise<Tree> => ({
  dir,
  replay: (await import(`${dir}/src/server/seed/demo-instances.ts`)).seedDemoInstances,
  submit: (await import(`${dir}/src/server/workflow/actions.ts`)).submitTask,
  start: (await import(`${dir}/src/server/workflow/actions.ts`)).startInstance,
  openDatabase: (await import(`${dir}/src/server/db/connect.ts`)).openDatabase,
});
const trees = [await tree(aDir), await tree(bDir)];
const { openDatabase } = await import(`${aDir}/src/server/db/connect.ts`);
const { migrateToLatest } = await import(`${aDir}/src/server/db/migrate.ts`);
const { seedDemo } = await import(`${aDir}/src/server/seed/seed-demo.ts`);
const { DEMO_TENANTS } = await import(`${aDir}/src/server/seed/demo-data.ts`);
const seedDir = () => mkdtempSync(join(tmpdir(), 'engine-ab-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function replays(): Promise<number[][]> {
  const database = await openDatabase({});
  const db: Db = database.db;
  await migrateToLatest(db);
  await seedDemo(db, { dataDir: seedDir(), adminPassword: 'Admin@Bench2026', demoInstances: false });
  const rows = await db.selectFrom('domains').select(['id', 'system_name']).execute();
  const domains = new Map<string, string>(
    DEMO_TENANTS.map((t: { slug: string; systemName: string }) => [
      t.slug,
      rows.find((r) => r.system_name === t.systemName)!.id,
    ]),
  );
  const cpu: number[][] = [[], []];
  const rolledBack = new Error('rolled back');
  for (let round = 0; round < rounds; round++)
    for (const [n, { replay }] of trees.entries()) {
      const from = process.cpuUsage();
      await db
        .transaction()
        .execute(async (trx) => {
          await replay(trx, domains, new Date('2026-11-30T00:00:00Z'));
          throw rolledBack;
        })
        .catch((e: unknown) => {
          if (e !== rolledBack) throw e;
        });
      const used = process.cpuUsage(from);
      cpu[n].push(Math.round((used.user + used.system) / 1000));
    }
  await database.close();
  return cpu;
}

async function submissions(): Promise<number[][]> {
  const databaseUrl = postgresUrl();
  const schema = await benchSchema(databaseUrl);
  const opened = { databaseUrl, pgPool: { options: `-c search_path=${schema.name}` } };
  const databases = [await trees[0].openDatabase(opened), await trees[1].openDatabase(opened)];
  const dbs: Db[] = databases.map((d) => d.db);
  const db = dbs[0];
  const took: number[][] = [[], []];
  const starts: number[][] = [[], []];
  const cpu: number[][] = [[], []];
  try {
    await migrateToLatest(db);
    await seedDemo(db, { dataDir: seedDir(), adminPassword: 'Admin@Bench2026' });
    // Rounds: one open task of each running instance, until none is left; the trees take turns.
    for (let round = 0; round < 8; round++) {
      const open = await openTaskPerInstance(db);
      if (open.length === 0) break;
      for (const [n, task] of open.entries()) {
        const started = performance.now();
        const from = process.cpuUsage();
        await trees[n % 2].submit(dbs[n % 2], {
          instanceId: task.instance_id,
          userId: task.assignee_id,
          comment: 'bench',
        });
        const used = process.cpuUsage(from);
        took[n % 2].push(performance.now() - started);
        cpu[n % 2].push((used.user + used.system) / 1000);
      }
    }
    // Starts of the replay's instances again (same process, initiator and form), the trees taking turns.
    const again = await db
      .selectFrom('flow_instances')
      .select(['domain_id', 'application_id', 'process_id', 'initiator_id', 'form_data', 'title'])
      .orderBy('id')
      .execute();
    for (let round = 0; round < STARTS_ROUNDS; round++)
      for (const [n, row] of again.entries()) {
        const started = performance.now();
        await trees[(n + round) % 2].start(dbs[(n + round) % 2], {
          domainId: row.domain_id,
          applicationId: row.application_id,
          processId: row.process_id,
          initiatorId: row.initiator_id,
          formData: row.form_data ?? {},
          title: row.title,
        });
        starts[(n + round) % 2].push(performance.now() - started);
      }
  } finally {
    for (const database of databases) await database.close();
    await schema.drop();
  }
  return [...took, ...starts, ...cpu];
}

if (rounds > 0) {
  const cpu = await replays();
  console.log(`replay CPU ms (PGlite): A ${cpu[0].join(' / ')}, B ${cpu[1].join(' / ')};`);
  console.log(`  median B/A ${(median(cpu[1]) / median(cpu[0])).toFixed(3)}`);
}
const took = await submissions();
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(
  `submission ms (PostgreSQL): A ${mean(took[0]).toFixed(2)} (${took[0].length}), B ${mean(took[1]).toFixed(2)} (${took[1].length}); B/A ${(mean(took[1]) / mean(took[0])).toFixed(3)}`,
);
console.log(
  `submission CPU ms of this process (PostgreSQL): A ${mean(took[4]).toFixed(3)}, B ${mean(took[5]).toFixed(3)}; B/A ${(mean(took[5]) / mean(took[4])).toFixed(3)}`,
);
console.log(
  `start ms (PostgreSQL): A ${mean(took[2]).toFixed(2)} (${took[2].length}), B ${mean(took[3]).toFixed(2)} (${took[3].length}); B/A ${(mean(took[3]) / mean(took[2])).toFixed(3)}`,
);
