// An enterprise's mail settings (docs/adr/0058-enterprise-mail-settings.md) on both databases: saved and read back with the
// password never answered, refused when invalid (nothing changed), kept within the enterprise's
// governors; the test mail against real SMTP servers (one accepting, one asking for a login, and a port
// nobody listens on); and the workflow's task mails going through the enterprise's own server.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import { smtpMailer } from '../../src/server/integrations/mail/mailer.ts';
import { dispatchTaskMail } from '../../src/server/task-notices/mail-dispatch.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../support/fake-smtp-server.ts';
import { smtpMarker } from '../support/marker-listeners.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess } from './helpers/engine-world.ts';
import { runtimeOf } from './helpers/runtime-calls.ts';
import { ACME, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
type Settings = Record<string, unknown>;
type TestResult = { success: boolean; message: string };

/** A local port nobody listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(targets)('mail settings on $name', (target) => {
  let server: TestServer;
  let open: FakeSmtpServer;
  let guarded: FakeSmtpServer;
  let deployment: FakeSmtpServer;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  const path = (id = acmeId) => `/authtime/domain/${id}/email`;
  const label = (key: string) => server.catalogue.labels.en[key];
  const settings = (values: Settings = {}): Settings => ({
    address: 'office@acme.example',
    sendHost: 'Acme office',
    smtpServer: '127.0.0.1',
    smtpPort: open.port,
    ...values,
  });
  const stored = () =>
    server.db.selectFrom('domain_mail_settings').selectAll().where('domain_id', '=', acmeId).executeTakeFirst();

  beforeAll(async () => {
    [open, guarded, deployment] = await Promise.all([
      startFakeSmtpServer(),
      startFakeSmtpServer({ login: { user: 'office', pass: 'Mail#2026' } }),
      startFakeSmtpServer(),
    ]);
    server = await startTestServer(target, { mailer: smtpMailer(deployment.url, 'Atrium <atrium@atrium.example>') });
    [acme, globex, sales] = await Promise.all([
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
    ]);
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([open?.close(), guarded?.close(), deployment?.close()]);
  });

  it('reads the defaults before the first save, then what was saved, the password only as the placeholder', async () => {
    expect((await acme.call<Settings>('GET', path())).reply.data).toMatchObject({
      domainId: acmeId,
      enabled: 1,
      address: '',
      smtpPort: 25,
      fetchPort: 110,
      protocol: 'pop3',
      ssl: 0,
      allowAttachment: 1,
      password: '',
    });
    const saved = await acme.call<Settings>('PUT', path(), {
      body: settings({
        account: 'office',
        password: 'Mail#2026',
        ccAddress: 'audit@acme.example',
        fetchServer: 'pop.acme.example',
        protocol: 'imap',
        ssl: 0,
      }),
    });
    expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    expect(saved.reply.data).toMatchObject({
      address: 'office@acme.example',
      account: 'office',
      password: UNCHANGED_SECRET,
      protocol: 'imap',
      ccAddress: 'audit@acme.example',
    });
    const read = await acme.call<Settings>('GET', path());
    expect(read.reply.data.password).toBe(UNCHANGED_SECRET);
    expect(JSON.stringify(read.reply)).not.toContain('Mail#2026');
    expect((await stored())?.password).toBe('Mail#2026');
    // The placeholder keeps it; with another server it must be typed again, and nothing changes.
    expect((await acme.call('PUT', path(), { body: { ...read.reply.data, sendHost: 'Acme' } })).reply.errcode).toBe(0);
    expect((await stored())?.password).toBe('Mail#2026');
    const moved = await acme.call('PUT', path(), { body: { ...read.reply.data, smtpServer: 'elsewhere.example' } });
    expect(moved.reply).toMatchObject({ errcode: 1001 });
    expect(moved.reply.errmsg).toContain(label('config.msg.secretAgain'));
    expect((await stored())?.smtp_server).toBe('127.0.0.1');
  });

  it('binds the saved password to server, port, TLS mode and account: changing one asks for it again, connects nowhere', async () => {
    const saved = await acme.call<Settings>('PUT', path(), {
      body: settings({ smtpPort: guarded.port, account: 'office', password: 'Mail#2026', ssl: 0 }),
    });
    expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    const before = await stored();
    const [listener, second] = await Promise.all([
      smtpMarker('listener'),
      startFakeSmtpServer({ login: { user: 'office', pass: 'Mail#2026' } }),
    ]);
    try {
      for (const change of [
        { smtpPort: listener.port },
        { ssl: 1 },
        { account: 'someone' },
        { smtpServer: 'localhost' },
      ]) {
        const body = { ...saved.reply.data, ...change, password: UNCHANGED_SECRET };
        for (const [method, url] of [
          ['PUT', path()],
          ['POST', `${path()}/test`],
        ] as const) {
          const { reply } = await acme.call(method, url, { body });
          expect(reply, `${method} ${JSON.stringify(change)}`).toMatchObject({ errcode: 1001 });
          expect(reply.errmsg).toContain(label('config.msg.secretAgain'));
        }
      }
      expect(await stored()).toEqual(before);
      // A TLS mode left out is its default (off): a change from a saved "on".
      expect(
        (await acme.call('PUT', path(), { body: { ...saved.reply.data, ssl: 1, password: 'Mail#2026' } })).reply
          .errcode,
      ).toBe(0);
      const { ssl: _left, ...withoutTls } = saved.reply.data;
      expect(
        (await acme.call('POST', `${path()}/test`, { body: { ...withoutTls, password: UNCHANGED_SECRET } })).reply
          .errcode,
      ).toBe(1001);
      expect(listener.connections).toBe(0);
      expect(guarded.received).toEqual([]);
      // Typed again, the password goes where the form says.
      const typed = await acme.call<TestResult>('POST', `${path()}/test`, {
        body: { ...saved.reply.data, smtpPort: second.port, password: 'Mail#2026' },
      });
      expect(typed.reply.data, typed.reply.errmsg).toMatchObject({ success: true });
      expect(second.received).toHaveLength(1);
    } finally {
      await Promise.all([listener.close(), second.close()]);
    }
  });

  it('refuses bad settings with a localized message and changes nothing', async () => {
    const before = await stored();
    for (const [body, message] of [
      [settings({ address: 'not-an-address' }), label('msg.invalidEmail')],
      [settings({ address: '' }), label('mail.msg.addressRequired')],
      [settings({ smtpServer: 'bad host!' }), label('mail.msg.hostInvalid')],
      [settings({ smtpPort: 70000 }), label('mail.msg.portInvalid')],
      [settings({ ccAddress: 'cc@' }), label('msg.invalidEmail')],
    ] as const) {
      const { reply } = await acme.call('PUT', path(), { body });
      expect(reply.errcode, JSON.stringify(body)).toBe(1001);
      expect(reply.errmsg).toContain(message);
    }
    const cn = await server.signedIn(ACME.username, ACME.password, 'cn');
    expect((await cn.call('PUT', path(), { body: settings({ smtpPort: 0 }) })).reply.errmsg).toContain(
      server.catalogue.labels.cn['mail.msg.portInvalid'],
    );
    expect(await stored()).toEqual(before);
  });

  it("keeps the settings the enterprise's governors' business", async () => {
    const before = await stored();
    expect((await globex.call('GET', path())).reply.errcode).toBe(1404);
    expect((await globex.call('PUT', path(), { body: settings({ address: 'x@globex.example' }) })).reply.errcode).toBe(
      1404,
    );
    expect((await globex.call('POST', `${path()}/test`, { body: settings() })).reply.errcode).toBe(1404);
    expect((await sales.call('GET', path())).reply).toMatchObject({
      errcode: 1403,
      errmsg: label('mail.msg.governorsOnly'),
    });
    expect((await sales.call('PUT', path(), { body: settings() })).reply.errcode).toBe(1403);
    expect((await acme.call('GET', path('no-such-enterprise'))).reply.errcode).toBe(1404);
    expect(await stored()).toEqual(before);
    expect(open.received).toEqual([]);
  });

  it("sends a test mail to the settings' own address, and says why one fails", async () => {
    const sent = await acme.call<TestResult>('POST', `${path()}/test`, {
      body: settings({ account: '', password: '', ccAddress: '' }),
    });
    expect(sent.reply.data).toEqual({
      success: true,
      message: `Test mail sent to office@acme.example through 127.0.0.1:${open.port}.`,
    });
    expect(open.received).toHaveLength(1);
    expect(open.received[0]).toMatchObject({
      from: 'office@acme.example',
      to: ['office@acme.example'],
      subject: label('mail.test.subject'),
    });
    // The login the server asks for: the right one passes, a wrong one is refused.
    const login = { smtpPort: guarded.port, account: 'office' };
    expect(
      (await acme.call<TestResult>('POST', `${path()}/test`, { body: settings({ ...login, password: 'Mail#2026' }) }))
        .reply.data.success,
    ).toBe(true);
    expect(guarded.received).toHaveLength(1);
    const refused = (
      await acme.call<TestResult>('POST', `${path()}/test`, { body: settings({ ...login, password: 'wrong' }) })
    ).reply.data;
    expect(refused.success).toBe(false);
    expect(refused.message).toBe(
      `The test mail through 127.0.0.1:${guarded.port} was not sent: ${label('outbound.reason.auth')}.`,
    );
    const port = await closedPort();
    const down = (await acme.call<TestResult>('POST', `${path()}/test`, { body: settings({ smtpPort: port }) })).reply
      .data;
    expect(down.success).toBe(false);
    expect(down.message).toBe(
      `The test mail through 127.0.0.1:${port} was not sent: ${label('outbound.reason.refused')}.`,
    );
    const zh = await server.signedIn(ACME.username, ACME.password, 'zh');
    expect(
      (await zh.call<TestResult>('POST', `${path()}/test`, { body: settings({ smtpPort: port }) })).reply.data.message,
    ).toBe(`通过 127.0.0.1:${port} 的测试邮件未发送：连接被拒绝。`);
  });

  it("sends the enterprise's task mails through its own server, and through the deployment's when switched off", async () => {
    const world = await makeEngineWorld(server.db, 'Acme', 'mailcfg');
    const runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await server.db
      .updateTable('users')
      .set({ email: 'mailcfg-lead@acme.example' })
      .where('id', '=', world.users.lead)
      .execute();
    const start = () => runtime.start('linear', 'mailcfg-init', { title: 'Desk' });
    const services = {
      db: server.db,
      catalogue: server.catalogue,
      mailer: smtpMailer(deployment.url, 'Atrium <atrium@atrium.example>'),
    };
    expect(
      (
        await acme.call('PUT', path(), {
          body: settings({ account: '', password: '', ccAddress: 'audit@acme.example', enabled: 1 }),
        })
      ).reply.errcode,
    ).toBe(0);
    open.received.length = 0;
    await start();
    expect(await dispatchTaskMail(services)).toMatchObject({ sent: 1 });
    expect(open.received).toEqual([
      expect.objectContaining({ from: 'office@acme.example', to: ['mailcfg-lead@acme.example', 'audit@acme.example'] }),
    ]);
    expect(deployment.received).toEqual([]);
    // Switched off, the deployment's server carries them again.
    expect((await acme.call('PUT', path(), { body: settings({ enabled: 0 }) })).reply.errcode).toBe(0);
    await start();
    expect(await dispatchTaskMail(services)).toMatchObject({ sent: 1 });
    expect(deployment.received.map((m) => m.to)).toEqual([['mailcfg-lead@acme.example']]);
    expect(open.received).toHaveLength(1);
    services.mailer.close();
  });
});
