// Menu and module permissions of an application's roles (docs/adr/0039-permissions-role-leaves.md) on both databases: the trees
// with each node's state for a role (a parent follows its leaves), a save that expands a parent to its
// subtree and keeps the parents of granted leaves, a save with an unknown id that changes nothing, the
// effective access of a user (roles, disabled application or module), the authority sheets, and reach.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
type Node = { id: string; parentId: string | null; kind: string; name: string; state: string | null };
type Grants = { roleId: string; pc: string[]; mobile: string[]; resources: string[] };
type Effective = {
  active: string;
  roles: Array<{ name: string }>;
  disabledModules: string[];
  pc: Array<{ id: string; path: string[]; roles: string[] }>;
  mobile: unknown[];
  resources: Array<{ id: string; roles: string[] }>;
};

async function sheetRows(body: ArrayBuffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe.each(targets)('role permissions on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let office: string;
  let procurement: string;
  let acmeId: string;
  const label = (key: string) => server.catalogue.labels.en[key];
  const base = () => `/authtime/applications/${office}/permissions`;
  const roleId = async (key: string) =>
    (
      await server.db
        .selectFrom('app_roles')
        .select('id')
        .where('application_id', '=', office)
        .where('package_role', '=', key)
        .executeTakeFirstOrThrow()
    ).id;
  const freshRole = async (name: string) =>
    (await admin.call<{ id: string }>('POST', `/authtime/application/${office}/role`, { body: { name } })).reply.data
      .id;
  const userId = async (loginno: string) =>
    (await server.db.selectFrom('users').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer(target);
    [admin, acme, globex] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
    ]);
    const app = (id: string) =>
      server.db.selectFrom('applications').select('id').where('package_id', '=', id).executeTakeFirstOrThrow();
    office = (await app('office')).id;
    procurement = (await app('purchasing')).id;
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => server?.close());

  it("draws the PC tree with the package role's states, a parent following its leaves", async () => {
    const employee = await roleId('employee');
    const { reply } = await acme.call<Node[]>('GET', `${base()}/pc`, { query: { roleId: employee } });
    expect(reply.errcode).toBe(0);
    expect(reply.data.map((n) => [n.id, n.parentId, n.state])).toEqual([
      ['self-service', null, 'checked'],
      ['leave-requests', 'self-service', 'checked'],
      ['trips', 'self-service', 'checked'],
      ['office-reports', null, 'unchecked'],
      ['leave-report', 'office-reports', 'unchecked'],
    ]);
    // Under one parent, without a role: no states.
    const under = (await acme.call<Node[]>('GET', `${base()}/pc`, { query: { parentId: 'self-service' } })).reply.data;
    expect(under.map((n) => [n.id, n.state])).toEqual([
      ['leave-requests', null],
      ['trips', null],
    ]);
    expect((await acme.call('GET', `${base()}/pc`, { query: { parentId: 'nothing-here' } })).reply.errcode).toBe(1404);
    const modules = (await acme.call<Node[]>('GET', `${base()}/module`, { query: { roleId: await roleId('hr') } }))
      .reply.data;
    expect(modules.map((n) => [n.id, n.kind, n.state])).toEqual([
      ['leave', 'module', 'checked'],
      ['leave-export', 'resource', 'checked'],
      ['leave-cancel', 'resource', 'checked'],
      ['trip', 'module', 'checked'],
      ['trip-export', 'resource', 'checked'],
    ]);
    const trip = (
      await acme.call<Node[]>('GET', `/authtime/applications/${office}/modules/trip/permissions`, {
        query: { roleId: employee },
      })
    ).reply.data;
    expect(trip.map((n) => [n.id, n.state])).toEqual([['trip-export', 'unchecked']]);
    expect(
      (
        await acme.call('GET', `/authtime/applications/${office}/modules/trip-export/permissions`, {
          query: { roleId: employee },
        })
      ).reply.errcode,
    ).toBe(1404);
  });

  it('saves a parent as its subtree with the parents of every leaf, and reads back the leaves', async () => {
    const role = await freshRole('Reporter');
    const saved = await admin.call('POST', base(), {
      body: { roleId: role, pc: ['office-reports', 'trips'], mobile: ['m-trip'], resources: ['leave'] },
    });
    expect(saved.reply).toMatchObject({ errcode: 0, data: { pc: 4, mobile: 1, resources: 2 } });
    const stored = await server.db
      .selectFrom('role_menus')
      .select(['kind', 'menu_id'])
      .where('role_id', '=', role)
      .orderBy('kind')
      .orderBy('menu_id')
      .execute();
    expect(stored.map((r) => `${r.kind}:${r.menu_id}`)).toEqual([
      'mobile:m-trip',
      'pc:leave-report',
      'pc:office-reports',
      'pc:self-service',
      'pc:trips',
    ]);
    const grants = (await acme.call<Grants>('GET', base(), { query: { roleId: role } })).reply.data;
    expect(grants).toEqual({
      roleId: role,
      pc: ['trips', 'leave-report'],
      mobile: ['m-trip'],
      resources: ['leave-export', 'leave-cancel'],
    });
    const tree = (await admin.call<Node[]>('GET', `${base()}/pc`, { query: { roleId: role } })).reply.data;
    expect(Object.fromEntries(tree.map((n) => [n.id, n.state]))).toMatchObject({
      'self-service': 'mixed',
      'office-reports': 'checked',
      'leave-requests': 'unchecked',
    });
    // A save replaces: nothing listed, nothing granted.
    expect(
      (await admin.call('POST', base(), { body: { roleId: role, pc: [], mobile: [], resources: [] } })).reply,
    ).toMatchObject({ errcode: 0, data: { pc: 0, mobile: 0, resources: 0 } });
    expect(await server.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', role).execute()).toEqual(
      [],
    );
  });

  it('refuses unknown ids with the list of them and changes nothing', async () => {
    const hr = await roleId('hr');
    const before = await server.db
      .selectFrom('role_menus')
      .select(['kind', 'menu_id'])
      .where('role_id', '=', hr)
      .orderBy('menu_id')
      .execute();
    const { reply } = await admin.call('POST', base(), {
      body: { roleId: hr, pc: ['trips', 'no-such-menu'], mobile: ['m-leave'], resources: ['trip', 'ghost'] },
    });
    expect(reply.errcode).toBe(1001);
    const messages = (reply.data as { errors: Array<{ field: string; message: string }> }).errors;
    expect(messages).toEqual([
      { field: '/pc/1', message: label('permission.msg.unknownId').replace('{{id}}', 'no-such-menu') },
      { field: '/resources/1', message: label('permission.msg.unknownId').replace('{{id}}', 'ghost') },
    ]);
    expect(
      await server.db
        .selectFrom('role_menus')
        .select(['kind', 'menu_id'])
        .where('role_id', '=', hr)
        .orderBy('menu_id')
        .execute(),
    ).toEqual(before);
    // A menu id of the other kind is unknown there.
    expect(
      (await admin.call('POST', base(), { body: { roleId: hr, pc: ['m-leave'], mobile: [], resources: [] } })).reply
        .errcode,
    ).toBe(1001);
  });

  it("keeps saving the platform's business and every read inside the reach", async () => {
    const hr = await roleId('hr');
    expect(
      (await acme.call('POST', base(), { body: { roleId: hr, pc: [], mobile: [], resources: [] } })).reply.errcode,
    ).toBe(1403);
    // A role of another application, and an application out of reach.
    const buyer = (
      await server.db
        .selectFrom('app_roles')
        .select('id')
        .where('application_id', '=', procurement)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await admin.call('GET', base(), { query: { roleId: buyer } })).reply.errcode).toBe(1404);
    expect(
      (await admin.call('POST', base(), { body: { roleId: buyer, pc: [], mobile: [], resources: [] } })).reply.errcode,
    ).toBe(1404);
    expect((await globex.call('GET', `/authtime/applications/${procurement}/permissions/pc`)).reply.errcode).toBe(1404);
    expect(
      (await globex.call('GET', `/authtime/applications/${procurement}/permissions`, { query: { roleId: buyer } }))
        .reply.errcode,
    ).toBe(1404);
  });

  it("shows a user's effective access with the roles granting each item, and nothing where the application is off", async () => {
    const role = await freshRole('Trip desk');
    await admin.call('POST', base(), {
      body: { roleId: role, pc: ['trips'], mobile: [], resources: ['trip-export', 'leave-export'] },
    });
    const user = await userId('acme1001');
    await admin.call('PUT', `/authtime/role/${role}/users`, { body: { domainid: acmeId, userIds: [user] } });
    await admin.call('PUT', `/authtime/role/${await roleId('employee')}/users`, {
      body: { domainid: acmeId, userIds: [user] },
    });
    const look = async (client: ApiClient = acme) =>
      client.call<Effective>('GET', `${base()}/effective`, { query: { userid: user } });
    const seen = (await look()).reply.data;
    expect(seen.active).toBe('yes');
    expect(seen.roles.map((r) => r.name)).toEqual(['Employee', 'Trip desk']);
    expect(seen.pc.map((g) => [g.path.join(' / '), g.roles])).toEqual([
      ['Self service / Leave requests', ['Employee']],
      ['Self service / Business trips', ['Employee', 'Trip desk']],
    ]);
    expect(seen.resources.map((g) => g.id)).toEqual(['leave-export', 'trip-export']);
    // A module disabled in the enterprise: its menus and resources are left out.
    await server.db
      .updateTable('domain_applications')
      .set({ disabled_modules: ['trip'] })
      .where('domain_id', '=', acmeId)
      .where('application_id', '=', office)
      .execute();
    const narrowed = (await look()).reply.data;
    expect(narrowed.disabledModules).toEqual(['Business trips']);
    expect(narrowed.pc.map((g) => g.id)).toEqual(['leave-requests']);
    expect(narrowed.resources.map((g) => g.id)).toEqual(['leave-export']);
    await server.db
      .updateTable('domain_applications')
      .set({ disabled_modules: [], enabled: false })
      .where('domain_id', '=', acmeId)
      .where('application_id', '=', office)
      .execute();
    const off = (await look()).reply.data;
    expect([off.active, off.pc, off.resources, off.roles.length]).toEqual(['disabled', [], [], 2]);
    await server.db
      .updateTable('domain_applications')
      .set({ enabled: true })
      .where('domain_id', '=', acmeId)
      .where('application_id', '=', office)
      .execute();
    // Another tenant's user is out of Globex's reach; an unknown one is not found.
    expect((await look(globex)).reply.errcode).toBe(1404);
    expect((await acme.call('GET', `${base()}/effective`, { query: { userid: 'nobody' } })).reply.errcode).toBe(1404);
  });

  it('exports the role menus and the role users within reach as sheets', async () => {
    const menus = await admin.raw('GET', `${base()}/export`, { query: { kind: 'menus' } });
    expect(menus.status).toBe(200);
    expect(menus.headers.get('content-disposition')).toMatch(/role-menus-office-\d{8}\.xlsx/);
    const menuRows = await sheetRows(await menus.arrayBuffer());
    expect(menuRows[0]).toEqual(['Role', 'Type', 'Menu or resource']);
    expect(menuRows).toContainEqual(['HR officer', 'PC menu', 'Reports / Leave report']);
    expect(menuRows).toContainEqual(['HR officer', 'Resource', 'Leave / Export leave records']);
    expect(menuRows).toContainEqual(['Employee', 'Mobile menu', 'Trips']);

    const users = async (client: ApiClient) =>
      sheetRows(await (await client.raw('GET', `${base()}/export`, { query: { kind: 'users' } })).arrayBuffer());
    const [all, inAcme] = await Promise.all([users(admin), users(acme)]);
    expect(inAcme[0]).toEqual(['Role', 'User name', 'Login number', 'Department', 'Enterprise']);
    expect(inAcme.length).toBeGreaterThan(1);
    expect(new Set(inAcme.slice(1).map((r) => r[4]))).toEqual(new Set(['Acme']));
    expect(all.length).toBeGreaterThan(inAcme.length);
    expect(
      (await globex.call('GET', `${base()}/export`, { query: { kind: 'users', domainid: acmeId } })).reply.errcode,
    ).toBe(1404);
  });
});
