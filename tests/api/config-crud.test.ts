// The system configuration over real HTTP on both databases: defaults of a fresh install, save and
// read back as a whole, the schema's messages in two languages, secrets never in clear and kept by the
// placeholder, and export then import restoring a changed value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import type { ValidationData } from '../../src/core/envelope.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { exportConfig, getConfig, importConfig, importPath, saveConfig, savedWith } from './helpers/config-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('configuration on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(async () => server?.close());

  it('answers the defaults of a fresh install, every group to the super administrator', async () => {
    const { reply } = await getConfig(admin);
    expect(reply.errcode).toBe(0);
    expect(reply.data.groups).toEqual(['authConfig', 'loginConfig', 'hxImConfig', 'ldapConfig']);
    expect(reply.data.authConfig).toMatchObject({
      multiuserlogin: 0,
      authType: 'default',
      smsAffectMode: 'all',
      smsTimeout: 300,
      ssoAuth: 'cookie',
      adadminloginnopw: '',
    });
    expect(reply.data.loginConfig).toMatchObject({
      length: 6,
      legal: 0,
      legalType: [],
      encryptionMode: 0,
      noticeAuthor: '1',
      isFirstLogin: 0,
    });
    expect(reply.data.hxImConfig).toMatchObject({ grant_type: 'client_credentials', client_secret: '' });
  });

  it('saves every group as a whole and reads it back', async () => {
    const before = (await getConfig(admin)).reply.data;
    const body = {
      authConfig: {
        ...before.authConfig,
        smsAuthenticate: 1,
        smsAffectMode: 'match',
        smsStartRangeIp: '10.0.0.1',
        smsEndRangeIp: '10.0.0.200',
        smsContent: 'Code {{code}}',
      },
      loginConfig: {
        length: 8,
        failLoginTimes: 5,
        legal: 1,
        legalType: [1, 2, 3, 4],
        encryptionMode: 1,
        noticeAuthor: '0',
        isFirstLogin: 1,
        maxAge: 90,
        noticeTime: 7,
        noticeMethod: [1, 3],
        noticeContent: 'Change it',
      },
      hxImConfig: {
        org_name: 'acme',
        app_name: 'atrium',
        client_id: 'cid',
        client_secret: 'im-secret',
        grant_type: 'client_credentials',
        app_key: 'acme#atrium',
      },
      ldapConfig: {
        ...before.ldapConfig,
        url: 'ldap://127.0.0.1:389',
        baseDN: 'dc=acme,dc=example',
        manager: 'cn=admin,dc=acme,dc=example',
        managerPassword: 'ldap-secret',
      },
    };
    const { reply } = await saveConfig(admin, body);
    expect(reply.errcode).toBe(0);
    const read = (await getConfig(admin)).reply.data;
    expect(read.authConfig).toMatchObject({
      smsAuthenticate: 1,
      smsAffectMode: 'match',
      smsStartRangeIp: '10.0.0.1',
      smsEndRangeIp: '10.0.0.200',
    });
    // Saved as a whole: the group is exactly what was sent (failLoginTimes stays set, nothing merged in).
    expect(read.loginConfig).toEqual(body.loginConfig);
    expect(read.hxImConfig).toEqual({ ...body.hxImConfig, client_secret: UNCHANGED_SECRET });
    const stored = await server.db
      .selectFrom('config')
      .select('value')
      .where('key', '=', 'hxImConfig')
      .executeTakeFirstOrThrow();
    expect(stored.value).toMatchObject({ client_secret: 'im-secret' });
  });

  it('never sends secrets back in clear; the placeholder keeps them, an empty value clears them', async () => {
    await savedWith(admin, 'ldapConfig', { managerPassword: 'first-secret' });
    const { reply } = await savedWith(admin, 'ldapConfig', {
      managerPassword: UNCHANGED_SECRET,
      baseDN: 'dc=kept,dc=example',
    });
    expect(reply.data.ldapConfig.managerPassword).toBe(UNCHANGED_SECRET);
    expect(JSON.stringify(reply.data)).not.toContain('first-secret');
    const stored = async () =>
      (await server.db.selectFrom('config').select('value').where('key', '=', 'ldapConfig').executeTakeFirstOrThrow())
        .value as Record<string, unknown>;
    expect(await stored()).toMatchObject({ managerPassword: 'first-secret', baseDN: 'dc=kept,dc=example' });
    await savedWith(admin, 'ldapConfig', { managerPassword: '' });
    expect((await stored()).managerPassword).toBe('');
    // The messaging client secret is bound to its client id: another id with the placeholder is refused.
    await savedWith(admin, 'hxImConfig', { client_id: 'cid', client_secret: 'im-secret' });
    const im = async () =>
      (await server.db.selectFrom('config').select('value').where('key', '=', 'hxImConfig').executeTakeFirstOrThrow())
        .value;
    const before = await im();
    const moved = await savedWith(admin, 'hxImConfig', { client_id: 'someone-else', client_secret: UNCHANGED_SECRET });
    expect(moved.reply).toMatchObject({ errcode: 1001, data: { errors: [{ field: '/hxImConfig/client_secret' }] } });
    expect(await im()).toEqual(before);
    expect((await getConfig(admin)).reply.data.ldapConfig.managerPassword).toBe('');
  });

  it('refuses broken values with the field messages in the caller language, saving nothing', async () => {
    const before = (await getConfig(admin)).reply.data;
    const broken = {
      authConfig: { smsAuthenticate: 1, smsAffectMode: 'exclude', smsStartRangeIp: '300.1.1.1', smsEndRangeIp: '' },
      loginConfig: { length: 3, legal: 1, legalType: [], noticeAuthor: '0' },
    };
    const en = await savedWith(admin, 'authConfig', broken.authConfig);
    expect(en.reply.errcode).toBe(1001);
    const zh = await saveConfig(admin.withLanguage('zh'), { ...before, groups: undefined, ...broken });
    expect(zh.reply.errcode).toBe(1001);
    const fields = (reply: typeof zh.reply) =>
      Object.fromEntries((reply.data as unknown as ValidationData).errors.map((e) => [e.field, e.message]));
    expect(fields(en.reply)).toMatchObject({
      '/authConfig/smsStartRangeIp': 'Please enter an IPv4 address such as 192.168.1.10.',
      '/authConfig/smsEndRangeIp': 'Please fill in the IP range for this affect mode.',
    });
    // The failed `if` of the rule is not a message of its own: only the fields carry one.
    expect(
      Object.keys(fields(zh.reply)).filter((f) => !f.startsWith('/authConfig/') && !f.startsWith('/loginConfig/')),
    ).toEqual([]);
    expect(fields(zh.reply)).toMatchObject({
      '/authConfig/smsStartRangeIp': '请输入 IPv4 地址，例如 192.168.1.10。',
      '/loginConfig/length': '最小长度必须在 6 到 16 之间。',
      '/loginConfig/legalType': '请至少勾选一种字符类型。',
      '/loginConfig/maxAge': '请填写密码最长有效期。',
      '/loginConfig/noticeMethod': '请至少勾选一种提醒方式。',
    });
    const after = (await getConfig(admin)).reply.data;
    expect(after).toEqual(before);
  });

  it('asks for the CAS addresses and the AD controller only for those SSO types', async () => {
    const cas = await savedWith(admin, 'authConfig', {
      authType: 'sso',
      ssoAuth: 'cas',
      casLoginUrl: '',
      casUrlPrefix: 'not a url',
    });
    expect(cas.reply.errcode).toBe(1001);
    expect(cas.reply.errmsg).toContain('CAS');
    const ad = await savedWith(admin, 'authConfig', {
      authType: 'sso',
      ssoAuth: 'adldapNtlm2',
      adDomainController: '',
    });
    expect(ad.reply.errmsg).toBe('Please fill in the domain controller.');
    const cookie = await savedWith(admin, 'authConfig', {
      authType: 'sso',
      ssoAuth: 'cookie',
      casLoginUrl: '',
      adDomainController: '',
      ssoRedirect: 'https://portal.example/',
    });
    expect(cookie.reply.errcode).toBe(0);
  });

  it('asks for the SMS range only under the default interface, where the form shows it', async () => {
    const sso = await savedWith(admin, 'authConfig', {
      authType: 'sso',
      ssoAuth: 'cookie',
      smsAuthenticate: 1,
      smsAffectMode: 'match',
      smsStartRangeIp: '',
      smsEndRangeIp: '',
    });
    expect(sso.reply.errcode).toBe(0);
    const plain = await savedWith(admin, 'authConfig', { authType: 'default' });
    expect(plain.reply.errmsg).toBe('Please fill in the IP range for this affect mode.');
  });

  it('exports a file without secrets and imports it back, restoring a changed value and keeping secrets', async () => {
    await savedWith(admin, 'hxImConfig', { org_name: 'exported-org', client_secret: 'kept-secret' });
    const file = await exportConfig(admin);
    expect(file.type).toContain('application/json');
    expect(file.disposition).toMatch(/^attachment; filename="atrium-config-\d{8}\.json"$/);
    expect(file.text).not.toContain('kept-secret');
    expect(JSON.parse(file.text).hxImConfig).toMatchObject({
      org_name: 'exported-org',
      client_secret: UNCHANGED_SECRET,
    });

    await savedWith(admin, 'hxImConfig', { org_name: 'changed-org' });
    await savedWith(admin, 'loginConfig', { length: 12 });
    const { reply } = await importConfig(admin, file.text);
    expect(reply.errcode).toBe(0);
    expect(reply.data.changed.sort()).toEqual(['hxImConfig.org_name', 'loginConfig.length']);
    const read = (await getConfig(admin)).reply.data;
    expect(read.hxImConfig.org_name).toBe('exported-org');
    const stored = await server.db
      .selectFrom('config')
      .select('value')
      .where('key', '=', 'hxImConfig')
      .executeTakeFirstOrThrow();
    expect(stored.value).toMatchObject({ client_secret: 'kept-secret' });
    // The same file again changes nothing.
    expect((await importConfig(admin, file.text)).reply.data.changed).toEqual([]);
  });

  it('refuses an import that is not a valid configuration, with nothing changed', async () => {
    const before = (await getConfig(admin)).reply.data;
    const broken = await importConfig(admin, JSON.stringify({ loginConfig: { length: 40 } }));
    expect(broken.reply).toMatchObject({ errcode: 1001 });
    expect(broken.reply.errmsg).toBe('The minimum length must be between 6 and 16.');
    const notJson = await importConfig(admin, '{ not json');
    expect(notJson.reply.errmsg).toBe('The file is not a configuration exported by this console.');
    const wrongType = await importConfig(admin, '{}', 'config.txt');
    expect(wrongType.reply.errmsg).toBe('Only configuration files of these types can be imported: json.');
    const outside = await importPath(admin, '/uploads/lib/icon/system/home.svg');
    expect(outside.reply.errcode).toBe(1001);
    const missing = await importPath(admin, '/uploads/2026/systemImport/missing.json');
    expect(missing.reply.errcode).toBe(1404);
    expect((await getConfig(admin)).reply.data).toEqual(before);
  });
});
