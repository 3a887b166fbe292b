// A user's delete beside a large workflow (docs/adr/0218-user-references-indexed-lean-import-worker.md): its statements' plans, the
// foreign keys' ON DELETE statements among them (auto_explain, nested), and its time, without and with
// migration 0065's indexes (its down, then its up, on the same data):
// BENCH_DATABASE_URL=postgres://… BENCH_FLOW_INSTANCES=30000 BENCH_SCALE=20k npx tsx tests/bench/user-delete.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connect.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import * as indexes from '../../src/server/db/migrations/0065-user-reference-indexes.ts';
import { deleteUsers } from '../../src/server/areas/users/row-changes.ts';
import { selectCurrentUser, toCurrentUser } from '../../src/server/auth/current-user.ts';
import { benchSchema } from './bench-schema.ts';
import { BIG_TENANT, generateBigTenant } from './data-set.ts';
import { FLOW_INSTANCES, generateFlowInstances } from './workflow-data.ts';

const url = process.env.BENCH_DATABASE_URL!;
const DELETES = 11;
const schema = await benchSchema(url);
const options = `-c search_path=${schema.name}`;
const database = await openDatabase({ databaseUrl: url, pgPool: { options } });
const { db } = database;
try {
  await prepareDatabase(db, {
    dataDir: mkdtempSync(join(tmpdir(), 'bench-')),
    adminPassword: 'Bench@2026',
    demo: true,
  });
  await generateFlowInstances(db, FLOW_INSTANCES);
  await generateBigTenant(db, BIG_TENANT.users);
  // One user in ten stands in for the next.
  await sql`update users set proxy_user_id = 'big-u-' || (substr(id, 7)::int + 1)
    where id like 'big-u-%' and substr(id, 7)::int % 10 = 0 and substr(id, 7)::int < ${BIG_TENANT.users}`.execute(db);
  await sql`vacuum analyze users, flow_tasks, flow_history, api_tokens`.execute(db);
  const { rows } = await sql<{ t: string; n: string }>`select 'flow_tasks' as t, count(*) as n from flow_tasks
    union all select 'flow_history', count(*) from flow_history union all select 'users', count(*) from users`.execute(
    db,
  );
  console.log(rows.map((r) => `${r.t} ${r.n}`).join(', '));
  const caller = toCurrentUser(
    await selectCurrentUser(db).where('u.super_admin', '=', true).limit(1).executeTakeFirstOrThrow(),
  );
  let next = 1;
  const phase = async (label: string) => {
    console.log(`\n== ${label}\n${await plans(`big-u-${next++}`)}`);
    const times: number[] = [];
    for (let i = 0; i < DELETES; i++) {
      const started = performance.now();
      await deleteUsers(db, caller, BIG_TENANT.id, [`big-u-${next++}`]);
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `delete of one user: median ${sorted[DELETES >> 1].toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(' ')})`,
    );
  };
  const migrating = db as unknown as Kysely<unknown>;
  await indexes.down(migrating);
  await phase('without migration 0065');
  await indexes.up(migrating);
  await sql`analyze users, flow_tasks, flow_history, api_tokens`.execute(db);
  await phase('with migration 0065');
} finally {
  await database.close();
  await schema.drop();
}

/** The delete's statements (as users/row-changes.ts writes them) explained, with the statements its
 *  foreign keys run, in a transaction rolled back. */
async function plans(id: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, options });
  const logged: string[] = [];
  client.on('notice', (n) => logged.push(n.message ?? ''));
  await client.connect();
  try {
    await client.query(`load 'auto_explain'`);
    for (const set of ['log_min_duration = 0', 'log_nested_statements = on', 'log_analyze = on', 'log_timing = on'])
      await client.query(`set auto_explain.${set}`);
    await client.query('set client_min_messages = log');
    await client.query('begin');
    await client.query(
      `select u.name, u.loginno from users u where u.id in ($1) and (exists (select i.id from flow_instances i where i.initiator_id = u.id)
        or exists (select t.id from flow_tasks t where t.assignee_id = u.id)) order by u.name, u.loginno limit 6`,
      [id],
    );
    await client.query(
      'update users set proxy_user_id = null, proxy_start = null, proxy_end = null where proxy_user_id in ($1)',
      [id],
    );
    await client.query('delete from users where id in ($1)', [id]);
    await client.query('rollback');
  } finally {
    await client.end();
  }
  // Each plan that reads a table: its statement, its time and its scans (the node lines naming a table).
  return logged
    .flatMap((text) => {
      const lines = text.split('\n');
      const scans = lines.filter((l) => / on [a-z_]+/.test(l) && /Scan/.test(l)).map((l) => `   ${l.trim()}`);
      const query = lines
        .find((l) => l.startsWith('Query Text:'))
        ?.replace(/\s+/g, ' ')
        .slice(12, 100);
      const took = /duration: ([\d.]+ ms)/.exec(lines[0])?.[1];
      return scans.length === 0 ? [] : [[`${took}: ${query}`, ...scans].join('\n')];
    })
    .join('\n');
}
