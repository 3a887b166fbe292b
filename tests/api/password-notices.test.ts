// Password-expiry notices actually sent (docs/adr/0017-rate-limits.md): the scan finds active privileged users inside the
// notice window and tells each once per password over SMS (a local HTTP gateway), the message centre
// and e-mail (a local SMTP server), logs every attempt, retries failures and starts again for a new password.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { smtpMailer } from '../../src/server/integrations/mail/mailer.ts';
import { httpGateway } from '../../src/server/integrations/sms/http-gateway.ts';
import { scanPasswordNotices } from '../../src/server/notices/scan.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../support/fake-sms-gateway.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../support/fake-smtp-server.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createSuperuser, getSuperuser, uniqueLoginno, updateSuperuser } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { replyProblems } from './helpers/reply-schemas.ts';

const targets = await databaseTargets();

const PHONE = '13900139000';
const ON = { noticeAuthor: '0', maxAge: 30, noticeTime: 5, noticeMethod: [1, 2, 3] };
const textFor = (loginno: string, days: number) =>
  `The password of your account ${loginno} expires in ${days} day(s). Please change it in the console before then.`;

describe.each(targets)('password-expiry notices on $name', (target) => {
  let gateway: FakeSmsGateway;
  let smtp: FakeSmtpServer;
  let server: TestServer;
  let admin: ApiClient;
  const policy = (values: Record<string, unknown>, language = 'en') =>
    writeConfig(server.db, { loginConfig: values, language });
  const scan = (services: Partial<TestServer['app']['services']> = {}) =>
    scanPasswordNotices({ ...server.app.services, ...services });
  /** A privileged user whose password was set `age` days ago. */
  const user = async (age: number, fields: Record<string, unknown> = {}) => {
    const loginno = uniqueLoginno('pn');
    const { reply } = await createSuperuser(admin, {
      name: 'Notice_User',
      loginno,
      email: `${loginno}@atrium.example`,
      telephone: PHONE,
      issuperadmin: true,
      ...fields,
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    await ageDays(reply.data.id, age);
    return { id: reply.data.id, loginno, email: `${loginno}@atrium.example` };
  };
  const ageDays = (id: string, days: number) =>
    server.db
      .updateTable('superusers')
      .set({ password_changed_at: sql<Date>`now() - make_interval(days => ${days})` })
      .where('id', '=', id)
      .execute();
  const log = (id: string) =>
    server.db
      .selectFrom('password_notices')
      .select(['method', 'status', 'detail'])
      .where('superuser_id', '=', id)
      .orderBy('created_at')
      .execute();
  const messagesOf = (id: string) =>
    server.db.selectFrom('messages').select(['title', 'body']).where('superuser_id', '=', id).execute();

  beforeAll(async () => {
    gateway = await startFakeSmsGateway();
    smtp = await startFakeSmtpServer();
    const smsGateway = httpGateway({
      url: gateway.url,
      timeoutMs: 3000,
      platformAccount: { memberCode: 'ATRIUM', memberPassword: 'platform-secret' },
    });
    server = await startTestServer(target, {
      smsGateway,
      mailer: smtpMailer(smtp.url, 'Atrium <atrium@atrium.example>'),
    });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  beforeEach(async () => {
    // Every other account's password is fresh, so only the test's own users are inside the window.
    await server.db
      .updateTable('superusers')
      .set({ password_changed_at: sql<Date>`now()` })
      .execute();
    gateway.received.length = 0;
    gateway.answer({ type: 'success', message: 'queued' });
    smtp.received.length = 0;
    smtp.refuse(false);
    await policy(ON);
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
    await smtp?.close();
  });

  it('sends nothing while the expiry notice is off', async () => {
    await policy({ ...ON, noticeAuthor: '1' });
    const { id } = await user(27);
    expect((await scan()).attempts).toEqual([]);
    expect(await log(id)).toEqual([]);
    expect(await messagesOf(id)).toEqual([]);
    expect(gateway.received).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('tells a user inside the window over SMS, the message centre and e-mail, once per password', async () => {
    const { id, loginno, email } = await user(27);
    const first = await scan();
    expect(first.attempts.map((a) => [a.superuserId, a.method, a.status])).toEqual([
      [id, 'sms', 'sent'],
      [id, 'messageCenter', 'sent'],
      [id, 'email', 'sent'],
    ]);
    expect(await messagesOf(id)).toEqual([{ title: 'Your password expires soon', body: textFor(loginno, 3) }]);
    expect(smtp.received).toEqual([
      { from: 'atrium@atrium.example', to: [email], subject: 'Your password expires soon', text: textFor(loginno, 3) },
    ]);
    expect(gateway.received.map((r) => r.body)).toEqual([
      { memberCode: 'ATRIUM', password: 'platform-secret', phone: PHONE, content: textFor(loginno, 3) },
    ]);
    expect((await log(id)).map((r) => [r.method, r.status])).toEqual([
      ['sms', 'sent'],
      ['messageCenter', 'sent'],
      ['email', 'sent'],
    ]);

    expect((await scan()).attempts).toEqual([]);
    expect(await messagesOf(id)).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    expect(gateway.received).toHaveLength(1);
    expect(await log(id)).toHaveLength(3);
  });

  it('starts a new round when the password changes and the new one enters the window', async () => {
    const { id, loginno } = await user(27);
    await scan();
    const { reply } = await updateSuperuser(admin, id, {
      name: 'Notice_User',
      loginno,
      email: `${loginno}@atrium.example`,
      telephone: PHONE,
      issuperadmin: true,
      password: 'Renewed1',
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect((await scan()).attempts).toEqual([]); // the new password is fresh
    await ageDays(id, 29);
    const again = await scan();
    expect(again.attempts.map((a) => [a.method, a.status])).toEqual([
      ['sms', 'sent'],
      ['messageCenter', 'sent'],
      ['email', 'sent'],
    ]);
    expect((await messagesOf(id)).map((m) => m.body)).toEqual(
      expect.arrayContaining([textFor(loginno, 3), textFor(loginno, 1)]),
    );
    expect(smtp.received.map((m) => m.text)).toEqual([textFor(loginno, 3), textFor(loginno, 1)]);
    expect(await log(id)).toHaveLength(6);
  });

  it('logs a failing channel as failed and retries only it at the next scan', async () => {
    const { id, loginno } = await user(27);
    smtp.refuse(true);
    gateway.answer({ status: 503, body: 'down for maintenance' });
    const first = await scan();
    expect(first.attempts.map((a) => [a.method, a.status])).toEqual([
      ['sms', 'failed'],
      ['messageCenter', 'sent'],
      ['email', 'failed'],
    ]);
    expect(first.attempts[0].detail).toBe('error: HTTP 503');
    expect(first.attempts[2].detail).toMatch(/550/);

    // The SMTP server down altogether: still failed, the message centre is not sent again.
    const down = await scan({ mailer: smtpMailer('smtp://127.0.0.1:9', 'atrium@atrium.example') });
    expect(down.attempts.map((a) => [a.method, a.status])).toEqual([
      ['sms', 'failed'],
      ['email', 'failed'],
    ]);

    smtp.refuse(false);
    gateway.answer({ type: 'success', message: 'queued' });
    const retry = await scan();
    expect(retry.attempts.map((a) => [a.method, a.status])).toEqual([
      ['sms', 'sent'],
      ['email', 'sent'],
    ]);
    expect(await messagesOf(id)).toHaveLength(1);
    expect(smtp.received.map((m) => m.text)).toEqual([textFor(loginno, 3)]);
    expect((await log(id)).map((r) => `${r.method}:${r.status}`)).toEqual([
      'sms:failed',
      'messageCenter:sent',
      'email:failed',
      'sms:failed',
      'email:failed',
      'sms:sent',
      'email:sent',
    ]);
    expect((await scan()).attempts).toEqual([]);
  });

  it('leaves out users outside the window, expired and inactive ones', async () => {
    const early = await user(10);
    const expired = await user(31);
    const inactive = await user(27, { status: 0 });
    expect((await scan()).attempts).toEqual([]);
    for (const { id } of [early, expired, inactive]) expect(await log(id)).toEqual([]);
    expect(smtp.received).toEqual([]);
    expect(gateway.received).toEqual([]);
  });

  it('skips a method with nowhere to send (no phone, no SMTP server) and does not try it again', async () => {
    await user(27, { telephone: '' });
    const first = await scan({ mailer: undefined });
    expect(first.attempts.map((a) => [a.method, a.status, a.detail])).toEqual([
      ['sms', 'skipped', 'no mobile phone'],
      ['messageCenter', 'sent', expect.any(String)],
      ['email', 'skipped', 'no SMTP server configured (ATRIUM_SMTP_URL)'],
    ]);
    expect(gateway.received).toEqual([]);
    expect((await scan()).attempts).toEqual([]);
  });

  it("uses the policy's own text when it has one, in the server's language, and only the chosen methods", async () => {
    await policy({ ...ON, noticeMethod: [3], noticeContent: 'Bitte ändern: noch {{days}} Tage.' }, 'zh');
    const { email } = await user(26);
    const { attempts } = await scan();
    expect(attempts.map((a) => a.method)).toEqual(['email']);
    expect(smtp.received).toEqual([
      expect.objectContaining({ to: [email], subject: '您的密码即将过期', text: 'Bitte ändern: noch 4 Tage.' }),
    ]);
  });

  it("writes to each user in the language of its last login, else in the server's", async () => {
    await policy({ ...ON, noticeMethod: [2] }, 'en');
    const chinese = await user(27, { password: 'Secret1' });
    const english = await user(27);
    // Signing in (console in zh) is what records the language; the login restarts nothing of the round.
    await server.signedIn(chinese.loginno, 'Secret1', 'zh');
    await ageDays(chinese.id, 27);
    await scan();
    expect((await messagesOf(chinese.id)).map((m) => m.title)).toEqual(['您的密码即将过期']);
    expect((await messagesOf(english.id)).map((m) => m.title)).toEqual(['Your password expires soon']);
  });

  it('lets a super administrator run the scan now and read the log; others are refused', async () => {
    const { id, loginno } = await user(27);
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await acme.call('POST', '/authtime/notices/scan')).reply.errcode).toBe(1403);
    expect((await acme.call('GET', '/authtime/notices')).reply.errcode).toBe(1403);
    expect(await log(id)).toEqual([]);
    const { reply } = await admin.call<{
      ran: boolean;
      message: string;
      attempts: Array<{ superuserId: string; method: string; status: string }>;
    }>('POST', '/authtime/notices/scan');
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(replyProblems(server.catalogue, 'notices.scan', reply.data)).toEqual([]);
    expect(reply.data.ran).toBe(true);
    expect(reply.data.message).toBe('Notices due now: 3 sent, 0 failed, 0 skipped.');
    expect(reply.data.attempts.map((a) => [a.superuserId, a.method, a.status])).toEqual([
      [id, 'sms', 'sent'],
      [id, 'messageCenter', 'sent'],
      [id, 'email', 'sent'],
    ]);
    const page = await admin.call<{
      datas: Array<{ loginno: string; method: string; status: string }>;
      rowCount: number;
    }>('GET', '/authtime/notices', { query: { pagelines: 3 } });
    expect(replyProblems(server.catalogue, 'notices.log', page.reply.data)).toEqual([]);
    expect(page.reply.data.datas.map((r) => [r.loginno, r.status])).toEqual([
      [loginno, 'sent'],
      [loginno, 'sent'],
      [loginno, 'sent'],
    ]);
    expect(page.reply.data.rowCount).toBeGreaterThanOrEqual(3);
  });

  it('keeps the phone of a privileged user and refuses one that breaks the phone rule', async () => {
    const { id, loginno } = await user(0);
    expect((await getSuperuser(admin, id)).reply.data).toMatchObject({ telephone: PHONE });
    const bad = await updateSuperuser(admin, id, {
      name: 'Notice_User',
      loginno,
      email: `${loginno}@atrium.example`,
      telephone: '2390013900',
      issuperadmin: true,
      password: '******',
    });
    expect(bad.reply).toMatchObject({ errcode: 1001, errmsg: 'Invalid phone number.' });
    expect((await getSuperuser(admin, id)).reply.data).toMatchObject({ telephone: PHONE });
  });
});
