// An application's own agent in an enterprise's messaging suites (docs/adr/0067-application-agent-messaging.md) on both databases: the
// addresses to register, built from each suite's external host address; agent id, app key and secret
// saved and read back with the secret only as the placeholder, refused when invalid (nothing changed),
// kept within the enterprise's governors and its bound applications; unbinding drops them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
type Agent = Record<string, string>;
type Urls = Record<'wechat' | 'dingding' | 'feishu', { home: string; domain: string }>;

const services = [
  {
    service: 'wechat',
    secret: 'secret',
    idField: 'agentId',
    good: { agentId: '1000002', secret: 'Wx#app-secret' },
    badId: ['agentId', '10x', 'im.msg.agentIdInvalid'],
  },
  {
    service: 'dingding',
    secret: 'appSecret',
    idField: 'appKey',
    good: { agentId: '2000003', appKey: 'ding-office', appSecret: 'Dd#app-secret' },
    badId: ['appKey', 'bad key!', 'im.msg.idInvalid'],
  },
  {
    service: 'feishu',
    secret: 'appSecret',
    idField: 'appKey',
    good: { appKey: 'cli_office', appSecret: 'Fs#app-secret' },
    badId: ['appKey', 'bad id!', 'im.msg.idInvalid'],
  },
] as const;

