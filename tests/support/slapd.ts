// A throwaway OpenLDAP server (Debian's slapd) for tests: a minimal slapd.conf with an mdb database in
// a temporary directory, listening on a free loopback port, filled with a few entries through the
// manager DN. Installed by .ci/run when absent. A test that needs it fails when it is missing, unless
// ATRIUM_TEST_LDAP=off leaves the LDAP tests out, which the run says at its start and end
// (docs/adr/0107-test-postgres-started-or-skipped-aloud.md).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import { describe, it } from 'vitest';
import { LDAP_SWITCH_ENV, SLAPD, slapdAvailable, slapdWanted } from './ldap-choice.ts';

export { SLAPD, slapdAvailable, slapdWanted };
export const SUFFIX = 'dc=atrium,dc=test';
export const MANAGER = `cn=manager,${SUFFIX}`;
export const MANAGER_PASSWORD = 'Manager@Secret1';
export const PEOPLE = `ou=people,${SUFFIX}`;

export interface Slapd {
  url: string;
  stop(): Promise<void>;
}

/** The title a test needing slapd is listed by: says why when it is left out. */
const ldapTitle = (title: string, wanted: boolean): string => (wanted ? title : `${title} (${LDAP_SWITCH_ENV}=off)`);

/** A describe that needs slapd: runs, fails when slapd is missing, or is skipped by a name saying why. */
export function describeWithSlapd(title: string, suite: () => void): void {
  const wanted = slapdWanted();
  describe.runIf(wanted)(ldapTitle(title, wanted), suite);
}

/** An it that needs slapd, as describeWithSlapd. */
export function itWithSlapd(title: string, test: () => Promise<void>, timeout?: number): void {
  const wanted = slapdWanted();
  it.runIf(wanted)(ldapTitle(title, wanted), test, timeout);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`slapd did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function config(dir: string): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    `pidfile ${join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'database mdb',
    'maxsize 1073741824',
    'index objectClass eq',
    `suffix "${SUFFIX}"`,
    `rootdn "${MANAGER}"`,
    `rootpw ${MANAGER_PASSWORD}`,
    `directory ${join(dir, 'data')}`,
    '',
  ].join('\n');
}

/** The suffix, ou=people and one inetOrgPerson per name. */
async function fill(url: string, people: string[]): Promise<void> {
  const client = new Client({ url });
  try {
    await client.bind(MANAGER, MANAGER_PASSWORD);
    await client.add(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'atrium', o: 'Atrium test' });
    await client.add(PEOPLE, { objectClass: 'organizationalUnit', ou: 'people' });
    for (const uid of people)
      await client.add(`uid=${uid},${PEOPLE}`, {
        objectClass: 'inetOrgPerson',
        uid,
        cn: uid,
        sn: uid,
        mail: `${uid}@atrium.test`,
      });
  } finally {
    await client.unbind();
  }
}

/** `people`: uids added under ou=people once it listens; or `ldif`: a whole tree loaded with slapadd
 *  before it starts (thousands of entries in a second or two, where adds take minutes). */
export async function startSlapd(people: string[], options: { ldif?: string } = {}): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-slapd-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'slapd.conf'), config(dir));
  if (options.ldif !== undefined) {
    writeFileSync(join(dir, 'tree.ldif'), options.ldif);
    execFileSync('/usr/sbin/slapadd', ['-q', '-f', join(dir, 'slapd.conf'), '-l', join(dir, 'tree.ldif')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground (a child the test owns and stops); level 0 logs nothing.
  const child = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child);
    if (options.ldif === undefined) await fill(url, people);
  } catch (error) {
    await stop();
    throw new Error(`slapd could not be started: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { url, stop };
}
