// What a start does when nobody says otherwise (docs/adr/0023-safe-defaults.md), with the real entry point:
// it listens on the loopback only, the embedded database alone gets the demo logins, a PostgreSQL gets
// one super administrator (ATRIUM_ADMIN_PASSWORD or a password printed once), and the banner never
// prints a password that came from the environment.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client.ts';
import { databaseTargets, POSTGRES_URL } from './helpers/databases.ts';
import { failedStart, spawnServer, type SpawnedServer } from './helpers/spawned-server.ts';

const targets = await databaseTargets();
const ENV_PASSWORD = 'Env@Secret2026';
const ACME_DEMO = { username: 'acme', password: 'Acme@2026' };
const GENERATED = /Super administrator: admin {2}(\S+)/;

/** An address of this machine other than the loopback, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function loginErrcode(server: SpawnedServer, username: string, password: string): Promise<number> {
  const { reply } = await new ApiClient(`http://127.0.0.1:${server.port}`, 'en').login(username, password);
  return reply.errcode;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function started(env: Record<string, string>): Promise<SpawnedServer> {
  const server = await spawnServer(env);
  cleanups.push(server.stop);
  return server;
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-start-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty PostgreSQL database, dropped after the file. */
async function freshPostgres(): Promise<string> {
  const name = `atrium_start_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

// Each test starts a server that makes its database (and, where asked, the demo data): 20–30 s on a busy machine,
// over the 60 s default on a slow one beside the browser stage; the bound is on a start that hangs.
const START_BOUND = { timeout: 180_000 };
describe('a start with the embedded database', START_BOUND, () => {
  it('listens on 127.0.0.1 only, adds the demo data and does not print the password from the environment', async () => {
    const server = await started({ DATA_DIR: dataDir(), ATRIUM_ADMIN_PASSWORD: ENV_PASSWORD });
    const banner = server.output();
    expect(banner).toContain(`Atrium is running at http://127.0.0.1:${server.port}/`);
    expect(banner).not.toContain(ENV_PASSWORD);
    expect(banner).toContain('(ATRIUM_ADMIN_PASSWORD)');
    expect(banner).toContain(ACME_DEMO.password);
    expect(await canConnect('127.0.0.1', server.port)).toBe(true);
    if (outsideAddress) expect(await canConnect(outsideAddress, server.port)).toBe(false);
    expect(await loginErrcode(server, ACME_DEMO.username, ACME_DEMO.password)).toBe(0);
    expect(await loginErrcode(server, 'admin', ENV_PASSWORD)).toBe(0);
    await server.stop();
  });

  it('with ATRIUM_DEMO=off and HOST=0.0.0.0: no demo logins, an administrator whose generated password is printed once', async () => {
    const dir = dataDir();
    const first = await started({ DATA_DIR: dir, ATRIUM_DEMO: 'off', HOST: '0.0.0.0' });
    const banner = first.output();
    expect(banner).not.toContain(ACME_DEMO.password);
    const password = GENERATED.exec(banner)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    if (outsideAddress) expect(await canConnect(outsideAddress, first.port)).toBe(true);
    expect(await loginErrcode(first, ACME_DEMO.username, ACME_DEMO.password)).toBe(1002);
    expect(await loginErrcode(first, 'admin', password)).toBe(0);
    await first.stop();

    const again = await started({ DATA_DIR: dir, ATRIUM_DEMO: 'off' });
    expect(again.output()).not.toContain(password);
    expect(again.output()).toContain('Super administrator: admin  (the one printed at the first start)');
    expect(await loginErrcode(again, 'admin', password)).toBe(0);
    await again.stop();
  });

  it('refuses to start with an ATRIUM_DEMO it does not understand', async () => {
    const { code, output } = await failedStart({ DATA_DIR: dataDir(), ATRIUM_DEMO: 'maybe' });
    expect(code).not.toBe(0);
    expect(output).toContain('ATRIUM_DEMO must be "on" or "off"');
  });
});

describe.runIf(targets.some((t) => t.name === 'postgres'))('a start with PostgreSQL', START_BOUND, () => {
  it('adds no demo data by default: only the super administrator, with a password printed once', async () => {
    const server = await started({ DATA_DIR: dataDir(), DATABASE_URL: await freshPostgres() });
    const banner = server.output();
    expect(banner).not.toContain(ACME_DEMO.password);
    const password = GENERATED.exec(banner)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await loginErrcode(server, ACME_DEMO.username, ACME_DEMO.password)).toBe(1002);
    expect(await loginErrcode(server, 'admin', password)).toBe(0);
    await server.stop();
  });

  it('with ATRIUM_DEMO=on adds the demo logins; the administrator takes ATRIUM_ADMIN_PASSWORD, never printed', async () => {
    const server = await started({
      DATA_DIR: dataDir(),
      DATABASE_URL: await freshPostgres(),
      ATRIUM_DEMO: 'on',
      ATRIUM_ADMIN_PASSWORD: ENV_PASSWORD,
    });
    expect(server.output()).toContain(ACME_DEMO.password);
    expect(server.output()).not.toContain(ENV_PASSWORD);
    expect(await loginErrcode(server, ACME_DEMO.username, ACME_DEMO.password)).toBe(0);
    expect(await loginErrcode(server, 'admin', ENV_PASSWORD)).toBe(0);
    await server.stop();
  });
});
