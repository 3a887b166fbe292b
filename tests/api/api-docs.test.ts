// API documentation with sign-in and the web services (docs/adr/0063-api-docs-sign-in-web-services.md) on both databases: the users of a
// role in an enterprise; a sign-in as one of them that the runtime calls accept for that user only,
// that ends at its time, at once on sign-out, and with the console session that made it (docs/adr/0068-monitor-cost-docs-sign-in-language.md), that is logged with its reason and user, and that never
// reaches a console call; the services an enterprise offers with their state. Only the platform's
// administrators may call them; bad input changes nothing and answers a localized message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
type SignedIn = {
  active: true;
  accessToken: string;
  userId: string;
  userCode: string;
  userName: string;
  domainId: string;
  domainName: string;
  impersonator: string;
  reason: string;
  expiresAt: string;
};
type UserPage = { datas: Array<{ id: string; name: string; loginno: string; status: number }>; rowCount: number };
type Service = { applicationId: string; processId: string; state: string; running: number; lastStarted: string | null };
type LogPage = { datas: Array<{ call: string; target: string; change: unknown; errcode: number; operator: string }> };

describe.each(targets)('API documentation sign-in on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let acmeId: string;
  let globexId: string;
  let alice: { id: string; loginno: string };
  let bob: { id: string; loginno: string };

  const signIn = (
    client: ApiClient,
    userid: string,
    body: Record<string, unknown> = { reason: 'Reproduce ticket 42' },
  ) => client.call<SignedIn>('POST', '/authtime/swagger/login', { query: { userid }, body });
  const messages = (client: ApiClient, accessToken: string, userCode: string, headers?: Record<string, string>) =>
    client.call<{ unread: number }>('GET', '/rest/bpm/messages', { query: { accessToken, userCode }, headers });
  const docTokens = () =>
    server.db
      .selectFrom('api_tokens')
      .select(['token_hash', 'user_id', 'signed_in_by'])
      .where('user_id', 'is not', null)
      .execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
    const onJob = await server.db
      .selectFrom('users')
      .select(['id', 'loginno'])
      .where('domain_id', '=', acmeId)
      .where('status', '=', 1)
      .orderBy('loginno')
      .limit(2)
      .execute();
    [alice, bob] = onJob;
  });
  afterAll(() => server?.close());

  it("lists an enterprise's on-job users, of one role when named; refuses a missing enterprise with the spec's message", async () => {
    const all = await admin.call<UserPage>('GET', '/authtime/swagger/getuserlistbyrole', {
      query: { domainid: acmeId, currpage: 1, pagelines: 100 },
    });
    expect(all.reply.errcode, all.reply.errmsg).toBe(0);
    expect(all.reply.data.datas.length).toBeGreaterThan(1);
    expect(all.reply.data.datas.every((u) => u.status === 1)).toBe(true);
    const role = await server.db
      .selectFrom('role_users as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .select(['h.role_id', 'u.id'])
      .where('u.domain_id', '=', acmeId)
      .where('u.status', '=', 1)
      .executeTakeFirstOrThrow();
    const holders = await admin.call<UserPage>('GET', '/authtime/swagger/getuserlistbyrole', {
      query: { domainid: acmeId, roleid: role.role_id, pagelines: 100 },
    });
    const holderIds = new Set(
      (
        await server.db
          .selectFrom('role_users as h')
          .innerJoin('users as u', 'u.id', 'h.user_id')
          .select('u.id')
          .where('h.role_id', '=', role.role_id)
          .where('u.domain_id', '=', acmeId)
          .where('u.status', '=', 1)
          .execute()
      ).map((r) => r.id),
    );
    expect(holders.reply.data.rowCount).toBe(holderIds.size);
    expect(holders.reply.data.datas.length).toBeGreaterThan(0);
    expect(holders.reply.data.datas.every((u) => holderIds.has(u.id))).toBe(true);
    // The picker's search and department tab: a part of a name or login number, one department, on-job users only.
    const found = await admin.call<UserPage>('GET', '/authtime/swagger/getuserlistbyrole', {
      query: { domainid: acmeId, keyword: 'ACME123', pagelines: 100 },
    });
    const expected = await server.db
      .selectFrom('users')
      .select('loginno')
      .where('domain_id', '=', acmeId)
      .where('status', '=', 1)
      .where('loginno', 'like', 'acme123%')
      .execute();
    expect(found.reply.data.datas.map((u) => u.loginno).sort()).toEqual(expected.map((u) => u.loginno).sort());
    expect(found.reply.data.rowCount).toBeGreaterThan(0);
    const department = await server.db
      .selectFrom('users')
      .select('department_id')
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    const inDepartment = await admin.call<{ datas: Array<{ id: string; departmentName: string }>; rowCount: number }>(
      'GET',
      '/authtime/swagger/getuserlistbyrole',
      { query: { domainid: acmeId, departmentid: department.department_id!, pagelines: 100 } },
    );
    const onJobThere = await server.db
      .selectFrom('users')
      .select('id')
      .where('department_id', '=', department.department_id!)
      .where('status', '=', 1)
      .execute();
    expect(inDepartment.reply.data.rowCount).toBe(onJobThere.length);
    expect(new Set(inDepartment.reply.data.datas.map((u) => u.departmentName)).size).toBe(1);
    // Another enterprise's department holds none of Acme's users.
    const elsewhere = await admin.call<UserPage>('GET', '/authtime/swagger/getuserlistbyrole', {
      query: { domainid: globexId, departmentid: department.department_id!, pagelines: 100 },
    });
    expect(elsewhere.reply.data.rowCount).toBe(0);
    expect(holders.reply.data.rowCount).toBeLessThan(all.reply.data.rowCount);
    const none = await admin.call('GET', '/authtime/swagger/getuserlistbyrole', { query: { currpage: 1 } });
    expect(none.reply).toMatchObject({ errcode: 1001 });
    expect(none.reply.errmsg).toContain('Select an enterprise before picking a user.');
    expect(
      (await admin.call('GET', '/authtime/swagger/getuserlistbyrole', { query: { domainid: 'no-such' } })).reply
        .errcode,
    ).toBe(1404);
    expect(
      (
        await admin.call('GET', '/authtime/swagger/getuserlistbyrole', {
          query: { domainid: acmeId, roleid: 'no-such' },
        })
      ).reply.errcode,
    ).toBe(1404);
    // A tenant administrator may not list anyone's, its own enterprise's included.
    expect(
      (await acme.call('GET', '/authtime/swagger/getuserlistbyrole', { query: { domainid: acmeId } })).reply.errcode,
    ).toBe(1403);
  });

  it('signs in as a user for the runtime calls of that user only, banner facts in the reply, until sign-out', async () => {
    const made = await signIn(admin, alice.id, { reason: 'Reproduce ticket 42', minutes: 30 });
    expect(made.reply.errcode, made.reply.errmsg).toBe(0);
    const doc = made.reply.data;
    expect(doc).toMatchObject({
      active: true,
      userId: alice.id,
      userCode: alice.loginno,
      domainId: acmeId,
      domainName: 'Acme',
      impersonator: 'Platform_Administrator (admin)',
      reason: 'Reproduce ticket 42',
    });
    const minutesLeft = (new Date(doc.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30.1);
    // Try-it-out: the runtime call answers as that user, with or without the frame's bearer header.
    expect((await messages(server.client('en'), doc.accessToken, alice.loginno)).reply.errcode).toBe(0);
    expect(
      (
        await messages(server.client('en'), doc.accessToken, alice.loginno, {
          authorization: `Bearer ${doc.accessToken}`,
        })
      ).reply.errcode,
    ).toBe(0);
    // Never as anyone else of the enterprise.
    const other = await messages(server.client('en'), doc.accessToken, bob.loginno);
    expect(other.reply).toMatchObject({
      errcode: 1403,
      errmsg: 'This documentation sign-in acts only as the user it was made for.',
    });
    // The caller's live sign-in, without the token.
    const current = await admin.call<Record<string, unknown>>('GET', '/authtime/swagger/signin');
    expect(current.reply.data).toMatchObject({
      active: true,
      userCode: alice.loginno,
      reason: 'Reproduce ticket 42',
      impersonator: 'Platform_Administrator (admin)',
    });
    expect(JSON.stringify(current.reply.data)).not.toContain(doc.accessToken);
    // A new sign-in ends the earlier one.
    const second = (await signIn(admin, bob.id)).reply.data;
    expect((await messages(server.client('en'), doc.accessToken, alice.loginno)).reply.errcode).toBe(401);
    expect((await messages(server.client('en'), second.accessToken, bob.loginno)).reply.errcode).toBe(0);
    // Sign-out ends it at once.
    const out = await admin.call<{ ended: number; message: string }>('POST', '/authtime/swagger/logout');
    expect(out.reply).toMatchObject({
      errcode: 0,
      data: { ended: 1, message: 'Signed out of the documentation: its token no longer works.' },
    });
    expect((await messages(server.client('en'), second.accessToken, bob.loginno)).reply.errcode).toBe(401);
    expect((await admin.call('GET', '/authtime/swagger/signin')).reply.data).toEqual({ active: false });
    expect(await docTokens()).toEqual([]);
  });

  it("ends with the console session that made it: its sign-out, an administrator ending it, its time; another session's sign-out does not", async () => {
    const sessionOf = async (accessToken: string) => {
      const rows = await server.db
        .selectFrom('api_tokens')
        .select(['token_hash', 'session_id'])
        .where('signed_in_by', 'is not', null)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].session_id).not.toBeNull();
      expect(rows[0].token_hash).not.toBe(accessToken);
      return rows[0].session_id!;
    };
    const works = async (accessToken: string, userCode: string) =>
      (await messages(server.client('en'), accessToken, userCode)).reply.errcode;
    // Sign-out (auth.logout) of the session that signed in ends it; the administrator's other session's does not.
    const console1 = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const console2 = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const doc = (await signIn(console1, alice.id)).reply.data;
    await sessionOf(doc.accessToken);
    expect((await console2.call('POST', '/authtime/logout')).reply.errcode).toBe(0);
    expect(await works(doc.accessToken, alice.loginno)).toBe(0);
    expect((await admin.call('GET', '/authtime/swagger/signin')).reply.data).toMatchObject({
      active: true,
      userCode: alice.loginno,
    });
    expect((await console1.call('POST', '/authtime/logout')).reply.errcode).toBe(0);
    expect(await works(doc.accessToken, alice.loginno)).toBe(401);
    expect(await docTokens()).toEqual([]);
    expect((await admin.call('GET', '/authtime/swagger/signin')).reply.data).toEqual({ active: false });
    // A session an administrator ends (online users' "offline") takes its sign-in along.
    const console3 = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const third = (await signIn(console3, bob.id)).reply.data;
    const session3 = await sessionOf(third.accessToken);
    expect((await admin.call('DELETE', `/authtime/onlines/${encodeURIComponent(session3)}`)).reply.errcode).toBe(0);
    expect(await works(third.accessToken, bob.loginno)).toBe(401);
    expect(await docTokens()).toEqual([]);
    // A session past its time ends it at once, before the purge removes the session's row; the purge then removes it.
    const console4 = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const fourth = (await signIn(console4, alice.id)).reply.data;
    const session4 = await sessionOf(fourth.accessToken);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session4)
      .execute();
    expect(await works(fourth.accessToken, alice.loginno)).toBe(401);
    expect((await admin.call('GET', '/authtime/swagger/signin')).reply.data).toEqual({ active: false });
    await server.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
    expect(await docTokens()).toEqual([]);
    // The administrator's own console (another session) is untouched throughout.
    expect((await admin.call('GET', '/authtime/myprofile')).reply.errcode).toBe(0);
  });

  it('expires at its time (default 30 minutes)', async () => {
    const doc = (await signIn(admin, alice.id)).reply.data;
    expect((new Date(doc.expiresAt).getTime() - Date.now()) / 60_000).toBeGreaterThan(29);
    await server.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('signed_in_by', 'is not', null)
      .execute();
    expect((await messages(server.client('en'), doc.accessToken, alice.loginno)).reply.errcode).toBe(401);
    expect((await admin.call('GET', '/authtime/swagger/signin')).reply.data).toEqual({ active: false });
    expect((await admin.call<{ ended: number }>('POST', '/authtime/swagger/logout')).reply.data.ended).toBe(0);
  });

  it("never reaches a console call: not as a session, and a bearer request is refused even with the administrator's cookie", async () => {
    const doc = (await signIn(admin, alice.id)).reply.data;
    const bearer = { authorization: `Bearer ${doc.accessToken}` };
    // The token is no session.
    expect(
      (await server.client('en').call('GET', '/authtime/myprofile', { query: { accessToken: doc.accessToken } }))
        .status,
    ).toBe(401);
    expect((await server.client('en').call('GET', '/authtime/myprofile', { headers: bearer })).reply).toMatchObject({
      errcode: 1403,
      errmsg: "A documentation sign-in reaches only the front-end API, never the console's calls.",
    });
    // The documentation frame's request, should the browser add the administrator's cookie to it.
    expect((await admin.call('GET', '/authtime/myprofile', { headers: bearer })).reply.errcode).toBe(1403);
    expect((await admin.call('GET', '/authtime/onlines', { headers: bearer })).reply.errcode).toBe(1403);
    const before = await server.db
      .selectFrom('domains')
      .select('description')
      .where('id', '=', acmeId)
      .executeTakeFirstOrThrow();
    const domain = (await admin.call<Record<string, unknown>>('GET', `/authtime/domain/${acmeId}`)).reply.data;
    const write = await admin.call('PUT', `/authtime/domain/${acmeId}`, {
      body: { ...domain, description: 'Written through the documentation' },
      headers: bearer,
    });
    expect(write.reply.errcode).toBe(1403);
    expect(
      await server.db.selectFrom('domains').select('description').where('id', '=', acmeId).executeTakeFirstOrThrow(),
    ).toEqual(before);
    // Nor can it sign in again as someone else, or make itself a new one.
    expect(
      (
        await admin.call('POST', '/authtime/swagger/login', {
          query: { userid: bob.id },
          body: { reason: 'escalate' },
          headers: bearer,
        })
      ).reply.errcode,
    ).toBe(1403);
    // Without the header the administrator's own console works: the refusal is the token's alone.
    expect((await admin.call('GET', '/authtime/myprofile')).reply.errcode).toBe(0);
    await admin.call('POST', '/authtime/swagger/logout');
  });

  it('is logged with the reason and the user signed in as', async () => {
    await signIn(admin, bob.id, { reason: 'Check the approval of order 7', minutes: 15 });
    let entry: LogPage['datas'][number] | undefined;
    for (let i = 0; i < 50 && !entry; i++) {
      const page = await admin.call<LogPage>('POST', '/authtime/domain/platform/loggers', {
        body: { call: 'apiDocs.signIn' },
        query: { pagelines: 100 },
      });
      entry = page.reply.data?.datas.find((e) => JSON.stringify(e.change).includes('order 7'));
      if (!entry) await new Promise((r) => setTimeout(r, 50));
    }
    expect(entry).toMatchObject({
      call: 'apiDocs.signIn',
      target: bob.id,
      errcode: 0,
      operator: 'Platform_Administrator (admin)',
      change: { reason: 'Check the approval of order 7', minutes: 15 },
    });
    // The token is never in the log.
    await admin.call('POST', '/authtime/swagger/logout');
  });

  it('refuses bad input with a localized message and changes nothing; refuses other callers', async () => {
    const noReason = await signIn(admin, alice.id, { reason: '   ' });
    expect(noReason.reply.errcode).toBe(1001);
    expect(noReason.reply.errmsg).toContain('Give the reason for signing in as this user.');
    const zh = await signIn(admin.withLanguage('zh'), alice.id, {});
    expect(zh.reply.errcode).toBe(1001);
    expect(zh.reply.errmsg).toContain('请填写以该用户身份登录的原因。');
    const noUser = await admin.call('POST', '/authtime/swagger/login', { body: { reason: 'x' } });
    expect(noUser.reply.errcode).toBe(1001);
    expect(noUser.reply.errmsg).toContain('Select a user before signing in.');
    expect((await signIn(admin, alice.id, { reason: 'x', minutes: 0 })).reply.errcode).toBe(1001);
    expect((await signIn(admin, alice.id, { reason: 'x', minutes: 121 })).reply.errcode).toBe(1001);
    expect((await signIn(admin, 'no-such-user')).reply.errcode).toBe(1404);
    const resigned = await server.db.selectFrom('users').select('id').where('status', '=', 0).executeTakeFirst();
    if (resigned) expect((await signIn(admin, resigned.id)).reply.errcode).toBe(1009);
    // A tenant administrator may not sign in as a user of its own enterprise nor of another.
    const globexUser = await server.db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', globexId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await signIn(acme, alice.id)).reply.errcode).toBe(1403);
    expect((await signIn(acme, globexUser.id)).reply.errcode).toBe(1403);
    expect((await acme.call('POST', '/authtime/swagger/logout')).reply.errcode).toBe(1403);
    expect((await acme.call('GET', '/authtime/swagger/signin')).reply.errcode).toBe(1403);
    expect(await docTokens()).toEqual([]);
  });
});

