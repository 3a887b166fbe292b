// An application's entry from inside a messaging suite (docs/adr/0071-messaging-sign-in.md) on both databases, against the
// local WeChat-Work, DingTalk and Feishu servers as the deployment's suites: entry → the suite's
// authorize page for the application's own agent → back with a code → the console signed in and sent to
// the application, each redirect followed by hand; a tampered or foreign state, a refused code, a
// resigned person, one no sync linked, another enterprise's person and a missing agent each answer the
// localized page and sign nobody in. The deployment here lets a suite sign in an enterprise's
// administrator (ATRIUM_SUITE_SIGNIN_PRIVILEGED), whom the protocol flows use; the default refusal is
// im-entry-takeover.test.ts's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDingding } from '../support/fake-dingding.ts';
import { startFakeFeishu } from '../support/fake-feishu.ts';
import type { FakeImState } from '../support/fake-im-server.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';
import { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
/** The page's text with its character references read back. */
const pageText = async (response: Response) =>
  (await response.text()).replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
type Service = 'wechat' | 'dingding' | 'feishu';

const SUITES: Array<{ service: Service; settings: Record<string, string>; agent: Record<string, string> }> = [
  {
    service: 'wechat',
    settings: { corpId: 'ww-entry', corpSecret: 'Wx#book' },
    agent: { agentId: '1000002', secret: 'Wx#office' },
  },
  {
    service: 'dingding',
    settings: { appKey: 'ding-book', appSecret: 'Dd#book' },
    agent: { agentId: '2000003', appKey: 'ding-office', appSecret: 'Dd#office' },
  },
  {
    service: 'feishu',
    settings: { appKey: 'cli_book', appSecret: 'Fs#book' },
    agent: { appKey: 'cli_office', appSecret: 'Fs#office' },
  },
];

describe.each(targets)('signing in from a messaging suite on $name', (target) => {
  let server: TestServer;
  let acme: ApiClient;
  let acmeId: string;
  let globexId: string;
  let officeId: string;
  let otherAppId: string;
  let acmePersonId: string;
  const fakes = {} as Record<Service, FakeImState>;
  const label = (key: string, language: 'en' | 'zh' = 'en') => server.catalogue.labels[language][key];
  const entryPath = (service: Service, app = officeId) => `/authtime/im/${service}/entry/${acmeId}/${app}`;
  const sessions = async () =>
    Number(
      (
        await server.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const browser = () => new ApiClient(server.url, 'en');

  /** entry → authorize page (the fake answers with its code) → the address the suite sends back to. */
  async function toSuiteAndBack(service: Service, client: ApiClient): Promise<{ authorize: URL; back: URL }> {
    const entry = await client.raw('GET', entryPath(service), { redirect: 'manual' });
    expect(entry.status, await entry.clone().text()).toBe(302);
    const authorize = new URL(entry.headers.get('location') ?? '');
    const atSuite = await fetch(authorize, { redirect: 'manual' });
    expect(atSuite.status, await atSuite.clone().text()).toBe(302);
    return { authorize, back: new URL(atSuite.headers.get('location') ?? '') };
  }
  const callback = (client: ApiClient, back: URL) =>
    client.raw('GET', `${back.pathname}${back.search}`, { redirect: 'manual' });

  beforeAll(async () => {
    fakes.wechat = await startFakeWechat({
      corpId: 'ww-entry',
      corpSecret: 'Wx#book',
      agents: { '1000002': 'Wx#office' },
    });
    fakes.dingding = await startFakeDingding({
      appKey: 'ding-book',
      appSecret: 'Dd#book',
      apps: { 'ding-office': 'Dd#office' },
    });
    fakes.feishu = await startFakeFeishu({
      appKey: 'cli_book',
      appSecret: 'Fs#book',
      apps: { cli_office: 'Fs#office' },
    });
    server = await startTestServer(target, {
      suites: { wechat: fakes.wechat.url, dingding: fakes.dingding.url, feishu: fakes.feishu.url },
      suitePrivilegedSignIn: true,
    });
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const domain = (name: string) =>
      server.db.selectFrom('domains').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    acmeId = (await domain('Acme')).id;
    globexId = (await domain('Globex')).id;
    officeId = (
      await server.db.selectFrom('applications').select('id').where('name', '=', 'Office').executeTakeFirstOrThrow()
    ).id;
    const bound = await server.db
      .selectFrom('domain_applications')
      .select('application_id')
      .where('domain_id', '=', acmeId)
      .where('application_id', '!=', officeId)
      .execute();
    otherAppId = bound[0].application_id;
    // The person "acme" of Acme's organisation, whose console account is Acme's administrator.
    const existing = await server.db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', acmeId)
      .where('loginno', '=', 'acme')
      .executeTakeFirst();
    acmePersonId = existing?.id ?? randomUUID();
    if (!existing)
      await server.db
        .insertInto('users')
        .values({
          id: acmePersonId,
          domain_id: acmeId,
          department_id: null,
          name: 'Acme Admin',
          loginno: 'acme',
          password_hash: null,
        })
        .execute();
    // As the syncs link the person: DingTalk by its own user id, the others by the login number.
    for (const [kind, external_id] of [
      ['wechat', 'acme'],
      ['dingding', 'ding-0001'],
      ['feishu', 'acme'],
    ])
      await server.db
        .insertInto('sync_user_links')
        .values({ domain_id: acmeId, kind, external_id, user_id: acmePersonId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const s of SUITES) {
      const saved = await acme.call('PUT', `/authtime/domain/${acmeId}/${s.service}`, {
        body: { ...s.settings, externalHost: server.url },
      });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      const agent = await acme.call('PUT', `/authtime/domain/${acmeId}/application/${officeId}/${s.service}`, {
        body: s.agent,
      });
      expect(agent.reply.errcode, agent.reply.errmsg).toBe(0);
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(fakes).map((f) => f.close()));
    await server?.close();
  });

  it.each(SUITES)(
    'signs the person in through $service with the application agent and opens the application',
    async ({ service }) => {
      const fake = fakes[service];
      fake.signInAs = service === 'dingding' ? 'ding-0001' : 'acme';
      const client = browser();
      const { authorize, back } = await toSuiteAndBack(service, client);
      const q = authorize.searchParams;
      const callbackUrl = `${server.url}${entryPath(service)}/callback`;
      if (service === 'wechat') {
        expect(authorize.pathname).toBe('/connect/oauth2/authorize');
        expect([
          q.get('appid'),
          q.get('agentid'),
          q.get('scope'),
          q.get('response_type'),
          q.get('redirect_uri'),
        ]).toEqual(['ww-entry', '1000002', 'snsapi_base', 'code', callbackUrl]);
      } else if (service === 'dingding') {
        expect(authorize.pathname).toBe('/oauth2/auth');
        expect([
          q.get('client_id'),
          q.get('scope'),
          q.get('prompt'),
          q.get('response_type'),
          q.get('redirect_uri'),
        ]).toEqual(['ding-office', 'openid', 'consent', 'code', callbackUrl]);
      } else {
        expect(authorize.pathname).toBe('/open-apis/authen/v1/authorize');
        expect([q.get('app_id'), q.get('redirect_uri')]).toEqual(['cli_office', callbackUrl]);
      }
      const before = await sessions();
      const done = await callback(client, back);
      expect(done.status, await done.clone().text()).toBe(302);
      expect(done.headers.get('location')).toBe(`${server.url}/#/applications/access?app=${officeId}`);
      expect(await sessions()).toBe(before + 1);
      // The session works as a password sign-in's: profile read, a write with the CSRF cookie's token.
      const profile = await client.call<{ loginno: string }>('GET', '/authtime/myprofile');
      expect(profile.reply.errcode, profile.reply.errmsg).toBe(0);
      expect(profile.reply.data.loginno).toBe('acme');
      const write = await client.call('PUT', `/authtime/domain/${acmeId}/application/${officeId}/${service}`, {
        body: (SUITES.find((s) => s.service === service) as (typeof SUITES)[number]).agent,
      });
      expect(write.reply.errcode, write.reply.errmsg).toBe(0);
      // The code was exchanged with the application's own credentials, not the address book's.
      if (service === 'wechat')
        expect(
          fake.received.some((r) => r.path === '/cgi-bin/gettoken' && r.query.get('corpsecret') === 'Wx#office'),
        ).toBe(true);
      if (service === 'dingding')
        expect(
          fake.received.some((r) => r.path === '/v1.0/oauth2/userAccessToken' && r.body.clientId === 'ding-office'),
        ).toBe(true);
      if (service === 'feishu')
        expect(
          fake.received.some(
            (r) => r.path === '/open-apis/auth/v3/app_access_token/internal' && r.body.app_id === 'cli_office',
          ),
        ).toBe(true);
      // Logged as a sign-in through the suite, under the account signed in, in Acme's log.
      await server.app.services.operationLog.idle();
      const logged = await server.db
        .selectFrom('operation_log')
        .select(['user_name', 'domain_id', 'errcode', 'target_id'])
        .where('call_id', '=', `imEntry.${service}Callback`)
        .orderBy('at', 'desc')
        .executeTakeFirstOrThrow();
      expect(logged).toMatchObject({ domain_id: acmeId, errcode: 0, target_id: officeId });
      expect(logged.user_name).toContain('acme');
      // A second use of the same callback address (its code spent, its cookie gone) signs nobody in.
      const again = await callback(client, back);
      expect(again.status).toBe(400);
    },
  );

  it('refuses a tampered state, a state of another browser or entry, and a code the suite refuses', async () => {
    fakes.wechat.signInAs = 'acme';
    const client = browser();
    const { back } = await toSuiteAndBack('wechat', client);
    const state = back.searchParams.get('state') ?? '';
    const before = await sessions();
    const [text, signature] = state.split('.');
    const payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, e: Date.now() + 3_600_000 })).toString('base64url')}.${signature}`;
    const flipped = `${text}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [forged, flipped, '', 'x.y']) {
      const url = new URL(back);
      url.searchParams.set('state', bad);
      const answer = await callback(client, url);
      expect(answer.status).toBe(400);
      const page = await pageText(answer);
      expect(page).toContain(label('imEntry.error.stateInvalid').replace('{{service}}', 'WeChat-Work'));
    }
    // The right state from a browser without the entry's cookie (a link pushed to someone else).
    expect((await callback(browser(), back)).status).toBe(400);
    // … and from a browser that opened an entry of its own (its cookie is another nonce).
    const other = browser();
    await other.raw('GET', entryPath('wechat'), { redirect: 'manual' });
    expect(other.cookies.get('atrium_im_entry')).toBeTruthy();
    expect((await callback(other, back)).status).toBe(400);
    // The state of Office's entry at another application's callback (that one with an agent too).
    const elsewhere = new URL(back);
    elsewhere.pathname = elsewhere.pathname.replace(officeId, otherAppId);
    expect(
      (
        await acme.call('PUT', `/authtime/domain/${acmeId}/application/${otherAppId}/wechat`, {
          body: { agentId: '1000002', secret: 'Wx#office' },
        })
      ).reply.errcode,
    ).toBe(0);
    try {
      const crossed = await callback(client, elsewhere);
      expect(crossed.status).toBe(400);
      expect(await pageText(crossed)).toContain(
        label('imEntry.error.stateInvalid').replace('{{service}}', 'WeChat-Work'),
      );
    } finally {
      await server.db.deleteFrom('domain_im_app_agents').where('application_id', '=', otherAppId).execute();
    }
    // A code the suite does not know: refused with the outbound policy's reason, never the suite's own words.
    const bogus = new URL(back);
    bogus.searchParams.set('code', 'not-a-code');
    const refused = await callback(client, bogus);
    expect(refused.status).toBe(400);
    const page = await pageText(refused);
    expect(page).toContain(server.catalogue.labels.en['outbound.reason.auth']);
    expect(page).not.toMatch(/40029|invalid code/);
    expect(await sessions()).toBe(before);
    expect(await client.raw('GET', '/authtime/myprofile').then((r) => r.status)).toBe(401);
  });

  it('refuses a resigned person, one no sync linked, a person of another enterprise, in the browser language', async () => {
    const before = await sessions();
    const attempt = async (service: Service, who: string, language?: string) => {
      fakes[service].signInAs = who;
      const client = browser();
      if (language) client.cookies.delete('atrium_lang');
      const { back } = await toSuiteAndBack(service, client);
      const answer = await client.raw('GET', `${back.pathname}${back.search}`, {
        redirect: 'manual',
        headers: language ? { 'accept-language': language } : {},
      });
      return { status: answer.status, page: await pageText(answer) };
    };
    await server.db.updateTable('users').set({ status: 0 }).where('id', '=', acmePersonId).execute();
    try {
      const resigned = await attempt('feishu', 'acme');
      expect(resigned.status).toBe(403);
      expect(resigned.page).toContain(label('imEntry.error.resigned'));
    } finally {
      await server.db.updateTable('users').set({ status: 1 }).where('id', '=', acmePersonId).execute();
    }
    // Globex's administrator: no sync linked its id to a person of Acme (Chinese from Accept-Language).
    const unknown = await attempt('wechat', 'globex', 'zh-CN,zh;q=0.9,en;q=0.5');
    expect(unknown.status).toBe(403);
    expect(unknown.page).toContain(label('imEntry.error.notLinked', 'zh').replaceAll('{{service}}', '企业微信'));
    expect(unknown.page).toContain('lang="zh-Hans"');
    // An Acme person with Globex's administrator's login number: its console account is Globex's.
    const twin = randomUUID();
    await server.db
      .insertInto('users')
      .values({
        id: twin,
        domain_id: acmeId,
        department_id: null,
        name: 'Globex twin',
        loginno: 'globex',
        password_hash: null,
      })
      .execute();
    await server.db
      .insertInto('sync_user_links')
      .values({ domain_id: acmeId, kind: 'wechat', external_id: 'globex', user_id: twin })
      .execute();
    try {
      const other = await attempt('wechat', 'globex');
      expect(other.status).toBe(403);
      expect(other.page).toContain(label('imEntry.error.otherEnterprise'));
    } finally {
      await server.db.deleteFrom('users').where('id', '=', twin).execute();
    }
    expect(await sessions()).toBe(before);
    expect(globexId).not.toBe(acmeId);
  });

  it('answers the page for an application without agent or not offered, signing nobody in', async () => {
    const before = await sessions();
    for (const service of ['wechat', 'dingding', 'feishu'] as const) {
      const noAgent = await browser().raw('GET', entryPath(service, otherAppId), { redirect: 'manual' });
      expect(noAgent.status).toBe(404);
      expect(await pageText(noAgent)).toContain(
        label('imEntry.error.noAgent').replace('{{service}}', label(`im.service.${service}`)),
      );
      const unbound = await browser().raw('GET', `/authtime/im/${service}/entry/${globexId}/${officeId}x`, {
        redirect: 'manual',
      });
      expect(unbound.status).toBe(404);
      expect(await pageText(unbound)).toContain(label('imEntry.error.unknownApplication'));
    }
    // Office of Globex: Acme's agent does not make it an entry of Globex.
    const cn = new ApiClient(server.url, 'cn');
    const foreign = await cn.raw('GET', `/authtime/im/wechat/entry/${globexId}/${officeId}`, { redirect: 'manual' });
    expect(foreign.status).toBe(404);
    expect(await sessions()).toBe(before);
  });
});
