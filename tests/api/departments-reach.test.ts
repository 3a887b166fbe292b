// Who reaches which departments (docs/adr/0034-tenant-organisation.md, docs/security.md "Reach"): the department administrator of Acme
// Sales sees Sales and below and changes only what lies strictly below it; another tenant's
// administrator gets 1404 on every Acme id, exactly like a missing one, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { departmentCalls, deptName, seededDepartment } from './helpers/department-calls.ts';

const targets = await databaseTargets();
const SALES = { username: 'sales', password: 'Sales@2026' };
const OWN = 'A department administrator cannot rename, move or delete its own departments, only those below them.';

describe.each(targets)('department reach on $name', (target) => {
  let server: TestServer;
  let admin: ReturnType<typeof departmentCalls>;
  let acme: ReturnType<typeof departmentCalls>;
  let sales: ReturnType<typeof departmentCalls>;
  let globex: ReturnType<typeof departmentCalls>;
  let acmeId: string;
  let globexId: string;
  let hqId: string;
  let salesId: string;
  let financeId: string;
  const snapshot = () => server.db.selectFrom('departments').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = departmentCalls(await server.signedIn(ADMIN.username, ADMIN.password, 'en'));
    acme = departmentCalls(await server.signedIn(ACME.username, ACME.password, 'en'));
    sales = departmentCalls(await server.signedIn(SALES.username, SALES.password, 'en'));
    globex = departmentCalls(await server.signedIn(GLOBEX.username, GLOBEX.password, 'en'));
    ({ domainId: acmeId, id: hqId } = await seededDepartment(server.db, 'Acme', 'Headquarters'));
    salesId = (await seededDepartment(server.db, 'Acme', 'Sales')).id;
    financeId = (await seededDepartment(server.db, 'Acme', 'Finance')).id;
    globexId = (await seededDepartment(server.db, 'Globex', 'Sales')).domainId;
  });
  afterAll(() => server?.close());

  it('shows the department administrator its own department as the root and nothing above or beside it', async () => {
    const child = (await admin.create(acmeId, { name: deptName('Below'), superiorid: salesId })).reply.data;
    expect((await sales.root(acmeId)).reply.data.map((n) => n.id)).toEqual([salesId]);
    expect((await sales.children(acmeId, salesId)).reply.data.map((n) => n.id)).toContain(child.id);
    expect((await sales.get(child.id!)).reply.errcode).toBe(0);
    for (const id of [hqId, financeId]) {
      expect((await sales.get(id)).reply.errcode).toBe(1404);
      expect((await sales.children(acmeId, id)).reply.errcode).toBe(1404);
      expect((await sales.users(id)).reply.errcode).toBe(1404);
    }
    const listed = (await sales.list(acmeId)).reply.data.datas.map((r) => r.id);
    expect(listed).toContain(salesId);
    expect(listed).toContain(child.id);
    expect(listed).not.toContain(hqId);
    expect(listed).not.toContain(financeId);
    expect((await sales.list(acmeId, { superiorid: hqId })).reply.data.datas.map((r) => r.id)).toEqual([salesId]);
    expect((await sales.users(salesId)).reply.data.rowCount).toBeGreaterThan(0);
  });

  it('lets the department administrator create, change, move and delete below Sales', async () => {
    const made = await sales.create(acmeId, { name: deptName('Team'), superiorid: salesId });
    expect(made.reply).toMatchObject({ errcode: 0, data: { superiorid: salesId, level: 2 } });
    const other = (await sales.create(acmeId, { name: deptName('Other'), superiorid: salesId })).reply.data;
    const renamed = await sales.update(acmeId, made.reply.data.id!, { name: deptName('TeamB'), superiorid: other.id });
    expect(renamed.reply).toMatchObject({ errcode: 0, data: { superiorid: other.id, level: 3 } });
    expect((await sales.remove(acmeId, [made.reply.data.id!])).reply).toMatchObject({
      errcode: 0,
      data: { deleted: 1 },
    });
  });

  it('refuses the department administrator Sales itself and everything outside, changing nothing', async () => {
    const mine = (await sales.create(acmeId, { name: deptName('Mine'), superiorid: salesId })).reply.data;
    const before = await snapshot();
    expect((await sales.update(acmeId, salesId, { name: 'Sales_Renamed' })).reply).toMatchObject({
      errcode: 1403,
      errmsg: OWN,
    });
    expect((await sales.remove(acmeId, [salesId])).reply).toMatchObject({ errcode: 1403, errmsg: OWN });
    expect((await sales.create(acmeId, { name: deptName('Top'), superiorid: null })).reply.errcode).toBe(1403);
    expect((await sales.create(acmeId, { name: deptName('Beside'), superiorid: hqId })).reply).toMatchObject({
      errcode: 1404,
      data: { errors: [{ field: '/superiorid' }] },
    });
    expect((await sales.update(acmeId, financeId, { name: 'Finance_X' })).reply.errcode).toBe(1404);
    expect((await sales.remove(acmeId, [financeId])).reply.errcode).toBe(1404);
    // Moving its own sub-department out of its subtree is moving it into another's.
    expect((await sales.update(acmeId, mine.id!, { name: mine.name, superiorid: financeId })).reply.errcode).toBe(1404);
    expect((await sales.update(acmeId, mine.id!, { name: mine.name, superiorid: null })).reply.errcode).toBe(1403);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the tenant administrator change any department of its tenant, Sales included', async () => {
    const name = deptName('Sales');
    expect((await acme.update(acmeId, salesId, { name })).reply).toMatchObject({ errcode: 0, data: { name } });
    expect((await acme.update(acmeId, salesId, { name: 'Sales' })).reply.errcode).toBe(0);
  });

  // Admission refuses a declared department target out of reach before the handler runs
  // (docs/adr/0135-department-target-and-generated-matrix.md): above the department administrator's own,
  // beside it, or another tenant's, all alike 1404, as an unknown id.
  it("refuses a department named outside the caller's reach at admission, like an unknown one", async () => {
    const salesClient = await server.signedIn(SALES.username, SALES.password, 'en');
    const usersOf = (client: typeof salesClient, domainId: string, departmentid: string) =>
      client.call('POST', `/authtime/domain/${domainId}/users`, { query: { departmentid }, body: {} });
    expect((await usersOf(salesClient, acmeId, salesId)).reply.errcode).toBe(0);
    for (const id of [hqId, financeId, 'no-such-department'])
      expect((await usersOf(salesClient, acmeId, id)).reply.errcode).toBe(1404);
    const globexSales = (await seededDepartment(server.db, 'Globex', 'Sales')).id;
    const acmeClient = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await usersOf(acmeClient, acmeId, hqId)).reply.errcode).toBe(0);
    // Another tenant's department, even under the caller's own enterprise in the path.
    expect((await usersOf(acmeClient, acmeId, globexSales)).reply.errcode).toBe(1404);
    expect((await acme.get(globexSales)).reply.errcode).toBe(1404);
    const before = await snapshot();
    const refused = await sales.create(acmeId, { name: deptName('Above'), superiorid: hqId });
    expect(refused.reply).toMatchObject({ errcode: 1404 });
    expect(JSON.stringify(refused.reply)).toContain('superiorid');
    expect(await snapshot()).toEqual(before);
  });

  it("answers another tenant's administrator 1404 on every Acme id, like a missing one, and changes nothing", async () => {
    const before = await snapshot();
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [id, domain] of [
      [salesId, acmeId],
      [missing, acmeId],
      [salesId, globexId],
    ] as const) {
      const replies = [
        await globex.get(id),
        await globex.children(domain, id),
        await globex.users(id),
        await globex.update(domain, id, { name: 'Stolen' }),
        await globex.remove(domain, [id]),
      ];
      expect(replies.map((r) => r.reply.errcode)).toEqual([1404, 1404, 1404, 1404, 1404]);
      expect(new Set(replies.map((r) => r.reply.errmsg))).toEqual(
        new Set(['The entry does not exist or is out of your reach.']),
      );
    }
    expect((await globex.root(acmeId)).reply.errcode).toBe(1404);
    expect((await globex.list(acmeId)).reply.errcode).toBe(1404);
    expect((await globex.create(acmeId, { name: deptName('Stolen') })).reply.errcode).toBe(1404);
    // Its own tenant, naming an Acme department as the superior.
    expect((await globex.create(globexId, { name: deptName('Stolen'), superiorid: salesId })).reply.errcode).toBe(1404);
    expect(await snapshot()).toEqual(before);
  });
});
