// The databases every API test runs on, both with the demo data (asked for explicitly, `demo: true`):
// PGlite (always; in memory, loaded from a shared prepared snapshot so initdb runs once, not per file)
// and PostgreSQL when 127.0.0.1:5432 answers (a fresh schema per server, dropped afterwards).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type AtriumDatabase } from '../../../src/server/db/connect.ts';
import { prepareDatabase } from '../../../src/server/prepare-database.ts';
import { PREPARED_DIR, preparedPath, removeStale } from '../../support/prepared-data.ts';

export const TEST_ADMIN_PASSWORD = 'Admin@Test2026';
export const POSTGRES_URL = process.env.ATRIUM_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface OpenedDatabase {
  database: AtriumDatabase;
  dispose(): Promise<void>;
}

export interface TestDatabase extends OpenedDatabase {
  /** The same database as another server instance would open it: its own pool on the same
   *  PostgreSQL schema; on PGlite (one in-process connection) the same one. Disposed before this. */
  second(): Promise<OpenedDatabase>;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(dataDir: string): Promise<TestDatabase>;
}

async function pgliteSnapshot(dataDir: string): Promise<Blob> {
  const path = preparedPath('pglite', '.tar');
  if (!existsSync(path)) {
    const fresh = await openDatabase({});
    await prepareDatabase(fresh.db, { dataDir, adminPassword: TEST_ADMIN_PASSWORD, demo: true });
    const dump = await fresh.dumpSnapshot!();
    await fresh.close();
    mkdirSync(PREPARED_DIR, { recursive: true });
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path); // atomic: a parallel reader sees a whole file or none
    removeStale('pglite');
  }
  return new Blob([readFileSync(path)]);
}

const pglite: DatabaseTarget = {
  name: 'pglite',
  async open(dataDir) {
    const database = await openDatabase({ pgliteSnapshot: await pgliteSnapshot(dataDir) });
    await prepareDatabase(database.db, { dataDir, adminPassword: TEST_ADMIN_PASSWORD, demo: true });
    return { database, dispose: () => database.close(), second: async () => ({ database, dispose: async () => undefined }) };
  },
};

const postgres: DatabaseTarget = {
  name: 'postgres',
  async open(dataDir) {
    const schema = `atrium_test_${randomBytes(6).toString('hex')}`;
    await withSchemaLock('shared', `create schema ${schema}`);
    const pool = () => openDatabase({ databaseUrl: POSTGRES_URL, pgPool: { options: `-c search_path=${schema}`, max: 4 } });
    const database = await pool();
    const lock = await schemaLock('shared');
    try {
      // Without the demo's workflow instances: replayed through the engine they cost seconds per schema
      // (D46); PGlite's one shared snapshot has them, and tests/api/demo-instances.test.ts reads them there.
      await prepareDatabase(database.db, { dataDir, adminPassword: TEST_ADMIN_PASSWORD, demo: true, demoInstances: false });
    } finally {
      await lock.release();
    }
    return {
      database,
      async second() {
        const other = await pool();
        return { database: other, dispose: () => other.close() };
      },
      async dispose() {
        await database.close();
        await withSchemaLock('exclusive', `drop schema ${schema} cascade`);
      },
    };
  },
};

/** Kysely's migrator looks at the tables of every schema (pg_get_serial_sequence on each), so a schema
 *  another test worker drops meanwhile fails the migration ("schema … does not exist"). Migrations
 *  hold this lock shared; a drop waits for them and holds it alone. */
const SCHEMA_LOCK = 736_105;

async function schemaLock(mode: 'shared' | 'exclusive'): Promise<{ client: pg.Client; release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  const suffix = mode === 'shared' ? '_shared' : '';
  await client.query(`select pg_advisory_lock${suffix}(${SCHEMA_LOCK})`);
  return { client, release: () => client.end() }; // ending the session frees its lock
}

async function withSchemaLock(mode: 'shared' | 'exclusive', statement: string): Promise<void> {
  const lock = await schemaLock(mode);
  try {
    await lock.client.query(statement);
  } finally {
    await lock.release();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let targets: Promise<DatabaseTarget[]> | undefined;

/** PGlite always; PostgreSQL when reachable (says so on the console when it is not). */
export function databaseTargets(): Promise<DatabaseTarget[]> {
  targets ??= postgresReachable().then((ok) => {
    if (!ok) console.log(`PostgreSQL not reachable: skipped (${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')})`);
    return ok ? [pglite, postgres] : [pglite];
  });
  return targets;
}
