// Approver selection and the platform's flows over HTTP on both databases (spec/domain-console.md, "The calls it makes",
// docs/adr/0049-platform-flows-approver-selection.md): the users an approval node may be given to by department (and those below it), role and text,
// paged and counted; the calls' refusals; one application across enterprises, which a tenant
// administrator sees only for the enterprises it governs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { deleteInstance, startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();

interface Page<T> {
  datas: T[];
  rowCount: number;
}
interface Choice {
  id: string;
  name: string;
  loginno: string;
  departmentName: string;
}
interface Participant {
  name: string;
  loginno: string;
  domainName: string;
  instances: number;
}
interface Instance {
  id: string;
  flowName: string;
  status: string;
  initiator: string;
  domainName: string;
  stateLabel: string;
}

describe.each(targets)('approver selection and platform flows on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let world: EngineWorld;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let department: string;
  let sub: string;
  let globexDomain: string;
  const ids: Record<'a1' | 'a2' | 'g1', string> = { a1: '', a2: '', g1: '' };
  const label = (key: string) => server.catalogue.labels.en[key];
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  const addUser = async (
    domainId: string,
    departmentId: string,
    name: string,
    loginno: string,
    extra: { liaison?: boolean; status?: number } = {},
  ) => {
    const id = randomUUID();
    await db
      .insertInto('users')
      .values({ id, domain_id: domainId, department_id: departmentId, name, loginno, password_hash: null, ...extra })
      .execute();
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    world = await makeEngineWorld(db, 'Acme', 'plat');
    department = (
      await db.selectFrom('users').select('department_id').where('id', '=', world.users.lead).executeTakeFirstOrThrow()
    ).department_id!;
    sub = randomUUID();
    await db
      .insertInto('departments')
      .values({ id: sub, domain_id: world.domainId, superior_id: department, name: 'Sub_plat' })
      .execute();
    await addUser(world.domainId, sub, 'Engine plat sub', 'plat-sub');
    await addUser(world.domainId, department, 'Engine plat gone', 'plat-gone', { status: 0 });
    // The same application bound to Globex too, with an initiator and its liaison officer there.
    globexDomain = (await db.selectFrom('domains').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow())
      .id;
    await db
      .insertInto('domain_applications')
      .values({ domain_id: globexDomain, application_id: world.applicationId })
      .execute();
    const globexDepartment = randomUUID();
    await db
      .insertInto('departments')
      .values({ id: globexDepartment, domain_id: globexDomain, name: 'Globex_plat' })
      .execute();
    const globexInitiator = await addUser(globexDomain, globexDepartment, 'Globex plat initiator', 'plat-g-init');
    await addUser(globexDomain, globexDepartment, 'Globex plat lead', 'plat-g-lead', { liaison: true });
    const start = async (domainId: string, processId: string, initiatorId: string, at: Date) =>
      (await startInstance(db, { domainId, applicationId: world.applicationId, processId, initiatorId, at }))
        .instanceId;
    // Acme: one waiting at Lead, one completed (r1 approved the review, r2's task was cancelled), one deleted.
    ids.a1 = await start(world.domainId, 'linear', world.users.initiator, hoursAgo(4));
    ids.a2 = await start(world.domainId, 'linear', world.users.initiator, hoursAgo(3));
    await submitTask(db, { instanceId: ids.a2, userId: world.users.lead, at: hoursAgo(2.9) });
    await submitTask(db, { instanceId: ids.a2, userId: world.users.r1, at: hoursAgo(2.8) });
    const deleted = await start(world.domainId, 'branch', world.users.initiator, hoursAgo(2));
    await deleteInstance(db, { instanceId: deleted, userId: world.users.initiator, at: hoursAgo(1.9) });
    ids.g1 = await start(globexDomain, 'linear', globexInitiator, hoursAgo(1));
    ({ admin, acme, globex, sales } = await signedInCallers(server));
  });
  afterAll(() => server?.close());

  const choose = (client: ApiClient, query: Record<string, string | number>, instanceId = ids.a1, flowId = 'linear') =>
    client.call<Page<Choice>>('GET', `/authtime/domain/documents/${instanceId}/workflows/${flowId}/selectApprovers`, {
      query: { applicationId: world.applicationId, nodeId: 'review', ...query },
    });
  const logins = (page: Page<Choice> | null | undefined) => page?.datas.map((u) => u.loginno);

  it('offers a department’s on-job users with those of the departments below it, paged', async () => {
    const all = (await choose(acme, { type: 1, selectId: department })).reply;
    expect(all.errcode).toBe(0);
    expect(all.data!.rowCount).toBe(6);
    expect(logins(all.data)).toEqual(['plat-clerk', 'plat-init', 'plat-lead', 'plat-r1', 'plat-r2', 'plat-sub']);
    expect(all.data!.datas[5]).toMatchObject({ name: 'Engine plat sub', departmentName: 'Sub_plat' });
    expect(all.data!.datas[0]).toMatchObject({ name: 'Engine plat clerk', departmentName: 'Engine_plat' });
    const second = (await choose(acme, { type: 1, selectId: department, pageNum: 2, pageSize: 4 })).reply.data;
    expect(second).toMatchObject({ rowCount: 6 });
    expect(logins(second)).toEqual(['plat-r2', 'plat-sub']);
    expect(logins((await choose(acme, { type: 1, selectId: sub })).reply.data)).toEqual(['plat-sub']);
    const foreign = (await choose(acme, { type: 1, selectId: 'no-such-department' })).reply;
    expect(foreign.errcode).toBe(1001);
    expect(foreign.errmsg).toContain(label('flow.msg.noDepartment'));
  });

  it('offers the holders of a role of the instance’s application, and refuses another application’s role', async () => {
    const role = (
      await db
        .selectFrom('app_roles')
        .select('id')
        .where('application_id', '=', world.applicationId)
        .executeTakeFirstOrThrow()
    ).id;
    const holders = (await choose(admin, { type: 2, selectId: role })).reply.data;
    expect(holders).toMatchObject({ rowCount: 2 });
    expect(logins(holders)).toEqual(['plat-r1', 'plat-r2']);
    expect(logins((await choose(admin, { type: 2, selectId: role, pageNum: 2, pageSize: 1 })).reply.data)).toEqual([
      'plat-r2',
    ]);
    const other = (
      await db
        .selectFrom('app_roles')
        .select('id')
        .where('application_id', '!=', world.applicationId)
        .executeTakeFirstOrThrow()
    ).id;
    const refused = (await choose(admin, { type: 2, selectId: other })).reply;
    expect(refused.errcode).toBe(1001);
    expect(refused.errmsg).toContain(label('flow.msg.noRole'));
  });

  it('finds users by a text in the name or login number, in the instance’s enterprise only', async () => {
    const byLogin = (await choose(acme, { type: 3, selectId: 'PLAT-R' })).reply.data;
    expect(byLogin).toMatchObject({ rowCount: 2 });
    expect(logins(byLogin)).toEqual(['plat-r1', 'plat-r2']);
    expect(logins((await choose(acme, { type: 3, selectId: 'plat sub' })).reply.data)).toEqual(['plat-sub']);
    // Globex's users hold the same application but are not the Acme instance's enterprise's; a resigned user is never offered.
    expect((await choose(acme, { type: 3, selectId: 'plat-g' })).reply.data).toEqual({ datas: [], rowCount: 0 });
    expect((await choose(acme, { type: 3, selectId: 'plat-gone' })).reply.data).toEqual({ datas: [], rowCount: 0 });
    expect(
      (await choose(acme, { type: 3, selectId: 'Engine plat', pageSize: 2, pageNum: 3 })).reply.data,
    ).toMatchObject({ rowCount: 6, datas: [{ loginno: 'plat-r2' }, { loginno: 'plat-sub' }] });
  });

  it('takes approval nodes of the instance’s own process only, and governors only', async () => {
    const end = (await choose(acme, { type: 3, nodeId: 'e' })).reply;
    expect(end.errcode).toBe(1001);
    expect(end.errmsg).toContain(label('flow.msg.notApproval').replace('{{node}}', 'e'));
    expect((await choose(acme, { type: 3, nodeId: 'nowhere' })).reply.errcode).toBe(1001);
    expect((await choose(acme, { type: 4 })).reply.errcode).toBe(1001);
    expect((await choose(acme, { type: 3, pageSize: 101 })).reply.errcode).toBe(1001);
    expect((await choose(acme, { type: 3 }, ids.a1, 'branch')).reply.errcode).toBe(1404);
    expect((await choose(acme, { type: 3, applicationId: 'another' })).reply.errcode).toBe(1404);
    expect((await choose(globex, { type: 3 })).reply.errcode).toBe(1404);
    expect((await choose(sales, { type: 3 })).reply.errcode).toBe(1403);
    // Globex's administrator governs the Globex instance of the same application; Acme's does not.
    expect(logins((await choose(globex, { type: 3, selectId: 'plat' }, ids.g1)).reply.data)).toEqual([
      'plat-g-init',
      'plat-g-lead',
    ]);
    expect((await choose(acme, { type: 3 }, ids.g1)).reply.errcode).toBe(1404);
  });

  const platform = <T>(client: ApiClient, what: string, query: Record<string, number> = {}) =>
    client.call<T>('GET', `/authtime/domain/applications/${world.applicationId}/platform/${what}`, { query });
  type Flow = { id: string; name: string; running: number; completed: number };
  const counts = (flows: Flow[] | null | undefined) =>
    Object.fromEntries((flows ?? []).map((f) => [f.id, `${f.name}:${f.running}/${f.completed}`]));

  it('counts the processes’ running and completed instances across the enterprises the caller governs', async () => {
    const all = (await platform<Flow[]>(admin, 'flows')).reply;
    expect(all.data!.map((f) => f.id)).toEqual([
      'branch',
      'choice',
      'everyone',
      'linear',
      'nobody',
      'parallel',
      'parallelEnds',
    ]);
    expect(counts(all.data)).toEqual({
      branch: 'Flow branch:0/0',
      choice: 'Flow choice:0/0',
      everyone: 'Flow everyone:0/0',
      linear: 'Flow linear:2/1',
      nobody: 'Flow nobody:0/0',
      parallel: 'Flow parallel:0/0',
      parallelEnds: 'Flow parallelEnds:0/0',
    });
    expect(counts((await platform<Flow[]>(acme, 'flows')).reply.data).linear).toBe('Flow linear:1/1');
    expect(counts((await platform<Flow[]>(globex, 'flows')).reply.data).linear).toBe('Flow linear:1/0');
    expect((await platform(sales, 'flows')).reply.errcode).toBe(1403);
    expect((await admin.call('GET', '/authtime/domain/applications/no-such-app/platform/flows')).reply.errcode).toBe(
      1404,
    );
  });

  it('lists the users who took part, with their enterprise and how many instances, paged', async () => {
    const row = (p: Participant) => `${p.loginno}@${p.domainName}:${p.instances}`;
    const all = (await platform<Page<Participant>>(admin, 'allusers')).reply.data!;
    expect(all.rowCount).toBe(6);
    expect(all.datas.map(row)).toEqual([
      'plat-init@Acme:2',
      'plat-lead@Acme:2',
      'plat-r1@Acme:1',
      'plat-r2@Acme:1',
      'plat-g-init@Globex:1',
      'plat-g-lead@Globex:1',
    ]);
    const second = (await platform<Page<Participant>>(admin, 'allusers', { pageNum: 2, pageSize: 4 })).reply.data!;
    expect(second).toMatchObject({ rowCount: 6 });
    expect(second.datas.map(row)).toEqual(['plat-g-init@Globex:1', 'plat-g-lead@Globex:1']);
    const own = (await platform<Page<Participant>>(acme, 'allusers')).reply.data!;
    expect(own).toMatchObject({ rowCount: 4 });
    expect(own.datas.map(row)).toEqual(['plat-init@Acme:2', 'plat-lead@Acme:2', 'plat-r1@Acme:1', 'plat-r2@Acme:1']);
    expect((await platform(sales, 'allusers')).reply.errcode).toBe(1403);
  });

  it('lists the application’s instances newest first in the monitoring list’s rows, deleted ones hidden', async () => {
    const all = (await platform<Page<Instance>>(admin, 'instance')).reply.data!;
    expect(all.rowCount).toBe(3);
    expect(all.datas.map((i) => i.id)).toEqual([ids.g1, ids.a2, ids.a1]);
    expect(all.datas[0]).toMatchObject({
      flowName: 'Flow linear',
      status: 'running',
      stateLabel: 'Lead',
      initiator: 'Globex plat initiator',
      domainName: 'Globex',
    });
    expect(all.datas[1]).toMatchObject({
      status: 'completed',
      stateLabel: label('flow.status.completed'),
      initiator: 'Engine plat initiator',
      domainName: 'Acme',
    });
    const paged = (await platform<Page<Instance>>(admin, 'instance', { pageNum: 2, pageSize: 2 })).reply.data!;
    expect(paged).toMatchObject({ rowCount: 3 });
    expect(paged.datas.map((i) => i.id)).toEqual([ids.a1]);
    const own = (await platform<Page<Instance>>(acme, 'instance')).reply.data!;
    expect(own).toMatchObject({ rowCount: 2 });
    expect(own.datas.map((i) => i.id)).toEqual([ids.a2, ids.a1]);
    expect((await platform<Page<Instance>>(globex, 'instance')).reply.data!.datas.map((i) => i.id)).toEqual([ids.g1]);
    expect((await platform(sales, 'instance')).reply.errcode).toBe(1403);
  });
});
