// Who may read and save which configuration group (docs/security.md "Configuration"), on both
// databases: the security officer only the policy, the system administrator the rest, a refused group
// refuses the whole save or import (1403) and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createSuperuser, departmentId, idsByName, setSecurityMode, uniqueLoginno } from './helpers/superuser-calls.ts';
import { exportConfig, getConfig, importConfig, saveConfig, savedWith } from './helpers/config-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('configuration groups per caller on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  /** An officer of that type whose reach is the platform (no enterprise: as the built-in officers,
   *  made so in the database since the form gives every new user one enterprise), one tenant, or a
   *  department of it. */
  const signedInAs = async (type: string, reach: 'platform' | 'tenant' | 'department') => {
    const [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
    const departments = reach === 'department' ? [await departmentId(server.db, 'Acme', 'Sales')] : [];
    const loginno = uniqueLoginno(type);
    const { reply } = await createSuperuser(admin, {
      name: `cfg_${type}`,
      loginno,
      password: 'Secret1@Ab',
      issuperadmin: false,
      type,
      domains: [acmeId],
      departments,
    });
    if (reply.errcode !== 0) throw new Error(`creating the ${type} failed: ${reply.errmsg}`);
    if (reach === 'platform')
      await server.db.deleteFrom('superuser_domains').where('superuser_id', '=', reply.data.id).execute();
    return server.signedIn(loginno, 'Secret1@Ab', 'en');
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(async () => {
    if (server) await setSecurityMode(server.db, false);
    await server?.close();
  });

  it('outside security separation: the super administrator only', async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const { reply } = await getConfig(acme);
    expect(reply).toMatchObject({ errcode: 1403, errmsg: 'You have no permission for this operation.' });
    const save = await saveConfig(acme, { loginConfig: { length: 10 } });
    expect(save.reply.errcode).toBe(1403);
    expect((await getConfig(admin)).reply.data.loginConfig.length).toBe(6);
  });

  describe('with security separation on', () => {
    let officer: ApiClient;
    let sysadmin: ApiClient;
    beforeAll(async () => {
      await setSecurityMode(server.db, true);
      officer = await signedInAs('secret', 'platform');
      sysadmin = await signedInAs('admin', 'platform');
    });

    it('the security officer reads and saves the policy only', async () => {
      const { reply } = await getConfig(officer);
      expect(reply.data.groups).toEqual(['loginConfig']);
      expect(Object.keys(reply.data).sort()).toEqual(['groups', 'loginConfig']);
      const saved = await savedWith(officer, 'loginConfig', { length: 9 });
      expect(saved.reply.errcode).toBe(0);
      expect((await getConfig(admin)).reply.data.loginConfig.length).toBe(9);
    });

    it('the security officer is refused any other group, and the whole save with it', async () => {
      const before = (await getConfig(admin)).reply.data;
      const { reply } = await saveConfig(officer, {
        loginConfig: { ...before.loginConfig, length: 11 },
        hxImConfig: { org_name: 'officer-org' },
      });
      expect(reply).toMatchObject({
        errcode: 1403,
        errmsg: 'You may not change this part of the configuration; nothing was saved.',
      });
      expect((await getConfig(admin)).reply.data).toEqual(before);
    });

    it('the system administrator reads and saves everything but the policy', async () => {
      const { reply } = await getConfig(sysadmin);
      expect(reply.data.groups).toEqual(['authConfig', 'hxImConfig', 'ldapConfig']);
      expect(reply.data.loginConfig).toBeUndefined();
      expect((await savedWith(sysadmin, 'hxImConfig', { org_name: 'sysadmin-org' })).reply.errcode).toBe(0);
      const policy = await saveConfig(sysadmin, { loginConfig: { length: 16 } });
      expect(policy.reply.errcode).toBe(1403);
      expect((await getConfig(admin)).reply.data.loginConfig.length).toBe(9);
    });

    it('exports only the caller groups, and refuses importing a group that is not the caller', async () => {
      const file = JSON.parse((await exportConfig(sysadmin)).text) as Record<string, unknown>;
      expect(Object.keys(file).sort()).toEqual(['authConfig', 'hxImConfig', 'ldapConfig']);
      const full = (await exportConfig(admin)).text;
      const before = (await getConfig(admin)).reply.data;
      const { reply } = await importConfig(sysadmin, full);
      expect(reply.errcode).toBe(1403);
      expect((await getConfig(admin)).reply.data).toEqual(before);
    });

    it('officers and system administrators of a tenant or of a department reach nothing', async () => {
      for (const type of ['secret', 'admin']) {
        for (const reach of ['tenant', 'department'] as const) {
          const narrow = await signedInAs(type, reach);
          expect((await getConfig(narrow)).reply.errcode, `${type} of a ${reach}`).toBe(1403);
        }
      }
    });
  });
});
