// An enterprise's messaging suites (docs/adr/0061-messaging-suites.md) on both databases: WeChat-Work, DingTalk and Feishu
// settings saved and read back with the secrets never answered, refused when invalid (nothing
// changed), kept within the enterprise's governors; the verification asks each local fake service's
// token endpoint — the deployment's address of the suite, whatever address the form sends — which
// accepts the right credentials and refuses wrong ones with its own code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import { startFakeDingding } from '../support/fake-dingding.ts';
import { startFakeFeishu } from '../support/fake-feishu.ts';
import type { FakeImState } from '../support/fake-im-server.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { translate } from '../../src/core/translate.ts';
import { verifyImSettings } from '../../src/server/areas/im/verify.ts';

const targets = await databaseTargets();
type Settings = Record<string, unknown>;
type Verified = { success: boolean; message: string };

const services: {
  service: string;
  secret: string;
  idField: string;
  start: () => Promise<FakeImState>;
  good: Record<string, string>;
}[] = [
  {
    service: 'wechat',
    secret: 'corpSecret',
    idField: 'corpId',
    start: () => startFakeWechat({ corpId: 'ww-acme', corpSecret: 'Wx#secret' }),
    good: { corpId: 'ww-acme', corpSecret: 'Wx#secret', agentId: '1000002', secret: 'Agent#secret' },
  },
  {
    service: 'dingding',
    secret: 'appSecret',
    idField: 'appKey',
    start: () => startFakeDingding({ appKey: 'ding-acme', appSecret: 'Dd#secret' }),
    good: { appKey: 'ding-acme', appSecret: 'Dd#secret', corpId: 'ding-corp', agentId: '42' },
  },
  {
    service: 'feishu',
    secret: 'appSecret',
    idField: 'appKey',
    start: () => startFakeFeishu({ appKey: 'cli_acme', appSecret: 'Fs#secret' }),
    good: { appKey: 'cli_acme', appSecret: 'Fs#secret' },
  },
];

