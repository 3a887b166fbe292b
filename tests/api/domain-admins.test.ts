// Domain administrators (docs/adr/0034-tenant-organisation.md) on both databases: the users with the flag, the on-job candidates
// without it, add and remove all or nothing, only by the platform and the tenant's administrators;
// the lists follow the user reach (Sales sees its own), another tenant answers 1404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createUser, departmentOf, uniqueLoginno, type UserPage } from './helpers/user-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('domain administrators on $name', (target) => {
  let server: TestServer;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  let salesDept: string;
  const admins = (client: ApiClient, body: Record<string, unknown> = {}, domainId = acmeId) =>
    client.call<UserPage>('POST', `/authtime/domain/${domainId}/admins`, {
      query: { currpage: 1, pagelines: 500 },
      body,
    });
  const candidates = (client: ApiClient, body: Record<string, unknown> = {}, domainId = acmeId) =>
    client.call<UserPage>('POST', `/authtime/domain/${domainId}/notadmins`, {
      query: { currpage: 1, pagelines: 10 },
      body,
    });
  const add = (client: ApiClient, ids: string[], domainId = acmeId) =>
    client.call<{ updated: number }>('PUT', `/authtime/domain/${domainId}/admin`, { body: ids });
  const remove = (client: ApiClient, ids: string[], domainId = acmeId) =>
    client.call<{ updated: number }>('DELETE', `/authtime/domain/${domainId}/admin`, { body: ids });
  const flag = async (id: string) =>
    (await server.db.selectFrom('users').select('domain_admin').where('id', '=', id).executeTakeFirstOrThrow())
      .domain_admin;
  const fresh = async (over: Record<string, unknown> = {}) => {
    const { reply } = await createUser(acme, acmeId, {
      name: 'Admin_Candidate',
      loginno: uniqueLoginno('dadm'),
      departmentid: salesDept,
      ...over,
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data.id;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    sales = await server.signedIn('sales', 'Sales@2026', 'en');
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
    salesDept = await departmentOf(server.db, 'Acme', 'Sales');
  });
  afterAll(() => server?.close());

  it("lists the tenant's domain administrators, and the on-job users without the flag as candidates", async () => {
    const expected = await server.db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', acmeId)
      .where('domain_admin', '=', true)
      .execute();
    const { reply } = await admins(acme);
    expect(replyProblems(server.catalogue, 'domainAdmins.list', reply.data)).toEqual([]);
    expect(reply.data.rowCount).toBe(expected.length);
    expect(reply.data.datas.every((u) => u.isdomainadmin)).toBe(true);
    const others = await server.db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', acmeId)
      .where('domain_admin', '=', false)
      .where('status', '=', 1)
      .execute();
    const page = (await candidates(acme)).reply.data;
    expect(page.rowCount).toBe(others.length);
    expect(page.datas.every((u) => !u.isdomainadmin && u.status === 1)).toBe(true);
    expect(
      (await candidates(acme, { loginno: 'ACME0' })).reply.data.datas.every((u) => u.loginno.startsWith('acme0')),
    ).toBe(true);
  });

  it('adds and removes the flag, all or nothing; a resigned user cannot be one', async () => {
    const [a, b] = [await fresh(), await fresh()];
    expect((await add(acme, [a, b])).reply).toMatchObject({ errcode: 0, data: { updated: 2 } });
    expect(await flag(a)).toBe(true);
    expect(
      (
        await admins(acme, {
          loginno: (await server.db.selectFrom('users').select('loginno').where('id', '=', a).executeTakeFirstOrThrow())
            .loginno,
        })
      ).reply.data.rowCount,
    ).toBe(1);
    const foreign = (
      await server.db.selectFrom('users').select('id').where('domain_id', '<>', acmeId).executeTakeFirstOrThrow()
    ).id;
    expect((await remove(acme, [a, foreign])).reply.errcode).toBe(1404);
    expect(await flag(a)).toBe(true);
    expect((await remove(acme, [a, b])).reply.data).toEqual({ updated: 2 });
    expect(await flag(b)).toBe(false);
    const resigned = await fresh({ status: 0 });
    const refused = await add(acme, [a, resigned]);
    expect(refused.reply).toMatchObject({
      errcode: 1001,
      data: { errors: [{ message: server.catalogue.labels.en['msg.resignedNotAdmin'] }] },
    });
    expect(await flag(a)).toBe(false);
    expect((await add(acme, [])).reply.errcode).toBe(1001);
  });

  it('lets the Sales administrator read the lists within its reach but not change the flag', async () => {
    const page = (await admins(sales)).reply.data;
    expect(page.datas.every((u) => u.departmentid === salesDept)).toBe(true);
    const a = await fresh();
    expect((await add(sales, [a])).reply.errcode).toBe(1403);
    expect(await flag(a)).toBe(false);
  });

  it("answers another tenant's administrator 1404 and changes nothing", async () => {
    const a = await fresh();
    expect((await admins(globex)).reply.errcode).toBe(1404);
    expect((await candidates(globex)).reply.errcode).toBe(1404);
    expect((await add(globex, [a])).reply.errcode).toBe(1404);
    const globexId = (
      await server.db.selectFrom('domains').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()
    ).id;
    expect((await add(globex, [a], globexId)).reply.errcode).toBe(1404);
    expect(await flag(a)).toBe(false);
  });
});
