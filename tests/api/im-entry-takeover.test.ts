// A suite entry takeover (docs/adr/0082-suite-endpoints-and-sign-in.md), on both databases: a tenant administrator who sends its enterprise's suite settings
// with a service address of its choice, and creates a person with the login number of an account it may
// not manage, cannot sign in as that account through the suite's entry — neither a peer administrator
// of its enterprise (each suite) nor, in security mode, an auditor of it. The suite here is the
// deployment's (a local fake), answering whatever user id the test names, as a suite the enterprise
// controls can. Each refusal is the localized page, opens no session and is in the operation log with
// the suite's user id; a developer of the enterprise whom the suite's sync linked signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDingding } from '../support/fake-dingding.ts';
import { startFakeFeishu } from '../support/fake-feishu.ts';
import type { FakeImState } from '../support/fake-im-server.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';
import { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { createSuperuser, setSecurityMode, updateSuperuser } from './helpers/superuser-calls.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createUser, departmentOf, uniqueLoginno } from './helpers/user-calls.ts';

const targets = await databaseTargets();
const pageText = async (response: Response) =>
  (await response.text()).replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
type Service = 'wechat' | 'dingding' | 'feishu';

const SUITES: Array<{ service: Service; settings: Record<string, string>; agent: Record<string, string> }> = [
  {
    service: 'wechat',
    settings: { corpId: 'ww-take', corpSecret: 'Wx#book' },
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

describe.each(targets)('a suite sign-in signs in no account the enterprise may not manage, on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let acmeId: string;
  let officeId: string;
  let salesId: string;
  const fakes = {} as Record<Service, FakeImState>;
  const label = (key: string) => server.catalogue.labels.en[key];
  const sessions = async () =>
    Number(
      (
        await server.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The whole sign-in in a fresh browser, the suite answering `who`: the callback's answer and the browser. */
  async function signInThrough(service: Service, who: string) {
    fakes[service].signInAs = who;
    const browser = new ApiClient(server.url, 'en');
    const entry = await browser.raw('GET', `/authtime/im/${service}/entry/${acmeId}/${officeId}`, {
      redirect: 'manual',
    });
    expect(entry.status, await entry.clone().text()).toBe(302);
    const atSuite = await fetch(new URL(entry.headers.get('location') ?? ''), { redirect: 'manual' });
    expect(atSuite.status).toBe(302);
    const back = new URL(atSuite.headers.get('location') ?? '');
    const answer = await browser.raw('GET', `${back.pathname}${back.search}`, { redirect: 'manual' });
    return { status: answer.status, page: await pageText(answer), browser };
  }

  /** The console account and its person in Acme (created as the tenant administrator can). */
  async function accountWithPerson(fields: Record<string, unknown>) {
    const loginno = uniqueLoginno('t');
    const account = await createSuperuser(admin, { name: `Target_${loginno}`, loginno, domains: [acmeId], ...fields });
    expect(account.reply.errcode, account.reply.errmsg).toBe(0);
    const person = await createUser(acme, acmeId, { name: `Person_${loginno}`, loginno, departmentid: salesId });
    expect(person.reply.errcode, person.reply.errmsg).toBe(0);
    return { loginno, accountId: account.reply.data.id, personId: person.reply.data.id };
  }

  const lastCallbackEntry = async (service: Service) => {
    await server.app.services.operationLog.idle();
    return server.db
      .selectFrom('operation_log')
      .select(['user_name', 'domain_id', 'errcode', 'message'])
      .where('call_id', '=', `imEntry.${service}Callback`)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    fakes.wechat = await startFakeWechat({
      corpId: 'ww-take',
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
    });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
    officeId = (
      await server.db.selectFrom('applications').select('id').where('name', '=', 'Office').executeTakeFirstOrThrow()
    ).id;
    salesId = await departmentOf(server.db, 'Acme', 'Sales');
    for (const s of SUITES) {
      // The address is the attacker's wish: the suite it names answers any user id it is told to.
      const saved = await acme.call('PUT', `/authtime/domain/${acmeId}/${s.service}`, {
        body: { ...s.settings, apiUrl: fakes[s.service].url, externalHost: server.url },
      });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      const agent = await acme.call('PUT', `/authtime/domain/${acmeId}/application/${officeId}/${s.service}`, {
        body: s.agent,
      });
      expect(agent.reply.errcode, agent.reply.errmsg).toBe(0);
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(fakes).map((f) => f?.close()));
    await server?.close();
  });

  it.each(SUITES)(
    'refuses a peer tenant administrator through $service, linked by a sync or not',
    async ({ service }) => {
      const peer = await accountWithPerson({ isdomainadmin: true, type: 'admin' });
      // The tenant administrator may not change its peer …
      expect(
        (
          await updateSuperuser(acme, peer.accountId, {
            name: 'Renamed',
            loginno: peer.loginno,
            isdomainadmin: true,
            type: 'admin',
            domains: [acmeId],
          })
        ).reply.errcode,
      ).toBe(1403);
      const before = await sessions();
      // … nor become it: the person it made is no one the suite vouches for.
      const unlinked = await signInThrough(service, peer.loginno);
      expect(unlinked.status, unlinked.page).toBe(403);
      expect(unlinked.page).toContain(
        label('imEntry.error.notLinked').replaceAll('{{service}}', label(`im.service.${service}`)),
      );
      // A sync from its suite (which it controls) may link the person: still an administrator, refused.
      await server.db
        .insertInto('sync_user_links')
        .values({ domain_id: acmeId, kind: service, external_id: peer.loginno, user_id: peer.personId })
        .execute();
      const linked = await signInThrough(service, peer.loginno);
      expect(linked.status, linked.page).toBe(403);
      expect(linked.page).toContain(
        label('imEntry.error.privileged').replaceAll('{{service}}', label(`im.service.${service}`)),
      );
      expect(await sessions()).toBe(before);
      expect((await linked.browser.raw('GET', '/authtime/myprofile')).status).toBe(401);
      const logged = await lastCallbackEntry(service);
      expect(logged).toMatchObject({ domain_id: acmeId, errcode: 403 });
      expect(logged.user_name).toContain(peer.loginno);
      expect(logged.message).toContain(
        label('imEntry.error.privileged').replaceAll('{{service}}', label(`im.service.${service}`)),
      );
    },
  );

  it('in security mode refuses an auditor of the enterprise, whose log the tenant administrator may not read', async () => {
    await setSecurityMode(server.db, true);
    try {
      const auditor = await accountWithPerson({ isdomainadmin: true, type: 'examine' });
      await server.db
        .insertInto('sync_user_links')
        .values({ domain_id: acmeId, kind: 'wechat', external_id: auditor.loginno, user_id: auditor.personId })
        .execute();
      const logPage = (client: ApiClient) =>
        client.call('POST', `/authtime/domain/${acmeId}/loggers`, { query: { currpage: 1, pagelines: 10 }, body: {} });
      expect((await logPage(acme)).reply.errcode).toBe(1403);
      const before = await sessions();
      const taken = await signInThrough('wechat', auditor.loginno);
      expect(taken.status, taken.page).toBe(403);
      expect(taken.page).toContain(
        label('imEntry.error.privileged').replaceAll('{{service}}', label('im.service.wechat')),
      );
      expect(await sessions()).toBe(before);
      expect(
        (
          await taken.browser.raw('POST', `/authtime/domain/${acmeId}/loggers`, {
            query: { currpage: 1, pagelines: 10 },
            body: {},
          })
        ).status,
      ).toBe(401);
    } finally {
      await setSecurityMode(server.db, false);
    }
  });

  it('signs in a developer of the enterprise (security mode) whom the suite linked, and logs it', async () => {
    // Only security mode gives a developer an enterprise: outside it every account of one is an administrator.
    await setSecurityMode(server.db, true);
    try {
      const developer = await accountWithPerson({ type: 'develop', applications: [officeId] });
      const before = await sessions();
      // Not linked yet: the login number alone vouches for nobody.
      const unlinked = await signInThrough('feishu', developer.loginno);
      expect(unlinked.status, unlinked.page).toBe(403);
      await server.db
        .insertInto('sync_user_links')
        .values({
          domain_id: acmeId,
          kind: 'feishu',
          external_id: `ou_${developer.loginno}`,
          user_id: developer.personId,
        })
        .execute();
      const done = await signInThrough('feishu', `ou_${developer.loginno}`);
      expect(done.status, done.page).toBe(302);
      expect(await sessions()).toBe(before + 1);
      const profile = await done.browser.call<{ loginno: string }>('GET', '/authtime/myprofile');
      expect(profile.reply.data.loginno).toBe(developer.loginno);
      const logged = await lastCallbackEntry('feishu');
      expect(logged).toMatchObject({ domain_id: acmeId, errcode: 0 });
      expect(logged.user_name).toContain(developer.loginno);
    } finally {
      await setSecurityMode(server.db, false);
    }
  });

  it("keeps no address a tenant sends: the suite is the deployment's", async () => {
    const stored = await server.db
      .selectFrom('domain_im_settings')
      .select(['service', 'settings'])
      .where('domain_id', '=', acmeId)
      .execute();
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(Object.keys(row.settings as object)).not.toContain('apiUrl');
    const read = await acme.call<Record<string, unknown>>('GET', `/authtime/domain/${acmeId}/wechat`);
    expect(read.reply.data).not.toHaveProperty('apiUrl');
  });
});
