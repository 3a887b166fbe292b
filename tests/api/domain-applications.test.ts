// The software of an enterprise (docs/adr/0038-applications-from-packages.md) on both databases: its bound applications with the
// default, the packaged ones it could have, binding and unbinding (the platform's; an enterprise's own
// application stays; the enterprise's users lose the roles of an application it no longer uses), and
// the default application (its governors'), each out of reach answered 1404 and changing nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
type Page = { datas: Array<{ id: string; name: string; isDefault?: boolean }>; rowCount: number };

describe.each(targets)('enterprise software on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  const ids: Record<string, string> = {};
  const label = (key: string) => server.catalogue.labels.en[key];
  const bound = async (client: ApiClient, domain: string) =>
    client.call<Page>('POST', `/authtime/domain/${domain}/applications/bind`, { query: { pagelines: 100 }, body: {} });
  const names = async (client: ApiClient, domain: string) =>
    (await bound(client, domain)).reply.data.datas.map((a) => a.name);
  const bindings = () =>
    server.db.selectFrom('domain_applications').selectAll().orderBy('domain_id').orderBy('application_id').execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    [admin, acme, globex, sales] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
    ]);
    for (const d of await server.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('name', 'in', ['Acme', 'Globex'])
      .execute())
      ids[d.name] = d.id;
    for (const a of await server.db.selectFrom('applications').select(['id', 'name']).execute()) ids[a.name] = a.id;
  });
  afterAll(() => server?.close());

  it("lists an enterprise's applications with its default, to those who see it", async () => {
    const { reply } = await bound(acme, ids.Acme);
    expect(reply.data.datas.map((a) => [a.name, a.isDefault])).toEqual([
      ['Finance', false],
      ['Leave', false],
      ['Office', true],
      ['Procurement', false],
      ['Purchasing', false],
    ]);
    expect(await names(sales, ids.Acme)).toContain('Office');
    expect((await bound(globex, ids.Acme)).reply.errcode).toBe(1404);
    expect(
      (await acme.call<{ applicationId: string }>('GET', `/authtime/domain/${ids.Acme}/defaultapp`)).reply.data,
    ).toEqual({ applicationId: ids.Office });
    // In the caller's language.
    expect(await names(acme.withLanguage('zh'), ids.Acme)).toContain('办公');
  });

  it("turns an application's modules off and on for the enterprise, by its governors only", async () => {
    const path = `/authtime/domain/${ids.Acme}/application/${ids.Office}/modules`;
    const modules = async (client: ApiClient = acme) =>
      (await client.call<Array<{ id: string; name: string; enabled: boolean }>>('GET', path)).reply.data;
    expect(await modules()).toEqual([
      { id: 'leave', name: 'Leave', enabled: true },
      { id: 'trip', name: 'Business trips', enabled: true },
    ]);
    expect((await acme.call('PUT', path, { body: { disabled: ['trip'] } })).reply).toMatchObject({
      errcode: 0,
      data: { disabled: 1 },
    });
    expect((await modules(sales)).map((m) => m.enabled)).toEqual([true, false]);
    // Unknown ids are named and change nothing; a department administrator and another tenant change nothing.
    const refused = await acme.call('PUT', path, { body: { disabled: ['leave', 'payroll'] } });
    expect(refused.reply).toMatchObject({
      errcode: 1001,
      data: {
        errors: [{ field: '/disabled/1', message: label('software.msg.unknownModule').replace('{{id}}', 'payroll') }],
      },
    });
    expect((await sales.call('PUT', path, { body: { disabled: [] } })).reply.errcode).toBe(1403);
    expect((await globex.call('PUT', path, { body: { disabled: [] } })).reply.errcode).toBe(1404);
    expect((await modules()).map((m) => m.enabled)).toEqual([true, false]);
    expect(
      (await acme.call('PUT', `/authtime/domain/${ids.Acme}/application/not-bound/modules`, { body: { disabled: [] } }))
        .reply.errcode,
    ).toBe(1404);
    expect((await acme.call('PUT', path, { body: { disabled: [] } })).reply.errcode).toBe(0);
    expect((await modules()).every((m) => m.enabled)).toBe(true);
  });

  it("keeps an application's knowledge management per enterprise, and shows it in the managers' relations", async () => {
    const path = (what: string, app = ids.Office) => `/authtime/domain/${ids.Acme}/application/${app}/${what}`;
    type Km = { enabled: boolean; managers: Array<{ userId: string; kind: string; name: string }> };
    expect((await acme.call<Km>('GET', path('getkmstatus'))).reply.data).toMatchObject({
      enabled: false,
      managers: [],
      updatedAt: null,
    });
    const users = await server.db
      .selectFrom('users as u')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.id', 'd.name'])
      .where('u.domain_id', '=', ids.Acme)
      .where('d.name', 'in', ['Sales', 'Engineering'])
      .orderBy('u.order_no')
      .execute();
    const salesUser = users.find((u) => u.name === 'Sales')!.id;
    const engineer = users.find((u) => u.name === 'Engineering')!.id;
    const managers = [
      { userId: salesUser, kind: 'enterprise' },
      { userId: engineer, kind: 'committee' },
      { userId: engineer, kind: 'committee' },
    ];
    const saved = await acme.call<Km>('PUT', path('savekmconfig'), { body: { enabled: true, managers } });
    expect(saved.reply.errcode).toBe(0);
    expect(saved.reply.data.managers.map((m) => [m.userId, m.kind])).toEqual([
      [engineer, 'committee'],
      [salesUser, 'enterprise'],
    ]);
    // A department administrator sees the managers of its departments only, and changes nothing.
    expect((await sales.call<Km>('GET', path('getkmstatus'))).reply.data.managers.map((m) => m.userId)).toEqual([
      salesUser,
    ]);
    expect(
      (await sales.call('PUT', path('savekmconfig'), { body: { enabled: false, managers: [] } })).reply,
    ).toMatchObject({ errcode: 1403, errmsg: label('km.msg.governorsOnly') });
    expect((await globex.call('GET', path('getkmstatus'))).reply.errcode).toBe(1404);
    // A user of another enterprise, or an application not bound, is not found; nothing changes.
    const globexUser = (
      await server.db.selectFrom('users').select('id').where('domain_id', '=', ids.Globex).executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await acme.call('PUT', path('savekmconfig'), {
          body: { enabled: false, managers: [{ userId: globexUser, kind: 'department' }] },
        })
      ).reply.errcode,
    ).toBe(1404);
    expect((await acme.call('GET', path('getkmstatus', 'not-bound'))).reply.errcode).toBe(1404);
    expect((await acme.call<Km>('GET', path('getkmstatus'))).reply.data.enabled).toBe(true);
    // The managers' relations name their knowledge roles, and their application roles.
    const relation = (
      await acme.call<{ kmRoles: unknown[]; roles: Array<{ applicationName: string }> }>(
        'GET',
        `/authtime/user/${engineer}/rolewithdeptandkmrelation`,
      )
    ).reply.data;
    expect(relation.kmRoles).toEqual([{ applicationId: ids.Office, applicationName: 'Office', kind: 'committee' }]);
    const held = await server.db.selectFrom('role_users').select('role_id').where('user_id', '=', engineer).execute();
    expect(relation.roles).toHaveLength(held.length);
  });

  it("gives the configuration screen every application, or one enterprise's, by name", async () => {
    const forConfig = (client: ApiClient, query: Record<string, string> = {}) =>
      client.call<Page>('GET', '/authtime/config/applications', { query });
    const all = (await forConfig(admin)).reply.data;
    expect(all.rowCount).toBe(
      await server.db
        .selectFrom('applications')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n),
    );
    const acmeOnes = (await forConfig(admin, { domainid: ids.Acme })).reply.data.datas.map((a) => a.name);
    expect(acmeOnes).toEqual(await names(admin, ids.Acme));
    expect((await forConfig(admin, { domainid: ids.Acme, name: 'proc' })).reply.data.datas.map((a) => a.name)).toEqual([
      'Procurement',
    ]);
    expect(
      (await forConfig(admin.withLanguage('zh'), { domainid: ids.Acme, name: '办公' })).reply.data.datas.map(
        (a) => a.name,
      ),
    ).toEqual(['办公']);
    expect((await forConfig(acme)).reply.errcode).toBe(1403);
  });

  it('binds packaged applications on the platform only, all or nothing', async () => {
    const before = await bindings();
    const unbound = (
      await admin.call<Page>('POST', `/authtime/domain/${ids.Globex}/applications/unbind`, { body: {} })
    ).reply.data.datas.map((a) => a.name);
    expect(unbound).toEqual(['Finance', 'Procurement']);
    expect(
      (await globex.call('PUT', `/authtime/domain/${ids.Globex}/application`, { body: [ids.Finance] })).reply.errcode,
    ).toBe(1403);
    // An enterprise's own application (Acme's Leave) is no packaged one: the whole list is refused.
    expect(
      (await admin.call('PUT', `/authtime/domain/${ids.Globex}/application`, { body: [ids.Finance, ids.Leave] })).reply
        .errcode,
    ).toBe(1404);
    expect(await bindings()).toEqual(before);
    expect(
      (await admin.call('PUT', `/authtime/domain/${ids.Globex}/application`, { body: [ids.Finance, ids.Office] })).reply
        .data,
    ).toEqual({ bound: 1 });
    expect(await names(globex, ids.Globex)).toEqual(['Contracts', 'Finance', 'Office']);
    expect((await admin.call('PUT', `/authtime/domain/${ids.Globex}/application`, { body: [] })).reply.errcode).toBe(
      1001,
    );
  });

  it("unbinds, keeping an enterprise's own application and its users' roles elsewhere", async () => {
    const own = await admin.call('DELETE', `/authtime/domain/${ids.Acme}/application`, {
      body: [ids.Office, ids.Leave],
    });
    expect(own.reply).toMatchObject({
      errcode: 1001,
      data: { errors: [{ field: '', message: label('software.msg.ownApplication').replace('{{name}}', 'Leave') }] },
    });
    const holders = async (domain: string) =>
      (
        await server.db
          .selectFrom('role_users as h')
          .innerJoin('app_roles as r', 'r.id', 'h.role_id')
          .innerJoin('users as u', 'u.id', 'h.user_id')
          .select('h.user_id')
          .where('r.application_id', '=', ids.Office)
          .where('u.domain_id', '=', domain)
          .execute()
      ).length;
    const [acmeHolders, globexHolders] = [await holders(ids.Acme), await holders(ids.Globex)];
    expect(acmeHolders).toBeGreaterThan(0);
    expect(globexHolders).toBeGreaterThan(0);
    expect(
      (await acme.call('DELETE', `/authtime/domain/${ids.Acme}/application`, { body: [ids.Office] })).reply.errcode,
    ).toBe(1403);
    expect(
      (await admin.call('DELETE', `/authtime/domain/${ids.Acme}/application`, { body: [ids.Office] })).reply.data,
    ).toEqual({ unbound: 1 });
    expect([await holders(ids.Acme), await holders(ids.Globex)]).toEqual([0, globexHolders]);
    expect((await acme.call('GET', `/authtime/domain/${ids.Acme}/defaultapp`)).reply.data).toEqual({
      applicationId: null,
    });
    expect(
      (await admin.call('DELETE', `/authtime/domain/${ids.Acme}/application`, { body: [ids.Office] })).reply.errcode,
    ).toBe(1404);
  });

  it("lets the enterprise's governors choose its default among its applications", async () => {
    expect(
      (await acme.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Finance] })).reply.data,
    ).toEqual({ applicationId: ids.Finance });
    expect(
      (await acme.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Purchasing] })).reply.errcode,
    ).toBe(0);
    const defaults = await server.db
      .selectFrom('domain_applications')
      .select('application_id')
      .where('domain_id', '=', ids.Acme)
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toEqual([{ application_id: ids.Purchasing }]);
    expect(
      (await acme.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Contracts] })).reply.errcode,
    ).toBe(1404);
    expect(
      (await sales.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Finance] })).reply.errcode,
    ).toBe(1403);
    expect(
      (await globex.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Finance] })).reply.errcode,
    ).toBe(1404);
    expect(
      (await acme.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Finance, ids.Purchasing] })).reply
        .errcode,
    ).toBe(1001);
  });

  it('turns applications off and on for the enterprise, never the default, by its governors only', async () => {
    const enabledOf = async (name: string) =>
      (await bound(acme, ids.Acme)).reply.data.datas.find((a) => a.name === name) as unknown as { enabled: boolean };
    const path = (what: string) => `/authtime/domain/${ids.Acme}/application/${what}`;
    const current = (await acme.call<{ applicationId: string }>('GET', `/authtime/domain/${ids.Acme}/defaultapp`)).reply
      .data.applicationId;
    expect((await acme.call('PUT', path('disable'), { body: [current] })).reply).toMatchObject({
      errcode: 1001,
      errmsg: label('software.msg.defaultStaysOn'),
    });
    expect((await sales.call('PUT', path('disable'), { body: [ids.Leave] })).reply.errcode).toBe(1403);
    expect((await globex.call('PUT', path('disable'), { body: [ids.Leave] })).reply.errcode).toBe(1404);
    expect((await acme.call('PUT', path('disable'), { body: [ids.Leave, ids.Contracts] })).reply.errcode).toBe(1404);
    expect((await enabledOf('Leave')).enabled).toBe(true);
    expect((await acme.call('PUT', path('disable'), { body: [ids.Leave] })).reply.data).toEqual({ changed: 1 });
    expect((await enabledOf('Leave')).enabled).toBe(false);
    expect(
      (await acme.call('PUT', `/authtime/domain/${ids.Acme}/defaultapp`, { body: [ids.Leave] })).reply.errcode,
    ).toBe(1001);
    expect((await acme.call('PUT', path('enable'), { body: [ids.Leave] })).reply.data).toEqual({ changed: 1 });
    expect((await enabledOf('Leave')).enabled).toBe(true);
  });
});
