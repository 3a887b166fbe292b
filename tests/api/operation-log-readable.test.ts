// The operation log reads like a log (docs/adr/0093-readable-operation-log.md) on both databases: an entry's action in the
// reader's language and its target by record name, its outcome in the reader's language whatever
// language the caller acted in; users changed or resigned in a batch are entries of their enterprise's
// log naming those users; and `all` lists every chain's entries in one list for a platform reader (in
// security separation the auditor), never for an enterprise's administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { getDomain, updateDomain } from './helpers/domain-calls.ts';
import { idsByName, setSecurityMode } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';
import type { EntryReply } from '../../src/server/areas/operation-log/log-queries.ts';
import { listLog, logEntries } from './helpers/operation-log-calls.ts';

const targets = await databaseTargets();

describe.each(targets)('a readable operation log on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let adminZh: ApiClient;
  let acme: ApiClient;
  let acmeId: string;
  let globexId: string;

  const list = listLog;
  /** Acme's first active users, by login. */
  const activeAcmeUsers = (count: number) =>
    server.db
      .selectFrom('users')
      .select(['id', 'name', 'loginno'])
      .where('domain_id', '=', acmeId)
      .where('status', '=', 1)
      .orderBy('loginno')
      .limit(count)
      .execute();
  const entries = logEntries;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    adminZh = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
  });
  afterAll(async () => {
    if (server) await setSecurityMode(server.db, false);
    await server?.close();
  });

  it("reads an English caller's entry in Chinese: action, target name and outcome, the record kept", async () => {
    const domain = (await getDomain(admin, acmeId)).reply.data;
    expect((await updateDomain(admin, acmeId, { ...domain, description: 'Readable' })).reply.errcode).toBe(0);
    const refused = await admin.call('PUT', `/authtime/domain/${acmeId}`, { body: { ...domain, name: '' } });
    expect(refused.reply.errcode).toBe(1001);

    const [saved] = await entries(adminZh, acmeId, { call: 'domains.update', outcome: 'success' });
    expect(saved).toMatchObject({
      call: 'domains.update',
      action: '修改调用者所管理企业的所发送字段',
      target: acmeId,
      targetName: 'Acme',
      outcomeText: '成功',
    });
    const [failed] = await entries(adminZh, acmeId, { call: 'domains.update', outcome: 'refused' });
    expect(failed.outcomeText).toBe('输入无效。');
    expect(failed.message).toMatch(/[A-Za-z]/); // the record: as the English caller read it
    const [inEnglish] = await entries(admin, acmeId, { call: 'domains.update', outcome: 'success' });
    expect(inEnglish).toMatchObject({
      action: 'Changes the fields sent of an enterprise the caller governs',
      targetName: 'Acme',
      outcomeText: 'Done',
    });
  });

  it("logs a batch change and a resignation in the users' enterprise, naming the users", async () => {
    const users = await activeAcmeUsers(2);
    const ids = users.map((u) => u.id);
    const batch = await admin.call('POST', '/authtime/user/batch', {
      body: { userIds: ids, fields: { loginLocked: false } },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    const resign = await admin.call('PUT', '/authtime/user/abandonment', { body: { userIds: [ids[1]] } });
    expect(resign.reply.errcode, resign.reply.errmsg).toBe(0);

    const [changed] = await entries(admin, acmeId, { call: 'users.batch' });
    expect(changed).toMatchObject({
      domainid: acmeId,
      target: ids.join(','),
      targetName: users.map((u) => `${u.name} (${u.loginno})`).join(', '),
      errcode: 0,
    });
    const [resigned] = await entries(admin, acmeId, { call: 'users.resign' });
    expect(resigned).toMatchObject({
      domainid: acmeId,
      target: ids[1],
      targetName: `${users[1].name} (${users[1].loginno})`,
      errcode: 0,
    });
    expect(await entries(admin, 'platform', { call: 'users.batch' })).toEqual([]);
  });

  it('names a target as its record is named now, though the names were kept: a rename by a call or in the database', async () => {
    const created = await acme.call<{ id: string }>('POST', `/authtime/domain/${acmeId}/calendar`, {
      body: { name: 'Log names before' },
    });
    expect(created.reply.errcode, created.reply.errmsg).toBe(0);
    const id = created.reply.data.id;
    const rename = async (name: string) => {
      const renamed = await acme.call('PUT', `/authtime/domain/${acmeId}/calendar/${id}`, { body: { name } });
      expect(renamed.reply.errcode, renamed.reply.errmsg).toBe(0);
    };
    const firstUpdate = async () =>
      (await entries(admin, acmeId, { call: 'calendars.update' })).filter((e) => e.target === id).at(-1);
    await rename('Log names before');
    expect(await firstUpdate()).toMatchObject({ target: id, targetName: 'Log names before' });
    // A calendar's table was announced by no trigger before migration 0072: the kept name would stay.
    await rename('Log names after');
    expect(await firstUpdate()).toMatchObject({ target: id, targetName: 'Log names after' });

    // A rename nothing logs (a directory sync writes users so): the page is kept, the name is read again.
    const [user] = await activeAcmeUsers(1);
    const batch = await admin.call('POST', '/authtime/user/batch', {
      body: { userIds: [user.id], fields: { loginLocked: false } },
    });
    expect(batch.reply.errcode, batch.reply.errmsg).toBe(0);
    const batchEntry = async () =>
      (await entries(admin, acmeId, { call: 'users.batch' })).find((e) => e.target === user.id);
    expect((await batchEntry())?.targetName).toBe(`${user.name} (${user.loginno})`);
    await server.db.updateTable('users').set({ name: 'Renamed_In_Directory' }).where('id', '=', user.id).execute();
    try {
      await expect.poll(async () => (await batchEntry())?.targetName).toBe(`Renamed_In_Directory (${user.loginno})`);
    } finally {
      await server.db.updateTable('users').set({ name: user.name }).where('id', '=', user.id).execute();
    }
  });

  it("lists every enterprise's entries and the platform's in one list for a platform reader only", async () => {
    const globexDomain = (await getDomain(admin, globexId)).reply.data;
    expect((await updateDomain(admin, globexId, { ...globexDomain, description: 'Readable too' })).reply.errcode).toBe(
      0,
    );
    const all = await entries(admin, 'all');
    const chains = new Set(all.map((e) => e.domainid));
    expect(chains).toContain(acmeId);
    expect(chains).toContain(globexId);
    expect(chains).toContain(null); // the sign-ins of platform users
    expect((await list(acme, 'all')).reply.errcode).toBe(1404);
    const verify = await admin.call('POST', '/authtime/domain/all/logger/verify');
    expect(verify.reply.errcode).toBe(1001);

    await setSecurityMode(server.db, true);
    const auditor = await server.signedIn('auditor', 'Auditor@2026', 'en');
    const seen = new Set((await entries(auditor, 'all')).map((e) => e.domainid));
    expect([acmeId, globexId, null].every((d) => seen.has(d))).toBe(true);
    const one = (await entries(auditor, 'all', { call: 'users.batch' }))[0];
    const opened = await auditor.call<EntryReply>('GET', '/authtime/domain/all/logger', { query: { logid: one.id } });
    expect(opened.reply.data).toMatchObject({ id: one.id, domainid: acmeId });
    await setSecurityMode(server.db, false);
  });
});
