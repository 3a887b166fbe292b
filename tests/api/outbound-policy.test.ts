// The outbound policy (docs/adr/0083-outbound-policy.md) on both databases, through the calls
// a tenant or platform administrator can aim at any host: the mail test, the suites' credential check
// and the directory test connection. Loopback, private, link-local (cloud metadata) addresses are
// refused before anything connects, with one localized reason whatever listens there; an allow-listed
// address connects; a remote's own words (banner, body, status text) never reach a reply.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../support/fake-smtp-server.ts';
import { httpMarker, smtpMarker, type MarkerListener } from '../support/marker-listeners.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
type Result = { success: boolean; message: string };
const LOOPBACK_ALLOWED = process.env.ATRIUM_OUTBOUND_ALLOW;
const MARKER = `remote-words-${Math.random().toString(36).slice(2)}`;

describe.each(targets)('outbound policy on $name', (target) => {
  let server: TestServer;
  let acme: ApiClient;
  let admin: ApiClient;
  let acmeId: string;
  let smtp: MarkerListener;
  let http: MarkerListener;
  let open: FakeSmtpServer;
  const label = (key: string) => server.catalogue.labels.en[key];
  const mailTest = (smtpServer: string, smtpPort: number) =>
    acme.call<Result>('POST', `/authtime/domain/${acmeId}/email/test`, {
      body: { address: 'office@acme.example', smtpServer, smtpPort, account: 'office', password: 'Mail#2026' },
    });
  const mailFailure = (host: string, port: number, reason: string) =>
    `The test mail through ${host}:${port} was not sent: ${label(`outbound.reason.${reason}`)}.`;
  // The suites' addresses are the deployment's (docs/adr/0082-suite-endpoints-and-sign-in.md): DingTalk's is the marker listener.
  const verify = () =>
    acme.call<Result>('POST', `/authtime/domain/${acmeId}/dingding/verify`, {
      body: { appKey: 'ding-acme', appSecret: 'Dd#secret' },
    });
  const ldapTest = (url: string) =>
    admin.call<Result>('POST', '/authtime/config/ldap/test', {
      body: {
        ldapConfig: { url, baseDN: 'dc=acme,dc=test', manager: 'cn=admin,dc=acme,dc=test', managerPassword: 'secret' },
      },
    });

  beforeAll(async () => {
    [smtp, http, open] = await Promise.all([smtpMarker(MARKER), httpMarker(MARKER), startFakeSmtpServer()]);
    server = await startTestServer(target, { suites: { dingding: `http://127.0.0.1:${http.port}` } });
    [acme, admin] = await Promise.all([
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
    ]);
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
  });
  afterEach(() => {
    process.env.ATRIUM_OUTBOUND_ALLOW = LOOPBACK_ALLOWED;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([smtp?.close(), http?.close(), open?.close()]);
  });

  it('refuses loopback, private and link-local addresses before connecting, one reason whatever listens there', async () => {
    process.env.ATRIUM_OUTBOUND_ALLOW = '';
    for (const [host, port] of [
      ['127.0.0.1', smtp.port],
      ['127.0.0.1', open.port],
      ['127.0.0.1', 9],
      ['localhost', smtp.port],
      ['169.254.169.254', 80],
      ['10.255.255.1', 25],
      ['192.168.0.1', 25],
      ['172.16.0.1', 5432],
      ['0.0.0.0', smtp.port],
    ] as const) {
      const { reply } = await mailTest(host, port);
      expect(reply.data, `${host}:${port}`).toEqual({ success: false, message: mailFailure(host, port, 'notAllowed') });
    }
    const zh = await server.signedIn(ACME.username, ACME.password, 'zh');
    expect(
      (
        await zh.call<Result>('POST', `/authtime/domain/${acmeId}/email/test`, {
          body: { address: 'office@acme.example', smtpServer: '127.0.0.1', smtpPort: smtp.port },
        })
      ).reply.data.message,
    ).toBe(`通过 127.0.0.1:${smtp.port} 的测试邮件未发送：本部署不允许向该地址发起外部连接。`);
    const suite = (await verify()).reply.data;
    expect(suite).toEqual({
      success: false,
      message: `DingTalk did not issue a token: ${label('outbound.reason.notAllowed')}.`,
    });
    expect((await ldapTest(`ldap://127.0.0.1:${smtp.port}`)).reply.data).toEqual({
      success: false,
      message: `The directory connection failed: ${label('outbound.reason.notAllowed')}`,
    });
    expect(smtp.connections).toBe(0);
    expect(http.connections).toBe(0);
    expect(open.received).toEqual([]);
  });

  it('connects to what the deployment allow-lists, to that port only when it names one', async () => {
    process.env.ATRIUM_OUTBOUND_ALLOW = `example.invalid, 127.0.0.1:${open.port}`;
    const sent = (
      await acme.call<Result>('POST', `/authtime/domain/${acmeId}/email/test`, {
        body: { address: 'office@acme.example', smtpServer: '127.0.0.1', smtpPort: open.port },
      })
    ).reply.data;
    expect(sent).toEqual({
      success: true,
      message: `Test mail sent to office@acme.example through 127.0.0.1:${open.port}.`,
    });
    expect(open.received).toHaveLength(1);
    expect((await mailTest('127.0.0.1', smtp.port)).reply.data.message).toBe(
      mailFailure('127.0.0.1', smtp.port, 'notAllowed'),
    );
    expect(smtp.connections).toBe(0);
    process.env.ATRIUM_OUTBOUND_ALLOW = '127.0.0.0/8';
    expect((await mailTest('127.0.0.1', smtp.port)).reply.data.message).toBe(
      mailFailure('127.0.0.1', smtp.port, 'rejected'),
    );
    expect(smtp.connections).toBe(1);
  });

  it("never answers a remote's own words: the mail server's banner, the service's body and status text", async () => {
    const mail = (await mailTest('127.0.0.1', smtp.port)).reply;
    expect(mail.data).toEqual({ success: false, message: mailFailure('127.0.0.1', smtp.port, 'rejected') });
    const suite = (await verify()).reply;
    expect(suite.data.success).toBe(false);
    const ldap = (await ldapTest(`ldap://127.0.0.1:${smtp.port}`)).reply;
    expect(ldap.data.success).toBe(false);
    for (const reply of [mail, suite, ldap]) expect(JSON.stringify(reply)).not.toContain(MARKER);
    expect(smtp.connections).toBeGreaterThanOrEqual(2);
    expect(http.connections).toBeGreaterThanOrEqual(1);
  });
});
