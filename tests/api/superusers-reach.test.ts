// Who reaches whom: a tenant administrator sees the privileged users inside its own enterprises and
// manages those whose reach is narrower (department administrators, developers), never a peer, and
// cannot grant beyond that; a developer-only user (level 3) cannot create or delete; out-of-reach ids
// answer 1404 and nothing changes. The option lists follow the same reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import {
  createSuperuser,
  deleteSuperusers,
  departmentId,
  getSuperuser,
  idsByName,
  listSuperusers,
  superuserCount,
  uniqueLoginno,
  updateSuperuser,
} from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const DEV = { username: 'dev', password: 'Dev@2026' };
const OUT_OF_REACH =
  'You can give only rights inside your reach and narrower than your own: a selected enterprise, department or application is out of your reach.';

describe.each(targets)('privileged-user reach on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let dev: ApiClient;
  let acmeId: string;
  let globexId: string;
  let purchasingId: string;
  let contractsId: string;
  const loginnos = async (client: ApiClient) =>
    (await listSuperusers(client)).reply.data.datas.map((r) => r.loginno).sort();
  const idOf = async (loginno: string) =>
    (await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
  const stored = (id: string) => server.db.selectFrom('superusers').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    dev = await server.signedIn(DEV.username, DEV.password, 'en');
    [acmeId, globexId] = await idsByName(server.db, 'domains', ['Acme', 'Globex']);
    [purchasingId, contractsId] = await idsByName(server.db, 'applications', ['Purchasing', 'Contracts']);
  });
  afterAll(() => server?.close());

  it('shows a tenant administrator only the privileged users inside Acme', async () => {
    // acme itself, the Acme department administrator and the developer of Acme's applications; not the
    // super administrator, not globex (Globex and 星辰科技), not the other tenants' administrators.
    expect(await loginnos(acme)).toEqual(['acme', 'dev', 'sales']);
    expect((await listSuperusers(admin)).reply.data.rowCount).toBeGreaterThan(10);
  });

  it('refuses a tenant administrator reading, changing or deleting a user of another tenant', async () => {
    const globexUser = await idOf('globex');
    const before = await stored(globexUser);
    expect((await getSuperuser(acme, globexUser)).reply).toEqual({
      errcode: 1404,
      errmsg: 'The entry does not exist or is out of your reach.',
      data: null,
    });
    const change = await updateSuperuser(acme, globexUser, {
      name: 'Taken_over',
      loginno: 'globex',
      isdomainadmin: true,
      domains: [acmeId],
    });
    expect(change.reply.errcode).toBe(1404);
    expect((await deleteSuperusers(acme, [globexUser])).reply.errcode).toBe(1404);
    expect(await stored(globexUser)).toEqual(before);
    const adminId = await idOf('admin');
    expect((await getSuperuser(acme, adminId)).reply.errcode).toBe(1404);
  });

  it('refuses a whole delete when one id is out of reach', async () => {
    const sales = await departmentId(server.db, 'Acme', 'Sales');
    const { reply: own } = await createSuperuser(acme, {
      name: 'Acme_Helper',
      loginno: uniqueLoginno('help'),
      isdomainadmin: true,
      domains: [acmeId],
      departments: [sales],
    });
    expect(own.errcode).toBe(0);
    const before = await superuserCount(server.db);
    expect((await deleteSuperusers(acme, [own.data.id, await idOf('globex')])).reply.errcode).toBe(1404);
    expect(await superuserCount(server.db)).toBe(before);
    expect((await deleteSuperusers(acme, [own.data.id])).reply.data).toEqual({ deleted: 1 });
  });

  it('lets a tenant administrator create narrower users inside Acme, and see and edit the result', async () => {
    const loginno = uniqueLoginno('acmeadm');
    const finance = await departmentId(server.db, 'Acme', 'Finance');
    const created = await createSuperuser(acme, {
      name: 'Acme_Second',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
      departments: [finance],
      isdeveloper: true,
      applications: [purchasingId],
    });
    expect(created.reply.errcode).toBe(0);
    expect(await loginnos(acme)).toContain(loginno);
    const edited = await updateSuperuser(acme, created.reply.data.id, {
      name: 'Acme_Edited',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
      departments: [finance],
    });
    expect(edited.reply.data).toMatchObject({ name: 'Acme_Edited', departments: [finance], applications: [] });
    const developer = await createSuperuser(acme, {
      name: 'Acme_Dev',
      loginno: uniqueLoginno('acmedev'),
      isdeveloper: true,
      applications: [purchasingId],
    });
    expect(developer.reply.errcode).toBe(0);
  });

  it('refuses a tenant administrator making or managing a peer: another administrator of all of Acme', async () => {
    const before = await superuserCount(server.db);
    const peer = await createSuperuser(acme, {
      name: 'Acme_Peer',
      loginno: uniqueLoginno('peer'),
      isdomainadmin: true,
      domains: [acmeId],
    });
    expect(peer.reply).toMatchObject({ errcode: 1403, errmsg: OUT_OF_REACH });
    expect(await superuserCount(server.db)).toBe(before);
    const { reply: made } = await createSuperuser(admin, {
      name: 'Acme_Peer',
      loginno: uniqueLoginno('peer'),
      isdomainadmin: true,
      domains: [acmeId],
    });
    const stored0 = await stored(made.data.id);
    expect((await getSuperuser(acme, made.data.id)).reply.errcode).toBe(0); // seen…
    const change = await updateSuperuser(acme, made.data.id, {
      name: 'Taken_Over',
      loginno: made.data.loginno,
      isdomainadmin: true,
      domains: [acmeId],
      password: 'Taken9',
    });
    expect(change.reply).toMatchObject({
      errcode: 1403,
      errmsg: 'You can see this privileged user but not change it: its reach is as wide as yours or wider.',
    });
    expect((await deleteSuperusers(acme, [made.data.id])).reply.errcode).toBe(1403); // …but neither changed nor deleted
    expect(await stored(made.data.id)).toEqual(stored0);
  });

  it('refuses a tenant administrator granting super administrator or anything outside Acme', async () => {
    const before = await superuserCount(server.db);
    const asSuper = await createSuperuser(acme, { name: 'Up', loginno: uniqueLoginno('up'), issuperadmin: true });
    expect(asSuper.reply).toEqual({
      errcode: 1403,
      errmsg: 'Only a super administrator can grant super administrator rights.',
      data: null,
    });
    const outOfReach = OUT_OF_REACH;
    const otherDomain = await createSuperuser(acme, {
      name: 'Out',
      loginno: uniqueLoginno('out'),
      isdomainadmin: true,
      domains: [acmeId, globexId],
    });
    expect(otherDomain.reply).toMatchObject({ errcode: 1403, errmsg: outOfReach });
    const otherApp = await createSuperuser(acme, {
      name: 'Out',
      loginno: uniqueLoginno('out'),
      isdeveloper: true,
      applications: [contractsId],
    });
    expect(otherApp.reply).toMatchObject({ errcode: 1403, errmsg: outOfReach });
    const unknown = await createSuperuser(acme, {
      name: 'Out',
      loginno: uniqueLoginno('out'),
      isdomainadmin: true,
      domains: ['no-such-domain'],
    });
    expect(unknown.reply).toMatchObject({ errcode: 1403, errmsg: outOfReach });
    const globexSales = await departmentId(server.db, 'Globex', 'Sales');
    const otherDept = await createSuperuser(acme, {
      name: 'Out',
      loginno: uniqueLoginno('out'),
      isdomainadmin: true,
      domains: [acmeId],
      departments: [globexSales],
    });
    expect(otherDept.reply).toMatchObject({ errcode: 1403, errmsg: outOfReach });
    expect(await superuserCount(server.db)).toBe(before);
  });

  it('refuses a tenant administrator raising a user of Acme to super administrator', async () => {
    const salesId = await idOf('sales');
    const before = await stored(salesId);
    const { reply } = await updateSuperuser(acme, salesId, {
      name: 'Sales',
      loginno: 'sales',
      issuperadmin: true,
      password: '******',
    });
    expect(reply.errcode).toBe(1403);
    expect(await stored(salesId)).toEqual(before);
  });

  it('keeps a developer-only user (level 3) to themselves: no create, no delete', async () => {
    expect(await loginnos(dev)).toEqual(['dev']);
    const created = await createSuperuser(dev, {
      name: 'ByDev',
      loginno: uniqueLoginno('bydev'),
      isdeveloper: true,
      applications: [purchasingId],
    });
    expect(created.reply).toEqual({ errcode: 1403, errmsg: 'You have no permission for this operation.', data: null });
    expect((await deleteSuperusers(dev, [await idOf('acme')])).reply.errcode).toBe(1403);
    // They may edit themselves, keeping the applications they hold, but not add others.
    const self = await idOf('dev');
    const own = (await getSuperuser(dev, self)).reply.data;
    const keep = await updateSuperuser(dev, self, {
      ...own,
      name: 'Dev_Renamed',
      password: '******',
      confirmpwd: '******',
    });
    expect(keep.reply.errcode).toBe(0);
    const widen = await updateSuperuser(dev, self, {
      ...own,
      password: '******',
      confirmpwd: '******',
      applications: [...own.applications, contractsId],
    });
    expect(widen.reply.errcode).toBe(1403);
  });

  it('lists the option choices within reach', async () => {
    const names = async (client: ApiClient, path: string, query?: Record<string, string>) =>
      (await client.call<Array<{ id: string; name: string }>>('GET', path, { query })).reply.data.map((c) => c.name);
    expect(await names(acme, '/authtime/lookups/domains')).toEqual(['Acme']);
    expect(await names(await server.signedIn(GLOBEX.username, GLOBEX.password), '/authtime/lookups/domains')).toEqual([
      'Globex',
      '星辰科技',
    ]);
    expect((await names(admin, '/authtime/lookups/domains')).length).toBe(12);
    expect(await names(acme, '/authtime/lookups/applications')).toEqual(['Leave', 'Purchasing']);
    expect(await names(dev, '/authtime/lookups/applications')).toEqual(['Leave', 'Purchasing']);
    expect(await names(acme, '/authtime/lookups/departments', { domainid: acmeId })).toEqual([
      'Headquarters',
      'Headquarters / Sales',
      'Headquarters / Engineering',
      'Headquarters / Engineering / Platform',
      'Headquarters / Engineering / Mobile',
      'Headquarters / Finance',
    ]);
    const foreign = await acme.call('GET', '/authtime/lookups/departments', { query: { domainid: globexId } });
    expect(foreign.reply.errcode).toBe(1404);
  });
});
