// Per-address rate limits (plugins/rate-limits.ts) with low limits on a test server: the refusal is
// HTTP 429 with Retry-After and the localized envelope, it runs before the handler (a refused login
// counts no failed login and opens no session, a refused test SMS reaches no gateway, a refused password
// change changes nothing) and another address is not refused. The variables' syntax is checked too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword } from '../../src/core/password-codec.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { DEFAULT_RATE_LIMITS, parseRateLimit, rateLimitsFromEnv } from '../../src/server/plugins/rate-limits.ts';
import { httpGateway } from '../../src/server/integrations/sms/http-gateway.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../support/fake-sms-gateway.ts';
import { databaseTargets } from './helpers/databases.ts';
import { createDomain, uniqueName } from './helpers/domain-calls.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient, CallResult } from './helpers/api-client.ts';

const targets = await databaseTargets();
const REFUSED = /^Too many attempts from your address\. Try again in \d+ seconds\.$/;

function expectRefused(result: CallResult, windowSeconds: number): void {
  expect(result.status).toBe(429);
  expect(result.reply).toMatchObject({ errcode: 1429, errmsg: expect.stringMatching(REFUSED), data: null });
  const retryAfter = Number(result.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limit settings', () => {
  it('reads MAX/SECONDS, MAX (per minute) and off, and refuses anything else', () => {
    expect(parseRateLimit('X', '10/60')).toEqual({ max: 10, windowSeconds: 60 });
    expect(parseRateLimit('X', ' 3 ')).toEqual({ max: 3, windowSeconds: 60 });
    expect(parseRateLimit('X', 'off')).toBeNull();
    for (const bad of ['0', '10/0', 'ten', '10/1m', '-1']) expect(() => parseRateLimit('X', bad), bad).toThrow(/X=/);
    expect(rateLimitsFromEnv({})).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitsFromEnv({ ATRIUM_RATE_LIMIT_LOGIN: '20/30', ATRIUM_RATE_LIMIT_SMS_TEST: 'off' })).toMatchObject({
      'auth.login': { max: 20, windowSeconds: 30 },
      'sms.test': null,
      'auth.captcha': DEFAULT_RATE_LIMITS['auth.captcha'],
    });
  });
});