describe.each(targets)('messaging suite settings on $name', (target) => {
  let server: TestServer;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  const fakes = new Map<string, FakeImState>();
  const label = (key: string) => server.catalogue.labels.en[key];
  const stored = (service: string) =>
    server.db
      .selectFrom('domain_im_settings')
      .selectAll()
      .where('domain_id', '=', acmeId)
      .where('service', '=', service as 'wechat')
      .executeTakeFirst();

  beforeAll(async () => {
    for (const s of services) fakes.set(s.service, await s.start());
    const at = (service: string) => fakes.get(service)?.url ?? '';
    server = await startTestServer(target, {
      suites: { wechat: at('wechat'), dingding: at('dingding'), feishu: at('feishu') },
    });
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
    await Promise.all([...fakes.values()].map((f) => f.close()));
  });

  describe.each(services)('$service', (s) => {
    const path = (id = acmeId) => `/authtime/domain/${id}/${s.service}`;
    const form = (values: Settings = {}): Settings => ({
      ...s.good,
      callbackUrl: 'https://atrium.acme.example/callback',
      externalHost: 'https://atrium.acme.example',
      qrCodeLogin: 1,
      ...values,
    });

    it('reads the defaults, then what was saved, secrets only as the placeholder', async () => {
      const first = (await acme.call<Settings>('GET', path())).reply.data;
      expect(first).toMatchObject({ domainId: acmeId, qrCodeLogin: 0, callbackUrl: '', [s.secret]: '' });
      expect(first).not.toHaveProperty('apiUrl');
      const saved = await acme.call<Settings>('PUT', path(), { body: form() });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      expect(saved.reply.data).toMatchObject({
        [s.secret]: UNCHANGED_SECRET,
        qrCodeLogin: 1,
        [s.idField]: s.good[s.idField],
      });
      const read = await acme.call<Settings>('GET', path());
      expect(JSON.stringify(read.reply)).not.toContain('#secret');
      expect((await stored(s.service))?.settings).toMatchObject({ [s.secret]: s.good[s.secret] });
      // The placeholder keeps the secret; with another id it must be typed again, and nothing changes.
      expect(
        (await acme.call('PUT', path(), { body: { ...read.reply.data, externalHost: 'https://im.acme.example' } }))
          .reply.errcode,
      ).toBe(0);
      expect((await stored(s.service))?.settings).toMatchObject({
        [s.secret]: s.good[s.secret],
        externalHost: 'https://im.acme.example',
      });
      const moved = await acme.call('PUT', path(), { body: { ...read.reply.data, [s.idField]: 'someone-else' } });
      expect(moved.reply.errcode).toBe(1001);
      expect(moved.reply.errmsg).toContain(label('config.msg.secretAgain'));
      expect((await stored(s.service))?.settings).toMatchObject({ [s.idField]: s.good[s.idField] });
    });

    it('refuses bad settings with a localized message and changes nothing', async () => {
      const before = await stored(s.service);
      for (const [body, message] of [
        [form({ externalHost: 'ftp://elsewhere' }), label('im.msg.urlInvalid')],
        [form({ callbackUrl: 'not a url' }), label('im.msg.urlInvalid')],
        [form({ [s.idField]: 'bad id!' }), label('im.msg.idInvalid')],
        [form({ [s.secret]: 'x'.repeat(201) }), label('msg.textTooLong').replace('{{limit}}', '200')],
      ] as const) {
        const { reply } = await acme.call('PUT', path(), { body });
        expect(reply.errcode, JSON.stringify(body)).toBe(1001);
        expect(reply.errmsg).toContain(message);
      }
      const zh = await server.signedIn(ACME.username, ACME.password, 'zh');
      expect((await zh.call('PUT', path(), { body: form({ externalHost: 'nope' }) })).reply.errmsg).toContain(
        server.catalogue.labels.zh['im.msg.urlInvalid'],
      );
      expect(await stored(s.service)).toEqual(before);
    });

    it("keeps the settings the enterprise's governors' business", async () => {
      const before = await stored(s.service);
      const tokens = fakes.get(s.service)?.tokensIssued;
      expect((await globex.call('GET', path())).reply.errcode).toBe(1404);
      expect(
        (await globex.call('PUT', path(), { body: form({ externalHost: 'https://globex.example' }) })).reply.errcode,
      ).toBe(1404);
      expect((await globex.call('POST', `${path()}/verify`, { body: form() })).reply.errcode).toBe(1404);
      expect((await sales.call('GET', path())).reply).toMatchObject({
        errcode: 1403,
        errmsg: label('im.msg.governorsOnly'),
      });
      expect((await sales.call('PUT', path(), { body: form() })).reply.errcode).toBe(1403);
      expect((await acme.call('GET', path('no-such-enterprise'))).reply.errcode).toBe(1404);
      expect(await stored(s.service)).toEqual(before);
      expect(fakes.get(s.service)?.tokensIssued).toBe(tokens);
    });

    it("verifies the credentials at the service's token endpoint", async () => {
      const ok = (await acme.call<Verified>('POST', `${path()}/verify`, { body: form() })).reply.data;
      expect(ok).toEqual({
        success: true,
        message: label('im.verify.success').replace('{{service}}', label(`im.service.${s.service}`)),
      });
      // The saved secret through the placeholder.
      expect(
        (await acme.call<Verified>('POST', `${path()}/verify`, { body: form({ [s.secret]: UNCHANGED_SECRET }) })).reply
          .data.success,
      ).toBe(true);
      const refused = (await acme.call<Verified>('POST', `${path()}/verify`, { body: form({ [s.secret]: 'wrong' }) }))
        .reply.data;
      expect(refused.success).toBe(false);
      expect(refused.message).toBe(
        `${label(`im.service.${s.service}`)} did not issue a token: ${label('outbound.reason.auth')}.`,
      );
      const missing = (await acme.call<Verified>('POST', `${path()}/verify`, { body: form({ [s.secret]: '' }) })).reply
        .data;
      expect(missing).toEqual({ success: false, message: expect.stringContaining(label(`im.field.${s.secret}`)) });
      // An address on the form is no setting: the deployment's suite answers.
      expect(
        (await acme.call<Verified>('POST', `${path()}/verify`, { body: form({ apiUrl: 'http://127.0.0.1:9' }) })).reply
          .data.success,
      ).toBe(true);
      // A suite the deployment cannot reach: said with the outbound policy's reason.
      const down = await verifyImSettings(
        s.service as 'wechat',
        { ...s.good },
        'http://127.0.0.1:9',
        (key, params) => translate(server.catalogue.labels.en, key, params),
        { info: () => undefined },
      );
      expect(down.success).toBe(false);
      expect(down.message).toContain(label('outbound.reason.refused'));
    });
  });
});
