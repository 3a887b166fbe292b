// A kept schema holding the big tenant alone (docs/adr/0249-name-pieces-for-large-tenants.md): the
// tree's migrations, then generateBigTenant's BENCH_SCALE users; the name search benches read it
// (name-search-buffers.ts). Run again on a kept schema, it only migrates (the later tree's migrations).
// BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=s1m BENCH_SCALE=1m npx tsx tests/bench/big-tenant-schema.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { BIG_TENANT, generateBigTenant } from './data-set.ts';
import { PASSWORD } from './load.ts';

const url = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_SCHEMA!;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create schema if not exists ${schema}`);
await admin.end();
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-big-tenant-'));
const database = await openDatabase({ databaseUrl: url, pgPool: { options: `-c search_path=${schema}` } });
try {
  await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: false });
  const found = await sql`select 1 from domains where id = ${BIG_TENANT.id}`.execute(database.db);
  const started = Date.now();
  if (found.rows.length === 0) await generateBigTenant(database.db);
  console.log(
    `${schema}: ${BIG_TENANT.users} users${found.rows.length ? ' (kept, migrated)' : ''}, ${Date.now() - started} ms`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
