// Login, check codes, sessions, CSRF and the current user, over real HTTP with check codes ON.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodePassword } from '../../src/core/password-codec.ts';
import { hashCost, hashPassword, needsRehash, verifyPassword } from '../../src/server/auth/password-hash.ts';
import { applyAdminPassword } from '../../src/server/seed/first-admin.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, solveCaptcha, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';

const targets = await databaseTargets();

/** A hash of `password` at another cost than new hashes get, as a deployment with an older setting made it. */
const olderHash = (password: string) =>
  hashPassword(password, { N: 2 ** hashCost() === 2048 ? 1024 : 2048, r: 8, p: 1 });

describe.each(targets)('auth on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { captcha: true });
  });
  afterAll(() => server?.close());

  it('serves a check-code image and keeps its text for five minutes', async () => {
    const client = server.client();
    const response = await client.raw('GET', '/authtime/captcha');
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await response.text()).toMatch(/^<svg/);
    const id = client.cookies.get('atrium_cap')!;
    const row = await server.db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.text).toHaveLength(4);
    const minutesLeft = (new Date(row.expires_at).getTime() - Date.now()) / 60000;
    expect(minutesLeft).toBeGreaterThan(4.9);
    expect(minutesLeft).toBeLessThanOrEqual(5);
  });

  it('logs in with the right check code and answers the current user in the envelope', async () => {
    const client = server.client('en');
    const checkcode = await solveCaptcha(client, server.db);
    const response = await client.raw('POST', '/authtime/login', {
      body: { username: ADMIN.username, password: encodePassword(ADMIN.password), checkcode: checkcode.toUpperCase() },
    });
    const reply = await response.json();
    expect(Object.keys(reply).sort()).toEqual(['data', 'errcode', 'errmsg']);
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'auth.login', reply.data)).toEqual([]);
    expect(reply.data).toMatchObject({
      loginno: 'admin',
      name: 'Platform_Administrator',
      superAdmin: true,
      level: 1,
      tenantScoped: false,
      language: 'en',
    });
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('atrium_sid='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    const csrf = cookies.find((c) => c.startsWith('atrium_csrf='))!;
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(csrf).toMatch(/SameSite=Lax/i);
    const profile = await client.call<{ tiles: string[] }>('GET', '/authtime/myprofile');
    expect(profile.reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'auth.myprofile', profile.reply.data)).toEqual([]);
    expect(profile.reply.data).toMatchObject({ loginno: 'admin' });
    // The tiles its rules show it, decided here so the console's home page needs no rule engine (0145).
    const ruledHomeTiles = ['home.debug', 'home.operationLog', 'home.systemCon', 'home.systemMoni', 'home.tasks'];
    expect(profile.reply.data.tiles.filter((key) => key.startsWith('home.'))).toEqual(ruledHomeTiles);
    expect(reply.data.tiles).toEqual(profile.reply.data.tiles);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const client = server.client('en');
    const wrong = await client.login(ADMIN.username, 'not-the-password', await solveCaptcha(client, server.db));
    const unknown = await client.login('nobody-here', 'whatever', await solveCaptcha(client, server.db));
    expect(wrong.reply).toEqual({ errcode: 1002, errmsg: 'Wrong username or password.', data: null });
    expect(unknown.reply).toEqual(wrong.reply);
    expect(client.cookies.has('atrium_sid')).toBe(false);
  });

  it('refuses a missing, wrong, reused or expired check code', async () => {
    const client = server.client('en');
    const empty = await client.login(ADMIN.username, ADMIN.password, '');
    expect(empty.reply).toMatchObject({ errcode: 1003, errmsg: 'The check code is wrong or has expired.' });

    const right = await solveCaptcha(client, server.db);
    const wrong = await client.login(ADMIN.username, ADMIN.password, right === 'abcd' ? 'abce' : 'abcd');
    expect(wrong.reply.errcode).toBe(1003);
    const reused = await client.login(ADMIN.username, ADMIN.password, right); // the wrong try spent it
    expect(reused.reply.errcode).toBe(1003);

    const stale = await solveCaptcha(client, server.db);
    await server.db
      .updateTable('captchas')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', client.cookies.get('atrium_cap')!)
      .execute();
    const expired = await client.login(ADMIN.username, ADMIN.password, stale);
    expect(expired.reply.errcode).toBe(1003);

    const noField = await client.call('POST', '/authtime/login', {
      body: { username: 'admin', password: encodePassword('x') },
    });
    expect(noField.reply).toMatchObject({ errcode: 1001, errmsg: 'Please enter the check code.' });
    expect(client.cookies.has('atrium_sid')).toBe(false);
  });

  it('refuses an account that is not effective with 1004, after the right password', async () => {
    await server.db
      .insertInto('superusers')
      .values({
        id: randomUUID(),
        name: 'Former Admin',
        loginno: 'former',
        password_hash: await hashPassword('Former@2026'),
        status: 0,
        super_admin: true,
      })
      .execute();
    const client = server.client('en');
    const right = await client.login('former', 'Former@2026', await solveCaptcha(client, server.db));
    expect(right.reply).toMatchObject({ errcode: 1004, errmsg: 'This account is not effective.' });
    const wrong = await client.login('former', 'nope', await solveCaptcha(client, server.db));
    expect(wrong.reply.errcode).toBe(1002);
  });

  it("brings a hash made at another cost to the deployment's at a right sign-in, and only then", async () => {
    const older = await olderHash('Older@2026');
    const id = randomUUID();
    await server.db
      .insertInto('superusers')
      .values({ id, name: 'Older Hash', loginno: 'olderhash', password_hash: older, status: 1, super_admin: true })
      .execute();
    const stored = async () =>
      (await server.db.selectFrom('superusers').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;
    const client = server.client('en');
    const wrong = await client.login('olderhash', 'Older@2027', await solveCaptcha(client, server.db));
    expect(wrong.reply.errcode).toBe(1002);
    expect(await stored()).toBe(older);
    const right = await client.login('olderhash', 'Older@2026', await solveCaptcha(client, server.db));
    expect(right.reply.errcode).toBe(0);
    const now = await stored();
    expect(now).toMatch(new RegExp(`^scrypt\\$${2 ** hashCost()}\\$8\\$1\\$`));
    expect(needsRehash(now)).toBe(false);
    const again = server.client('en');
    expect((await again.login('olderhash', 'Older@2026', await solveCaptcha(again, server.db))).reply.errcode).toBe(0);
    expect(await stored()).toBe(now);
  });

  it("brings admin's hash made at another cost to the deployment's at a start whose ATRIUM_ADMIN_PASSWORD matches", async () => {
    const admin = () =>
      server.db
        .selectFrom('superusers')
        .select(['password_hash', 'password_changed_at'])
        .where('loginno', '=', ADMIN.username)
        .executeTakeFirstOrThrow();
    const older = await olderHash(ADMIN.password);
    await server.db
      .updateTable('superusers')
      .set({ password_hash: older })
      .where('loginno', '=', ADMIN.username)
      .execute();
    const before = await admin();
    await applyAdminPassword(server.db, ADMIN.password);
    const after = await admin();
    expect(after.password_hash).not.toBe(older);
    expect(needsRehash(after.password_hash)).toBe(false);
    expect(await verifyPassword(ADMIN.password, after.password_hash)).toBe(true);
    expect(after.password_changed_at).toEqual(before.password_changed_at);
    // At the deployment's cost already: a start leaves it as it is.
    await applyAdminPassword(server.db, ADMIN.password);
    expect((await admin()).password_hash).toBe(after.password_hash);
  });

  it('answers a password that is not in the wire encoding with a clear message', async () => {
    const client = server.client('en');
    const checkcode = await solveCaptcha(client, server.db);
    const { reply } = await client.call('POST', '/authtime/login', {
      body: { username: 'admin', password: '%%%', checkcode },
    });
    expect(reply).toMatchObject({ errcode: 1001, errmsg: 'The password is not encoded correctly.' });
  });

  it('answers HTTP 401 with errcode 401 to calls that need a session', async () => {
    const client = server.client('en');
    for (const [method, path, body] of [
      ['GET', '/authtime/myprofile'],
      ['POST', '/authtime/domains', {}],
      ['GET', '/authtime/domain/x'],
    ] as const) {
      const result = await client.call(method, path, { body });
      expect(result.status).toBe(401);
      expect(result.reply).toEqual({ errcode: 401, errmsg: 'Please sign in.', data: null });
    }
    const forged = server.client('en');
    forged.cookies.set('atrium_sid', 'made-up');
    expect((await forged.call('GET', '/authtime/myprofile')).status).toBe(401);
  });

  it('refuses writes without the CSRF token of the session (HTTP 403, errcode 1419)', async () => {
    const client = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    const missing = await client.call('POST', '/authtime/domains', { body: {}, withoutCsrf: true });
    expect(missing.status).toBe(403);
    expect(missing.reply).toMatchObject({
      errcode: 1419,
      errmsg: 'The request could not be verified. Reload the page and try again.',
    });
    const other = await server.signedIn(ACME.username, ACME.password);
    const foreign = await client.call('POST', '/authtime/logout', {
      headers: { 'x-csrf-token': other.cookies.get('atrium_csrf')! },
      withoutCsrf: true,
    });
    expect(foreign.reply.errcode).toBe(1419);
    expect((await client.call('GET', '/authtime/myprofile')).reply.errcode).toBe(0); // still signed in
    expect((await client.call('POST', '/authtime/domains', { body: {} })).reply.errcode).toBe(0);
  });

  it('logs out: the session row and the cookies are gone', async () => {
    const client = await server.signedIn(ACME.username, ACME.password);
    const before = await server.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const { reply } = await client.call('POST', '/authtime/logout');
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: 'ok' });
    const after = await server.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n - 1);
    expect(client.cookies.has('atrium_sid')).toBe(false);
    expect((await client.call('GET', '/authtime/myprofile')).status).toBe(401);
  });

  it('replaces the previous session of the browser at a new login', async () => {
    const client = await server.signedIn(ACME.username, ACME.password);
    const firstCookie = client.cookies.get('atrium_sid')!;
    const stale = server.client();
    stale.cookies.set('atrium_sid', firstCookie);
    const { reply } = await client.login(ADMIN.username, ADMIN.password, await solveCaptcha(client, server.db));
    expect(reply.errcode).toBe(0);
    expect(client.cookies.get('atrium_sid')).not.toBe(firstCookie);
    expect((await stale.call('GET', '/authtime/myprofile')).status).toBe(401);
    expect((await client.call<{ loginno: string }>('GET', '/authtime/myprofile')).reply.data.loginno).toBe('admin');
  });

  it('describes each demo role with its level and tenant scope', async () => {
    const expected = {
      acme: { level: 2, tenantScoped: true, domainAdmin: true, superAdmin: false },
      dev: { level: 3, tenantScoped: false, developer: true },
      sales: { level: 2, tenantScoped: false },
    };
    const passwords = { acme: 'Acme@2026', dev: 'Dev@2026', sales: 'Sales@2026' };
    for (const [loginno, flags] of Object.entries(expected)) {
      const client = await server.signedIn(loginno, passwords[loginno as keyof typeof passwords]);
      const { reply } = await client.call<Record<string, unknown>>('GET', '/authtime/myprofile');
      expect(reply.data).toMatchObject(flags);
      expect(replyProblems(server.catalogue, 'auth.myprofile', reply.data)).toEqual([]);
    }
  });

  it('speaks the atrium_lang cookie, else the stored language, else zh', async () => {
    const wrongLogin = async (client: ReturnType<TestServer['client']>) =>
      (await client.login('admin', 'nope', await solveCaptcha(client, server.db))).reply.errmsg;
    const text = (lang: string) => server.catalogue.labels[lang]['error.badCredentials'];
    expect(new Set(['en', 'zh', 'cn'].map(text)).size).toBe(3);
    expect(await wrongLogin(server.client())).toBe(text('zh'));
    expect(await wrongLogin(server.client('cn'))).toBe(text('cn'));
    await writeConfig(server.db, { language: 'en' });
    try {
      expect(await wrongLogin(server.client())).toBe(text('en'));
      expect(await wrongLogin(server.client('zh'))).toBe(text('zh'));
    } finally {
      await writeConfig(server.db, { language: 'zh' });
    }
  });
});
