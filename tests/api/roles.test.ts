// Application roles (docs/adr/0038-applications-from-packages.md) on both databases: the list with holders counted within reach,
// adding, renaming and deleting administrators' roles (a package's own role stays as the package has
// it), and giving or taking a role to an enterprise's users within the caller's reach, all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { departmentOf } from './helpers/user-calls.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();
type Roles = {
  datas: Array<{ id: string; name: string; packageRole: string | null; holders: number }>;
  rowCount: number;
};

describe.each(targets)('application roles on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let office: string;
  let acmeId: string;
  let salesDept: string;
  let engDept: string;
  const label = (key: string) => server.catalogue.labels.en[key];
  const roles = (client: ApiClient, body: Record<string, string> = {}) =>
    client.call<Roles>('POST', `/authtime/application/${office}/roles`, { query: { pagelines: 100 }, body });
  const roleId = async (key: string) =>
    (
      await server.db
        .selectFrom('app_roles')
        .select('id')
        .where('application_id', '=', office)
        .where('package_role', '=', key)
        .executeTakeFirstOrThrow()
    ).id;
  const holders = async (role: string) =>
    (await server.db.selectFrom('role_users').select('user_id').where('role_id', '=', role).execute())
      .map((r) => r.user_id)
      .sort();

  beforeAll(async () => {
    server = await startTestServer(target);
    [admin, acme, globex, sales] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
    ]);
    office = await applicationOf(server.db);
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
    salesDept = await departmentOf(server.db, 'Acme', 'Sales');
    engDept = await departmentOf(server.db, 'Acme', 'Engineering');
  });
  afterAll(() => server?.close());

  it('lists the roles with their holders counted within the caller reach', async () => {
    const all = (await roles(admin)).reply.data.datas;
    expect(all.map((r) => [r.name, r.packageRole])).toEqual([
      ['Employee', 'employee'],
      ['HR officer', 'hr'],
    ]);
    const inAcme = (await roles(acme)).reply.data.datas;
    const inSales = (await roles(sales)).reply.data.datas;
    const employees = await server.db
      .selectFrom('role_users as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .select('u.department_id')
      .where('h.role_id', '=', await roleId('employee'))
      .where('u.domain_id', '=', acmeId)
      .execute();
    expect(inAcme[0].holders).toBe(employees.length);
    expect(inSales[0].holders).toBe(employees.filter((e) => e.department_id === salesDept).length);
    expect(all[0].holders).toBeGreaterThan(inAcme[0].holders); // other tenants hold it too
    // Procurement is not bound to Globex: its roles are out of Globex's reach.
    const procurement = (
      await server.db
        .selectFrom('applications')
        .select('id')
        .where('package_id', '=', 'purchasing')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await globex.call('POST', `/authtime/application/${procurement}/roles`, { body: {} })).reply.errcode).toBe(
      1404,
    );
  });

  it("adds, renames and deletes an administrator's role; the package's roles stay", async () => {
    const made = await admin.call<{ id: string }>('POST', `/authtime/application/${office}/role`, {
      body: { name: 'Team lead' },
    });
    expect(made.reply.errcode).toBe(0);
    expect(
      (await admin.call('POST', `/authtime/application/${office}/role`, { body: { name: 'team LEAD' } })).reply,
    ).toMatchObject({ errcode: 1001, data: { errors: [{ field: '/name', message: label('role.msg.nameTaken') }] } });
    expect(
      (await admin.call('POST', `/authtime/application/${office}/role`, { body: { name: 'Bad<name>' } })).reply.errcode,
    ).toBe(1001);
    expect(
      (await acme.call('POST', `/authtime/application/${office}/role`, { body: { name: 'Acme lead' } })).reply.errcode,
    ).toBe(1403);
    expect(
      (
        await admin.call('PUT', `/authtime/application/${office}/role`, {
          body: { id: made.reply.data.id, name: 'Team leader' },
        })
      ).reply.errcode,
    ).toBe(0);
    const employee = await roleId('employee');
    expect(
      (await admin.call('PUT', `/authtime/application/${office}/role`, { body: { id: employee, name: 'Staff' } }))
        .reply,
    ).toMatchObject({ errcode: 1001 });
    expect(
      (await admin.call('DELETE', `/authtime/application/${office}/role`, { body: [made.reply.data.id, employee] }))
        .reply.errcode,
    ).toBe(1001);
    expect((await roles(admin)).reply.data.datas.map((r) => r.name)).toEqual(['Employee', 'HR officer', 'Team leader']);
    expect(
      (await admin.call('DELETE', `/authtime/application/${office}/role`, { body: [made.reply.data.id] })).reply.data,
    ).toEqual({ deleted: 1 });
  });

  it('gives a role to departments and users within reach, all or nothing, and takes it back', async () => {
    const hr = await roleId('hr');
    const before = await holders(hr);
    const engineer = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('department_id', '=', engDept)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    const salesPeople = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('department_id', '=', salesDept)
        .where('status', '=', 1)
        .execute()
    ).map((u) => u.id);
    expect((await acme.call('PUT', `/authtime/role/${hr}/users`, { body: { domainid: acmeId } })).reply).toMatchObject({
      errcode: 1001,
      errmsg: label('role.msg.selectDeptAndUser'),
    });
    // The Sales administrator reaches Sales only: an engineer in the list refuses the whole list.
    expect(
      (
        await sales.call('PUT', `/authtime/role/${hr}/users`, {
          body: { domainid: acmeId, deptIds: [salesDept], userIds: [engineer] },
        })
      ).reply.errcode,
    ).toBe(1404);
    expect(
      (await globex.call('PUT', `/authtime/role/${hr}/users`, { body: { domainid: acmeId, userIds: [engineer] } }))
        .reply.errcode,
    ).toBe(1404);
    expect(await holders(hr)).toEqual(before);
    const given = await sales.call<{ assigned: number }>('PUT', `/authtime/role/${hr}/users`, {
      body: { domainid: acmeId, deptIds: [salesDept] },
    });
    expect(given.reply.data.assigned).toBe(salesPeople.filter((id) => !before.includes(id)).length);
    expect(
      (
        await acme.call<{ assigned: number }>('PUT', `/authtime/role/${hr}/users`, {
          body: { domainid: acmeId, userIds: [engineer] },
        })
      ).reply.data.assigned,
    ).toBe(before.includes(engineer) ? 0 : 1);
    // The holders list is users.list with roleid.
    const listed = await acme.call<{ rowCount: number }>('POST', `/authtime/domain/${acmeId}/users`, {
      query: { currpage: 1, pagelines: 10 },
      body: { roleid: hr },
    });
    const inAcme = (
      await server.db
        .selectFrom('role_users as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select('h.user_id')
        .where('h.role_id', '=', hr)
        .where('u.domain_id', '=', acmeId)
        .execute()
    ).length;
    expect(listed.reply.data.rowCount).toBe(inAcme);
    expect(
      (
        await acme.call<{ unassigned: number }>('DELETE', `/authtime/role/${hr}/users`, {
          body: { domainid: acmeId, userIds: [engineer] },
        })
      ).reply.data.unassigned,
    ).toBe(1);
    expect(await holders(hr)).not.toContain(engineer);
  });
});
