// The databases every API test runs on, both with the demo data (asked for explicitly, `demo: true`):
// PGlite (always; in memory, loaded from a shared prepared snapshot so initdb runs once, not per file)
// and PostgreSQL (a fresh database per server, copied from a prepared template, dropped afterwards), left
// out only with ATRIUM_TEST_POSTGRES=off: the run's global setup (global-setup.ts) starts one when none
// answers, so an unreachable server fails the tests instead of skipping them.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type AtriumDatabase } from '../../../src/server/db/connect.ts';
import { prepareDatabase } from '../../../src/server/prepare-database.ts';
import { measuredQuery } from '../../../src/server/monitoring/perf-monitor.ts';
import { PREPARED_DIR, preparedPath, removeStale, seedFingerprint } from '../../support/prepared-data.ts';
import { postgresSkipped, postgresUrl } from './postgres-choice.ts';
import { timed } from '../../support/phase-times.ts';
import { checkpointedWal, withoutRecycledWal } from './snapshot-wal.ts';
import { SnapshotFs, snapshotFiles, type SnapshotFiles } from './snapshot-files.ts';

export const TEST_ADMIN_PASSWORD = 'Admin@Test2026';
export const POSTGRES_URL = postgresUrl();

export interface OpenedDatabase {
  database: AtriumDatabase;
  dispose(): Promise<void>;
}

export interface TestDatabase extends OpenedDatabase {
  /** The same database as another server instance would open it: its own pool on the same
   *  PostgreSQL schema; on PGlite (one in-process connection) the same one. Disposed before this. */
  second(): Promise<OpenedDatabase>;
  /** PostgreSQL: the database's address, for a server process of its own (DATABASE_URL). */
  url?: string;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(dataDir: string): Promise<TestDatabase>;
}

/** Makes this fingerprint's PGlite snapshot when it is missing (the run's global setup does it once,
 *  before the workers start: two workers making it side by side on a fresh clone cost a core each). */
export async function preparePgliteSnapshot(): Promise<string> {
  const path = preparedPath('pglite', '.tar');
  if (!existsSync(path)) {
    const fresh = await openDatabase({});
    await prepareDatabase(fresh.db, {
      dataDir: mkdtempSync(join(tmpdir(), 'atrium-snapshot-')),
      adminPassword: TEST_ADMIN_PASSWORD,
      demo: true,
    });
    const wal = await checkpointedWal(fresh.db);
    const dump = await fresh.dumpSnapshot!();
    await fresh.close();
    mkdirSync(PREPARED_DIR, { recursive: true });
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, withoutRecycledWal(new Uint8Array(await dump.arrayBuffer()), wal));
    renameSync(partial, path); // atomic: a parallel reader sees a whole file or none
    removeStale('pglite');
  }
  return path;
}

/** The snapshot's files, read out of its tarball once per worker; each open copies them into its own
 *  file system (snapshot-files.ts, docs/adr/0225-api-tests-cheaper-pglite-open.md). */
let snapshot: Promise<SnapshotFiles> | undefined;
function pgliteSnapshot(): Promise<SnapshotFiles> {
  snapshot ??= preparePgliteSnapshot().then((path) => snapshotFiles(new Uint8Array(readFileSync(path))));
  return snapshot;
}

/** The snapshot's postgresql.conf asks for 128 MB of shared buffers, set up at every start of a database
 *  that lives for one test file and holds about 50 MB: 16 MB made an open about a quarter cheaper and the
 *  matrix walk no slower (docs/adr/0229-api-tests-snapshot-files-copied-on-write.md). */
const PGLITE_SETTINGS = { shared_buffers: '16MB' };

const pglite: DatabaseTarget = {
  name: 'pglite',
  async open(dataDir) {
    // The test servers watch their statements as main.ts does (the performance monitor's tests read them).
    const snapshot = await timed('pglite: read snapshot', pgliteSnapshot);
    const database = await timed('pglite: open snapshot', () =>
      openDatabase({
        pgliteFs: new SnapshotFs(snapshot),
        pgliteSettings: PGLITE_SETTINGS,
        observeStatement: measuredQuery,
      }),
    );
    // No admin password: the snapshot was seeded with TEST_ADMIN_PASSWORD, and checking it again cost a
    // scrypt per server (docs/adr/0188-cheaper-test-server-starts-and-demo-seed.md).
    await timed('pglite: check migrations+seed', () => prepareDatabase(database.db, { dataDir, demo: true }));
    return {
      database,
      dispose: () => timed('pglite: close', () => database.close()),
      second: async () => ({ database, dispose: async () => undefined }),
    };
  },
};

