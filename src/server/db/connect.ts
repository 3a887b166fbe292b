// Opens the platform database: embedded PGlite (a data directory, or memory loaded from a snapshot)
// or PostgreSQL through a `pg` pool. Both speak PostgreSQL to the same Kysely dialect.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PglitePool } from './pglite-pool.ts';
import { CHANGES_CHANNEL, hearChangesOf, TableChanges } from './table-changes.ts';
import { PoolWaits, type PoolWaitFigures } from './pool-waits.ts';
import { StatementNames } from './prepared-statements.ts';
import { observedClient } from './observed-client.ts';
import { unobserved, type StatementObserver } from './statement-observer.ts';
import type { DB, Db } from './schema.ts';

/** The pool monitor's figures (docs/adr/0062-performance-monitor.md): connections open, idle and in use, the most it opens, and the
 *  borrowers' waits. */
export interface PoolStatus extends PoolWaitFigures {
  kind: 'pglite' | 'postgres';
  total: number;
  idle: number;
  busy: number;
  max: number;
}

export interface AtriumDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Which tables changed, as the database announces it (the caches read it). */
  changes: TableChanges;
  /** Live figures of the connection pool (the monitor page reads them). */
  poolStatus(): PoolStatus;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the tests' prepared snapshot). */
  dumpSnapshot?(): Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** postgres://… → PostgreSQL; absent → PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; absent → in memory. */
  pgliteDir?: string;
  /** PGlite in memory: a file system that already holds a data directory, to start from instead of running
   *  initdb (the tests copy their prepared snapshot's files in, tests/api/helpers/snapshot-files.ts). */
  pgliteFs?: PGliteOptions['fs'];
  /** PGlite only: PostgreSQL settings added to its start (`-c name=value`), e.g. a smaller shared buffer
   *  pool for a short-lived database (docs/adr/0229-api-tests-snapshot-files-copied-on-write.md). */
  pgliteSettings?: Record<string, string>;
  /** PostgreSQL only: pool settings added to the URL's (tests set a search_path here). */
  pgPool?: pg.PoolConfig;
  /** Called around every statement (the server passes the performance monitor's); absent → none. */
  observeStatement?: StatementObserver;
}

// int8 (counts, serials) as numbers, per pool rather than through pg's global type registry.
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text'),
};

function openPostgres(url: string, extra: pg.PoolConfig | undefined, observe: StatementObserver): AtriumDatabase {
  const names = new StatementNames(process.env.ATRIUM_PREPARED_STATEMENTS !== 'off');
  // Pipelined (docs/adr/0081-submissions-pipelined-begin-commit.md) unless ATRIUM_PIPELINING=off; every
  // connection observes and names its statements (src/server/db/observed-client.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes,
    pipeline: process.env.ATRIUM_PIPELINING !== 'off',
    Client: observedClient(names, observe),
    ...extra,
  });
  const waits = new PoolWaits();
  // Kysely borrows through this wrapper, so every wait for a connection is timed.
  const timedPool = { connect: () => waits.time(() => pool.connect()), end: () => pool.end() };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: timedPool as unknown as pg.Pool }) });
  // Every pooled connection listens: the one that commits a change hears its own notice before the
  // commit returns, so this server never serves a stale session after its own change; the idle ones
  // hear other servers' changes.
  const changes = new TableChanges();
  const listening = new WeakSet<pg.PoolClient>();
  // An idle connection the server ends (a restart, pg_terminate_backend) is dropped by the pool, which
  // then emits this; unheard, it would end the process. The next borrow opens a new connection.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('notification', (notice) => {
      if (notice.channel === CHANGES_CHANNEL && notice.payload) changes.notice(notice.payload);
    });
    client.query(`listen ${CHANGES_CHANNEL}`).then(
      () => {
        listening.add(client);
        changes.listening(1);
      },
      () => undefined, // the connection is broken: its first real query reports it
    );
  });
  pool.on('remove', (client) => {
    if (listening.delete(client)) changes.listening(-1);
  });
  hearChangesOf(db, changes);
  return {
    db,
    kind: 'postgres',
    changes,
    poolStatus: () => ({
      kind: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      busy: pool.totalCount - pool.idleCount,
      max: pool.options.max ?? 10,
      ...waits.figures(),
    }),
    close: () => db.destroy(),
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<AtriumDatabase> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: options.pgliteDir,
    fs: options.pgliteFs,
    extensions: { pg_trgm },
    // In memory a new WAL segment's 16 MB of zeros reserve nothing: it is written when used
    // (docs/adr/0164-api-tests-fewer-compiles-lighter-opens.md).
    startParams: [
      ...PGlite.defaultStartParams,
      ...(options.pgliteDir ? [] : ['-c', 'wal_init_zero=off']),
      ...Object.entries(options.pgliteSettings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  await pglite.waitReady;
  // PGlite is one connection: a notice arrives with the commit that caused it.
  const changes = new TableChanges();
  await pglite.listen(CHANGES_CHANNEL, (table) => changes.notice(table));
  changes.listening(1);
  const pool = new PglitePool(pglite, options.observeStatement ?? unobserved);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) });
  hearChangesOf(db, changes);
  return {
    db,
    kind: 'pglite',
    changes,
    poolStatus: () => ({
      kind: 'pglite',
      total: 1,
      idle: pool.busy ? 0 : 1,
      busy: pool.busy ? 1 : 0,
      max: 1,
      ...pool.waits.figures(),
    }),
    close: () => db.destroy(),
    async dumpSnapshot() {
      const client = await pool.connect(); // no statement may run while the files are copied
      try {
        return await pglite.dumpDataDir('none');
      } finally {
        client.release();
      }
    },
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<AtriumDatabase> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.pgPool, options.observeStatement ?? unobserved)
    : openPglite(options);
}
