// The escalations a security review found (docs/adr/0021-one-scope-model.md),
// each tried as the attacker did, with the demo logins, on both databases: every one must be refused
// and change nothing.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { departmentId, getSuperuser, idsByName, updateSuperuser } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { uploaded } from './helpers/upload-calls.ts';

const targets = await databaseTargets();
const SALES = { username: 'sales', password: 'Sales@2026' };
const OWN_RIGHTS =
  'You cannot change your own type, rights, status, enterprises, departments or applications; ask an administrator above you.';

/** A TCP server that only counts who connects: the directory an attacker would point the test at. */
async function listeningTrap(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `ldap://127.0.0.1:${port}`,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(targets)('escalations on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let sales: ApiClient;
  let acmeDomain: string;
  const idOf = async (loginno: string) =>
    (await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
  const stored = async (loginno: string) =>
    server.db.selectFrom('superusers').selectAll().where('loginno', '=', loginno).executeTakeFirstOrThrow();
  const links = async (loginno: string) => {
    const id = await idOf(loginno);
    const [d, p] = await Promise.all([
      server.db.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', id).execute(),
      server.db.selectFrom('superuser_departments').select('department_id').where('superuser_id', '=', id).execute(),
    ]);
    return { domains: d.map((r) => r.domain_id), departments: p.map((r) => r.department_id) };
  };
  const configRows = () => server.db.selectFrom('config').selectAll().orderBy('key').execute();
  /** The user's own record as the form sends it back, with some fields changed. */
  const ownSave = async (client: ApiClient, loginno: string, change: Record<string, unknown>) => {
    const id = await idOf(loginno);
    const { reply } = await getSuperuser(client, id);
    expect(reply.errcode).toBe(0);
    return updateSuperuser(client, id, { ...reply.data, password: '******', confirmpwd: '******', ...change });
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    sales = await server.signedIn(SALES.username, SALES.password, 'en');
    [acmeDomain] = await idsByName(server.db, 'domains', ['Acme']);
  });
  afterAll(() => server?.close());

  it('1. a tenant administrator saving itself with a department stays what it was', async () => {
    const before = await links('acme');
    const finance = await departmentId(server.db, 'Acme', 'Finance');
    const { reply } = await ownSave(acme, 'acme', { departments: [finance] });
    expect(reply).toMatchObject({ errcode: 1403, errmsg: OWN_RIGHTS });
    expect(await links('acme')).toEqual(before);
    // …and the platform-level calls stay closed to it.
    expect((await acme.call('GET', '/authtime/notices')).reply.errcode).toBe(1403);
    expect((await acme.call('GET', '/authtime/config/clearcache/status')).reply.errcode).toBe(1403);
  });

  it('1. in security mode it cannot make itself a security officer (and own the policy)', async () => {
    await writeConfig(server.db, { isOpenSecurity: true });
    try {
      const { reply } = await ownSave(acme, 'acme', { type: 'secret' });
      expect(reply).toMatchObject({ errcode: 1403, errmsg: OWN_RIGHTS });
      expect((await stored('acme')).type).toBe('admin');
      expect((await acme.call('GET', '/authtime/config')).reply.errcode).toBe(1403);
    } finally {
      await writeConfig(server.db, { isOpenSecurity: false });
    }
  });

  it('2. in security mode a department administrator is no platform administrator', async () => {
    await writeConfig(server.db, { isOpenSecurity: true });
    try {
      const { reply: profile } = await sales.call<{ reach: { kind: string } }>('GET', '/authtime/myprofile');
      expect(profile.data.reach).toMatchObject({ kind: 'departments', domain: acmeDomain });
      const before = await configRows();
      const [application] = await idsByName(server.db, 'applications', ['Purchasing']);
      const calls: Array<[string, string, Record<string, unknown>?, unknown?]> = [
        ['GET', '/authtime/config'],
        ['PUT', '/authtime/config', undefined, { ldapConfig: { url: 'ldap://127.0.0.1:9' } }],
        ['GET', '/authtime/config/export'],
        ['POST', '/authtime/config/import', undefined, { path: '/uploads/2026/systemImport/x.json' }],
        [
          'POST',
          '/authtime/config/ldap/test',
          undefined,
          { ldapConfig: { url: 'ldap://127.0.0.1:9', baseDN: 'dc=x' } },
        ],
        ['POST', '/authtime/config/clearcache'],
        ['GET', '/authtime/config/clearcache/status'],
        ['PUT', '/authtime/config/indexs/rebuild'],
        ['POST', '/authtime/config/synchronization', { applicationid: application }],
        ['POST', '/authtime/config/cleardatas', { applicationid: application }],
        ['GET', `/authtime/domain/application/${application}/optimization`],
        ['POST', '/authtime/config/userstohx'],
        ['POST', '/authtime/notices/scan'],
        ['GET', '/authtime/notices'],
      ];
      for (const [method, path, query, body] of calls) {
        const { reply } = await sales.call(method, path, { query: query as Record<string, string>, body });
        expect(reply.errcode, `${method} ${path}`).toBe(1403);
      }
      expect(await configRows()).toEqual(before);
    } finally {
      await writeConfig(server.db, { isOpenSecurity: false });
    }
  });

  it('3. a department administrator cannot reach its tenant administrator, nor widen itself', async () => {
    const acmeBefore = await stored('acme');
    const acmeId = await idOf('acme');
    expect((await getSuperuser(sales, acmeId)).reply.errcode).toBe(1404);
    const reset = await updateSuperuser(sales, acmeId, {
      name: 'Acme_Administrator',
      loginno: 'acme',
      isdomainadmin: true,
      domains: [acmeDomain],
      password: 'Owned123',
    });
    expect(reset.reply.errcode).toBe(1404);
    expect(await stored('acme')).toEqual(acmeBefore);
    const salesBefore = await links('sales');
    const { reply } = await ownSave(sales, 'sales', { departments: [] });
    expect(reply).toMatchObject({ errcode: 1403, errmsg: OWN_RIGHTS });
    expect(await links('sales')).toEqual(salesBefore);
    // Nor edit the enterprise it only sees.
    expect((await sales.call('PUT', `/authtime/domain/${acmeDomain}`, { body: { name: 'Acme' } })).reply.errcode).toBe(
      1403,
    );
  });

  it('4. the saved manager password never goes to another address or account', async () => {
    const trap = await listeningTrap();
    try {
      const saved = {
        url: 'ldap://127.0.0.1:389',
        baseDN: 'dc=atrium,dc=test',
        manager: 'cn=admin,dc=atrium,dc=test',
        managerPassword: 'Directory-Secret',
      };
      expect((await admin.call('PUT', '/authtime/config', { body: { ldapConfig: saved } })).reply.errcode).toBe(0);
      const again =
        'The server, port, TLS mode or account changed: type the password again (the saved one is used only with the settings it was saved with).';
      for (const change of [{ url: trap.url }, { manager: 'cn=attacker,dc=atrium,dc=test' }]) {
        const test = await admin.call('POST', '/authtime/config/ldap/test', {
          body: { ldapConfig: { ...saved, ...change, managerPassword: '******' } },
        });
        expect(test.reply).toMatchObject({ errcode: 1001, errmsg: again });
        expect(test.reply.data).toEqual({ errors: [{ field: '/ldapConfig/managerPassword', message: again }] });
      }
      expect(trap.connections()).toBe(0);
      // A save that moves the stored password to a new address is refused the same way, nothing stored.
      const before = await configRows();
      const save = await admin.call('PUT', '/authtime/config', {
        body: { ldapConfig: { ...saved, url: trap.url, managerPassword: '******' } },
      });
      expect(save.reply).toMatchObject({ errcode: 1001, errmsg: again });
      expect(await configRows()).toEqual(before);
      // With the password typed again, the new address is used (and the trap sees the connection).
      const typed = await admin.call<{ success: boolean }>('POST', '/authtime/config/ldap/test', {
        body: { ldapConfig: { ...saved, url: trap.url, managerPassword: 'typed-again' } },
      });
      expect(typed.reply.data.success).toBe(false);
      expect(trap.connections()).toBeGreaterThan(0);
    } finally {
      await trap.close();
    }
  });

  it("5. another tenant's uploads, the platform's configuration files and anonymous reads stay closed", async () => {
    const file = await uploaded(admin, { path: 'systemImport' }, 'config.json', '{"title":"secret"}');
    const globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    expect((await globex.call('GET', '/authtime/uploads', { query: { path: 'systemImport' } })).reply.errcode).toBe(
      1403,
    );
    expect(
      (await globex.call('GET', '/authtime/uploads', { query: { path: 'import', domainid: acmeDomain } })).reply
        .errcode,
    ).toBe(1404);
    expect((await server.client('en').raw('GET', file)).status).toBe(401);
    expect((await globex.raw('GET', file)).status).toBe(404);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 1, 1, 1]);
    const icon = await uploaded(acme, { icon: 'true' }, 'i.png', png);
    const dev = await server.signedIn('dev', 'Dev@2026', 'en');
    expect((await dev.call('DELETE', '/authtime/icon', { body: [icon] })).reply.errcode).toBe(1403);
    expect((await acme.raw('GET', icon)).status).toBe(200);
  });

  it('6. a session opened with a password does not outlive its reset', async () => {
    const attacker = await server.signedIn(SALES.username, SALES.password, 'en');
    const id = await idOf('sales');
    const { reply } = await getSuperuser(admin, id);
    expect(
      (await updateSuperuser(admin, id, { ...reply.data, password: 'Reset@2026', confirmpwd: 'Reset@2026' })).reply
        .errcode,
    ).toBe(0);
    expect((await attacker.call('GET', '/authtime/myprofile')).status).toBe(401);
    expect((await admin.call('GET', '/authtime/myprofile')).reply.errcode).toBe(0);
  });
});
