// The directory test connection on both databases against a real OpenLDAP server started here: a
// manager bind that counts the user entries under baseDN, the saved password used for the placeholder,
// the failures as the outbound policy's reasons (wrong password, no such baseDN, nobody listening), the rules on
// the request, and who may test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANAGER,
  MANAGER_PASSWORD,
  PEOPLE,
  SUFFIX,
  describeWithSlapd,
  startSlapd,
  type Slapd,
} from '../support/slapd.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const PEOPLE_UIDS = ['ada', 'grace', 'linus'];

type TestResult = { success: boolean; users?: number; message: string };

describeWithSlapd('directory test connection', () => {
  let slapd: Slapd;
  beforeAll(async () => {
    slapd = await startSlapd(PEOPLE_UIDS);
  });
  afterAll(async () => slapd?.stop());

  describe.each(targets)('on $name', (target) => {
    let server: TestServer;
    let admin: ApiClient;
    const ldap = () => ({
      url: slapd.url,
      baseDN: SUFFIX,
      manager: MANAGER,
      managerPassword: MANAGER_PASSWORD,
      userClass: 'inetOrgPerson',
    });
    const test = (ldapConfig: Record<string, unknown>, client = admin) =>
      client.call<TestResult>('POST', '/authtime/config/ldap/test', { body: { ldapConfig } });

    beforeAll(async () => {
      server = await startTestServer(target);
      admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    });
    afterAll(async () => server?.close());

    it('binds with the manager and counts the user entries under baseDN', async () => {
      const { reply } = await test(ldap());
      expect(reply).toEqual({
        errcode: 0,
        errmsg: 'ok',
        data: {
          success: true,
          users: 3,
          message: `Connected to the directory: 3 entries of inetOrgPerson under ${SUFFIX}.`,
        },
      });
      expect((await test({ ...ldap(), baseDN: `uid=ada,${PEOPLE}` })).reply.data.users).toBe(1);
    });

    it("says which of the outbound reasons a failure was, localized, never the directory's own words", async () => {
      const reason = (key: string) =>
        `The directory connection failed: ${server.catalogue.labels.en[`outbound.reason.${key}`]}`;
      const wrong = await test({ ...ldap(), managerPassword: 'not-the-password' });
      expect(wrong.reply.data).toEqual({ success: false, message: reason('auth') });
      const missing = await test({ ...ldap(), baseDN: 'dc=nowhere,dc=test' });
      expect(missing.reply.data).toEqual({ success: false, message: reason('rejected') });
      const zh = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
      const offline = await test({ ...ldap(), url: 'ldap://127.0.0.1:9' }, zh);
      expect(offline.reply.data).toEqual({ success: false, message: '目录连接失败：连接被拒绝' });
    });

    it('uses the saved manager password when the placeholder comes back', async () => {
      const saved = await admin.call('PUT', '/authtime/config', { body: { ldapConfig: ldap() } });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      expect((await test({ ...ldap(), managerPassword: '******' })).reply.data).toMatchObject({
        success: true,
        users: 3,
      });
      await admin.call('PUT', '/authtime/config', {
        body: { ldapConfig: { ...ldap(), managerPassword: 'other-password' } },
      });
      expect((await test({ ...ldap(), managerPassword: '******' })).reply.data.success).toBe(false);
    });

    it('checks the request: URL and baseDN are required, the URL is an LDAP one', async () => {
      expect((await test({ ...ldap(), url: '' })).reply).toMatchObject({
        errcode: 1001,
        errmsg: 'Please fill in the directory URL.',
      });
      expect((await test({ ...ldap(), url: 'http://127.0.0.1' })).reply).toMatchObject({
        errcode: 1001,
        errmsg: 'The directory URL must start with ldap:// or ldaps://.',
      });
      expect((await test({ ...ldap(), baseDN: '' })).reply).toMatchObject({
        errcode: 1001,
        errmsg: 'Please fill in the baseDN.',
      });
    });

    it('refuses a tenant administrator', async () => {
      const acme = await server.signedIn(ACME.username, ACME.password, 'en');
      expect((await test(ldap(), acme)).reply.errcode).toBe(1403);
    });
  });
});