describe.each(targets)('rate limits on $name', (target) => {
  let gateway: FakeSmsGateway;
  let server: TestServer;
  let admin: ApiClient;
  const login = (client: ApiClient, username: string, password: string) =>
    client.call('POST', '/authtime/login', { body: { username, password: encodePassword(password), checkcode: '' } });
  const acmeState = () =>
    server.db
      .selectFrom('superusers')
      .select(['failed_logins', 'password_hash'])
      .where('loginno', '=', ACME.username)
      .executeTakeFirstOrThrow();
  const sessionCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    gateway = await startFakeSmsGateway();
    gateway.answer({ type: 'success', message: 'queued' });
    server = await startTestServer(target, {
      smsGateway: httpGateway({ url: gateway.url, username: 'atrium', password: 'gw-pass', timeoutMs: 3000 }),
      rateLimits: {
        'auth.login': { max: 3, windowSeconds: 60 },
        'auth.captcha': { max: 2, windowSeconds: 30 },
        'sms.test': { max: 1, windowSeconds: 60 },
        'auth.changePassword': { max: 1, windowSeconds: 60 },
        'openApi.accessToken': { max: 2, windowSeconds: 60 },
      },
    });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en'); // login 1 of 3 from 127.0.0.1
    await writeConfig(server.db, { loginConfig: { failLoginTimes: 5 } }); // wrong passwords are counted
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
  });

  it('refuses the login over the limit before trying the password: no failed login counted, no session', async () => {
    const client = server.client('en');
    for (let i = 0; i < 2; i++) expect((await login(client, ACME.username, 'Wrong@2026')).reply.errcode).toBe(1002);
    expect((await acmeState()).failed_logins).toBe(2);
    const sessions = await sessionCount();
    expectRefused(await login(client, ACME.username, 'Wrong@2026'), 60);
    const right = await login(client, ACME.username, ACME.password);
    expectRefused(right, 60);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect((await acmeState()).failed_logins).toBe(2);
    expect(await sessionCount()).toBe(sessions);
    const zh = await login(server.client('zh'), ACME.username, ACME.password);
    expect(zh.status).toBe(429);
    expect(zh.reply.errmsg).toMatch(/^来自您地址的尝试次数过多，请在 \d+ 秒后重试。$/);
  });

  it('refuses guessing an Open API secret over the limit, even with the right one', async () => {
    const acmeId = (
      await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()
    ).id;
    const { secret } = (await admin.call<{ secret: string }>('PUT', `/authtime/domain/${acmeId}/secret`)).reply.data;
    const client = server.client('en');
    for (let i = 0; i < 2; i++)
      expect((await client.call('GET', '/rest/accessToken', { query: { secret: `guess${i}` } })).reply.errcode).toBe(
        1002,
      );
    const tokens = await server.db.selectFrom('api_tokens').select('token_hash').execute();
    expectRefused(await client.call('GET', '/rest/accessToken', { query: { secret } }), 60);
    expect(await server.db.selectFrom('api_tokens').select('token_hash').execute()).toEqual(tokens);
  });

  it('counts per client address: another address still signs in', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/authtime/login',
      remoteAddress: '192.0.2.10',
      payload: { username: ACME.username, password: encodePassword(ACME.password), checkcode: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errcode: 0 });
    expect((await acmeState()).failed_logins).toBe(0);
  });

  it('refuses check-code images over the limit, as the envelope, storing no check code', async () => {
    const client = server.client('en');
    for (let i = 0; i < 2; i++)
      expect((await client.raw('GET', '/authtime/captcha')).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const stored = await server.db.selectFrom('captchas').select('id').execute();
    expectRefused(await client.call('GET', '/authtime/captcha'), 30);
    expect(await server.db.selectFrom('captchas').select('id').execute()).toHaveLength(stored.length);
  });

  it('refuses the second test SMS within the window: the gateway gets one message', async () => {
    const { reply } = await createDomain(admin, { name: uniqueName('Rate'), smsMemberCode: 'R-1', smsMemberPwd: 'x' });
    const send = () => admin.call('GET', `/authtime/domain/${reply.data.id}/sms/13800138000`);
    expect((await send()).reply).toMatchObject({ errcode: 0, data: { type: 'success' } });
    expectRefused(await send(), 60);
    expect(gateway.received).toHaveLength(1);
  });

  it('refuses the password change over the limit, leaving the password as it was', async () => {
    // 127.0.0.1 spent its logins above: sign in from another address and carry the cookies over.
    const client = await signedInFrom(server, '192.0.2.11');
    const change = () =>
      client.call('POST', '/authtime/password', {
        body: {
          oldpassword: encodePassword('Wrong@2026'),
          password: encodePassword('Acme@2027x'),
          confirmpwd: encodePassword('Acme@2027x'),
        },
      });
    expect((await change()).reply.errcode).toBe(1001); // wrong current password: counted, not refused
    const before = (await acmeState()).password_hash;
    const refused = await client.call('POST', '/authtime/password', {
      body: {
        oldpassword: encodePassword(ACME.password),
        password: encodePassword('Acme@2027x'),
        confirmpwd: encodePassword('Acme@2027x'),
      },
    });
    expectRefused(refused, 60);
    expect((await acmeState()).password_hash).toBe(before);
  });
});

/** A client of 127.0.0.1 carrying the session of a login made (through inject) from another address. */
async function signedInFrom(server: TestServer, remoteAddress: string): Promise<ApiClient> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/authtime/login',
    remoteAddress,
    payload: { username: ACME.username, password: encodePassword(ACME.password), checkcode: '' },
  });
  expect(response.json()).toMatchObject({ errcode: 0 });
  const client = server.client('en');
  for (const cookie of response.cookies) client.cookies.set(cookie.name, cookie.value);
  return client;
}