const postgres: DatabaseTarget = {
  name: 'postgres',
  async open(dataDir) {
    const name = `atrium_test_${randomBytes(6).toString('hex')}`;
    await timed('postgres: copy template', () => cloneTemplate(name));
    const url = databaseUrl(name);
    const pool = () => openDatabase({ databaseUrl: url, pgPool: { max: 4 }, observeStatement: measuredQuery });
    const database = await timed('postgres: open pool', pool);
    // Migrations find nothing to do and the seed finds its demo data: both only check (the template's
    // admin password is TEST_ADMIN_PASSWORD already, as in the PGlite snapshot).
    await timed('postgres: check migrations+seed', () =>
      prepareDatabase(database.db, { dataDir, demo: true, demoInstances: false }),
    );
    return {
      database,
      url,
      async second() {
        const other = await pool();
        return { database: other, dispose: () => other.close() };
      },
      dispose: () =>
        timed('postgres: close+drop', async () => {
          await database.close();
          await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
        }),
    };
  },
};

/** The test database's address with another database name. */
function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the tests' own database, holding the template lock: exclusive while a
 *  template is made or dropped, shared while one is copied (copies run side by side). */
async function onServer<T>(work: (client: pg.Client) => Promise<T>, lock?: 'shared' | 'exclusive'): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    if (lock) await client.query(`select pg_advisory_lock${lock === 'shared' ? '_shared' : ''}(${TEMPLATE_LOCK})`);
    return await work(client);
  } finally {
    await client.end(); // ending the session frees its lock
  }
}

const TEMPLATE_LOCK = 736_105;
/** Another checkout's template (other migrations or seed) is dropped once it is this old. */
const STALE_TEMPLATE_MS = 6 * 3600_000;

const templateName = () => `atrium_tpl_${seedFingerprint()}`;

/** Makes this fingerprint's template database when it is missing: migrating and seeding the demo per
 *  server cost 5–15 s, a copy about a second. Made once, under the lock, by the run's global setup (or
 *  by whichever worker comes first when a file runs without it). */
export async function preparePostgresTemplate(): Promise<void> {
  const template = templateName();
  const exists = (client: pg.Client, db: string) =>
    client.query('select 1 from pg_database where datname = $1', [db]).then((r) => r.rowCount === 1);
  if (await onServer((client) => exists(client, template))) return;
  await onServer(async (client) => {
    if (await exists(client, template)) return; // made by another process meanwhile
    await dropStaleTemplates(client);
    const partial = `${template}_part`;
    await client.query(`drop database if exists ${partial} with (force)`);
    await client.query(`create database ${partial}`);
    const fresh = await openDatabase({ databaseUrl: databaseUrl(partial), pgPool: { max: 2 } });
    try {
      // Without the demo's workflow instances: replayed through the engine they cost seconds (docs/adr/0046-demo-instances-replayed.md);
      // PGlite's snapshot has them, and tests/api/demo-instances.test.ts reads them there.
      await prepareDatabase(fresh.db, {
        dataDir: mkdtempSync(join(tmpdir(), 'atrium-tpl-')),
        adminPassword: TEST_ADMIN_PASSWORD,
        demo: true,
        demoInstances: false,
      });
    } finally {
      await fresh.close();
    }
    await client.query(`alter database ${partial} rename to ${template}`);
    await client.query(`comment on database ${template} is '${new Date().toISOString()}'`);
  }, 'exclusive');
}

/** Each test server gets its own database, a copy of the prepared template. */
async function cloneTemplate(name: string): Promise<void> {
  await preparePostgresTemplate();
  await onServer((client) => client.query(`create database ${name} template ${templateName()}`), 'shared');
}

/** Drops the templates of other fingerprints made long enough ago that no run still copies them. */
async function dropStaleTemplates(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string; made: string | null }>(
    "select datname as name, shobj_description(oid, 'pg_database') as made from pg_database where datname like 'atrium\\_tpl\\_%'",
  );
  for (const { name, made } of rows) {
    const age = made ? Date.now() - Date.parse(made) : Infinity;
    if (age > STALE_TEMPLATE_MS) await client.query(`drop database if exists ${name} with (force)`);
  }
}

/** PGlite, and PostgreSQL unless ATRIUM_TEST_POSTGRES=off. */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  return postgresSkipped() ? [pglite] : [pglite, postgres];
}