describe.each(targets)("an application's messaging agents on $name", (target) => {
  let server: TestServer;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  let officeId: string;
  let unboundId: string;
  const label = (key: string) => server.catalogue.labels.en[key];
  const base = (app = officeId, domain = acmeId) => `/authtime/domain/${domain}/application/${app}`;
  const stored = (service: string, app = officeId) =>
    server.db
      .selectFrom('domain_im_app_agents')
      .selectAll()
      .where('domain_id', '=', acmeId)
      .where('application_id', '=', app)
      .where('service', '=', service as 'wechat')
      .executeTakeFirst();
  const allStored = () =>
    server.db.selectFrom('domain_im_app_agents').selectAll().orderBy('application_id').orderBy('service').execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    [acme, globex, sales] = await Promise.all([
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
    ]);
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
    const bound = await server.db
      .selectFrom('domain_applications')
      .select('application_id')
      .where('domain_id', '=', acmeId)
      .execute();
    officeId = (
      await server.db.selectFrom('applications').select('id').where('name', '=', 'Office').executeTakeFirstOrThrow()
    ).id;
    expect(bound.map((b) => b.application_id)).toContain(officeId);
    const other = await server.db
      .selectFrom('applications')
      .select('id')
      .where(
        'id',
        'not in',
        bound.map((b) => b.application_id),
      )
      .executeTakeFirstOrThrow();
    unboundId = other.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers each suite's addresses once its external host address is set", async () => {
    const before = (await acme.call<Urls>('GET', `${base()}/imurls`)).reply;
    expect(before.errcode, before.errmsg).toBe(0);
    expect(before.data).toEqual({
      wechat: { home: '', domain: '' },
      dingding: { home: '', domain: '' },
      feishu: { home: '', domain: '' },
    });
    expect(
      (
        await acme.call('PUT', `/authtime/domain/${acmeId}/wechat`, {
          body: { externalHost: 'https://atrium.acme.example:8443/' },
        })
      ).reply.errcode,
    ).toBe(0);
    expect(
      (
        await acme.call('PUT', `/authtime/domain/${acmeId}/feishu`, {
          body: { externalHost: 'http://im.acme.example/portal' },
        })
      ).reply.errcode,
    ).toBe(0);
    const after = (await acme.call<Urls>('GET', `${base()}/imurls`)).reply.data;
    expect(after.wechat).toEqual({
      home: `https://atrium.acme.example:8443/authtime/im/wechat/entry/${acmeId}/${officeId}`,
      domain: 'atrium.acme.example:8443',
    });
    expect(after.feishu).toEqual({
      home: `http://im.acme.example/portal/authtime/im/feishu/entry/${acmeId}/${officeId}`,
      domain: 'im.acme.example',
    });
    expect(after.dingding).toEqual({ home: '', domain: '' });
  });

  describe.each(services)('$service', (s) => {
    const path = () => `${base()}/${s.service}`;

    it('reads empty fields, then what was saved, the secret only as the placeholder', async () => {
      const first = (await acme.call<Agent>('GET', path())).reply;
      expect(first.errcode, first.errmsg).toBe(0);
      expect(first.data).toMatchObject({ applicationId: officeId, [s.secret]: '', [s.idField]: '' });
      const saved = await acme.call<Agent>('PUT', path(), { body: { ...s.good } });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      expect(saved.reply.data).toEqual({ ...s.good, applicationId: officeId, [s.secret]: UNCHANGED_SECRET });
      const read = await acme.call<Agent>('GET', path());
      expect(JSON.stringify(read.reply)).not.toContain('app-secret');
      expect((await stored(s.service))?.settings).toEqual(s.good);
      // The placeholder keeps the secret; with another id it must be typed again, and nothing changes.
      expect((await acme.call('PUT', path(), { body: read.reply.data })).reply.errcode).toBe(0);
      expect((await stored(s.service))?.settings).toEqual(s.good);
      const moved = await acme.call('PUT', path(), { body: { ...read.reply.data, [s.idField]: '999' } });
      expect(moved.reply.errcode).toBe(1001);
      expect(moved.reply.errmsg).toContain(label('config.msg.secretAgain'));
      expect((await stored(s.service))?.settings).toEqual(s.good);
      // The other suites' agents and the enterprise's own settings are another matter.
      expect((await acme.call<Agent>('GET', `/authtime/domain/${acmeId}/${s.service}`)).reply.data).not.toMatchObject({
        [s.secret]: UNCHANGED_SECRET,
      });
    });

    it('refuses bad fields with a localized message and changes nothing', async () => {
      const before = await allStored();
      const [field, value, message] = s.badId;
      for (const [body, text] of [
        [{ ...s.good, [field]: value }, label(message)],
        [{ ...s.good, [s.idField]: 'x'.repeat(65) }, label('msg.textTooLong').split('{{')[0]],
        [{ ...s.good, [s.secret]: 'x'.repeat(201) }, label('msg.textTooLong').replace('{{limit}}', '200')],
      ] as const) {
        const { reply } = await acme.call('PUT', path(), { body });
        expect(reply.errcode, JSON.stringify(body)).toBe(1001);
        expect(reply.errmsg).toContain(text);
      }
      const zh = await server.signedIn(ACME.username, ACME.password, 'zh');
      expect((await zh.call('PUT', path(), { body: { ...s.good, [field]: value } })).reply.errmsg).toContain(
        server.catalogue.labels.zh[message],
      );
      expect(await allStored()).toEqual(before);
    });
  });

  it("keeps the agents the enterprise's governors' business, for its bound applications only", async () => {
    const before = await allStored();
    const body = { agentId: '1', secret: 'intruder' };
    expect((await globex.call('GET', `${base()}/wechat`)).reply.errcode).toBe(1404);
    expect((await globex.call('PUT', `${base()}/wechat`, { body })).reply.errcode).toBe(1404);
    expect((await globex.call('GET', `${base()}/imurls`)).reply.errcode).toBe(1404);
    expect((await sales.call('GET', `${base()}/wechat`)).reply).toMatchObject({
      errcode: 1403,
      errmsg: label('im.msg.governorsOnly'),
    });
    expect((await sales.call('PUT', `${base()}/wechat`, { body })).reply.errcode).toBe(1403);
    expect((await sales.call('GET', `${base()}/imurls`)).reply.errcode).toBe(1403);
    expect((await acme.call('GET', `${base(unboundId)}/wechat`)).reply.errcode).toBe(1404);
    expect((await acme.call('PUT', `${base(unboundId)}/wechat`, { body })).reply.errcode).toBe(1404);
    expect((await acme.call('GET', `${base(unboundId)}/imurls`)).reply.errcode).toBe(1404);
    expect((await acme.call('PUT', `${base('no-such-app')}/feishu`, { body: { appKey: 'x' } })).reply.errcode).toBe(
      1404,
    );
    expect((await acme.call('GET', `${base(officeId, 'no-such-enterprise')}/wechat`)).reply.errcode).toBe(1404);
    expect(await allStored()).toEqual(before);
  });

  it('drops the agents with the binding', async () => {
    await server.db
      .insertInto('domain_applications')
      .values({ domain_id: acmeId, application_id: unboundId })
      .execute();
    expect(
      (await acme.call('PUT', `${base(unboundId)}/wechat`, { body: { agentId: '7', secret: 's' } })).reply.errcode,
    ).toBe(0);
    expect(await stored('wechat', unboundId)).toBeDefined();
    await server.db
      .deleteFrom('domain_applications')
      .where('domain_id', '=', acmeId)
      .where('application_id', '=', unboundId)
      .execute();
    expect(await stored('wechat', unboundId)).toBeUndefined();
    expect(await stored('wechat')).toBeDefined();
  });
});