describe.each(targets)('web services on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(() => server?.close());

  it("lists an enterprise's services with their state: ready once it has a secret; its running instances; out of reach refused", async () => {
    const admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
    await server.db.deleteFrom('domain_secrets').where('domain_id', '=', acmeId).execute();
    const before = await admin.call<Service[]>('GET', `/authtime/domain/${acmeId}/services`);
    expect(before.reply.errcode, before.reply.errmsg).toBe(0);
    expect(before.reply.data.length).toBeGreaterThan(0);
    expect(new Set(before.reply.data.map((s) => s.state))).toEqual(new Set(['noSecret']));
    for (const s of before.reply.data) {
      const running = await server.db
        .selectFrom('flow_instances')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('domain_id', '=', acmeId)
        .where('application_id', '=', s.applicationId)
        .where('process_id', '=', s.processId)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      expect(s.running).toBe(Number(running.n));
      if (s.lastStarted !== null) expect(s.lastStarted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect((await admin.call('PUT', `/authtime/domain/${acmeId}/secret`)).reply.errcode).toBe(0);
    const after = await acme.call<Service[]>('GET', `/authtime/domain/${acmeId}/services`);
    expect(new Set(after.reply.data.map((s) => s.state))).toEqual(new Set(['ready']));
    // Another tenant's administrator: not in reach.
    expect((await acme.call('GET', `/authtime/domain/${globexId}/services`)).reply.errcode).toBe(1404);
  });
});
