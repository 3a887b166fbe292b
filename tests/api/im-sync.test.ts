// Syncs of an enterprise with its messaging suites (docs/adr/0061-messaging-suites.md) against local servers speaking
// WeChat-Work's, DingTalk's and Feishu's protocols (the deployment's suites): a dry run that changes nothing, a sync from the
// suite that brings its departments and users into the enterprise (through an expired token and
// throttling), running it again changes nothing, a sync to the suite with one user the suite refuses
// (reported alone, in the suite's words), the status polled and the history; the other tenant's
// administrator is refused and nothing changes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDingding } from '../support/fake-dingding.ts';
import { startFakeFeishu } from '../support/fake-feishu.ts';
import type { FakeImState } from '../support/fake-im-server.ts';
import { startFakeWechat } from '../support/fake-wechat.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { updateUser } from './helpers/user-calls.ts';
import { ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
type Run = {
  id: string;
  status: string;
  dryRun: boolean;
  direction: 'from' | 'to';
  result?: Record<string, number> & { ERRORS: Array<{ NAME: string; ERROR: string; LOGINNO: string }> };
  changes?: Array<{ entity: string; op: string; name: string }>;
};

const services = [
  {
    service: 'wechat',
    root: '1',
    start: () => startFakeWechat({ corpId: 'ww-sync', corpSecret: 'Wx#sync' }),
    credentials: { corpId: 'ww-sync', corpSecret: 'Wx#sync' },
  },
  {
    service: 'dingding',
    root: '1',
    start: () => startFakeDingding({ appKey: 'ding-sync', appSecret: 'Dd#sync' }),
    credentials: { appKey: 'ding-sync', appSecret: 'Dd#sync' },
  },
  {
    service: 'feishu',
    root: '0',
    start: () => startFakeFeishu({ appKey: 'cli_sync', appSecret: 'Fs#sync' }),
    credentials: { appKey: 'cli_sync', appSecret: 'Fs#sync' },
  },
];

describe.each(targets)('messaging syncs on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let globex: ApiClient;
  const fakes = new Map<string, FakeImState>();

  beforeAll(async () => {
    for (const s of services) fakes.set(s.service, await s.start());
    const at = (service: string) => fakes.get(service)?.url ?? '';
    server = await startTestServer(target, {
      suites: { wechat: at('wechat'), dingding: at('dingding'), feishu: at('feishu') },
    });
    [admin, globex] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([...fakes.values()].map((f) => f.close()));
  });

  describe.each(services)('$service', (s) => {
    let fake: FakeImState;
    let domainId: string;
    const db = () => server.db;
    const users = () =>
      db()
        .selectFrom('users')
        .select(['loginno', 'name', 'status', 'department_id'])
        .where('domain_id', '=', domainId)
        .orderBy('loginno')
        .execute();
    const departments = () =>
      db()
        .selectFrom('departments')
        .select(['id', 'name', 'superior_id'])
        .where('domain_id', '=', domainId)
        .orderBy('name')
        .execute();

    /** Starts a sync and polls its state every 100 ms until it ends. */
    async function sync(path: string, body: Record<string, number>, client = admin): Promise<Run> {
      const started = await client.call<Run>('PUT', `/authtime/domain/${domainId}/${path}`, { body });
      expect(started.reply.errcode, started.reply.errmsg).toBe(0);
      for (let i = 0; i < 300; i += 1) {
        const { reply } = await client.call<Run>('GET', '/authtime/weixin/synchronization/show', {
          query: { domainid: domainId, service: s.service, id: started.reply.data.id },
        });
        expect(reply.errcode, reply.errmsg).toBe(0);
        if (reply.data.status !== 'running') return reply.data;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the sync did not end');
    }

    beforeAll(async () => {
      fake = fakes.get(s.service) as FakeImState;
      domainId = randomUUID();
      await db()
        .insertInto('domains')
        .values({ id: domainId, name: `Sync_${s.service}_${domainId.slice(0, 6)}` })
        .execute();
      const saved = await admin.call('PUT', `/authtime/domain/${domainId}/${s.service}`, {
        body: { ...s.credentials },
      });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      // The suite's organisation: two departments under its root, three people.
      fake.departments.set('11', { id: '11', name: 'Engineering', parentId: s.root });
      fake.departments.set('12', { id: '12', name: 'Platform team', parentId: '11' });
      fake.users.set('ada', {
        userid: 'ada',
        name: 'Ada',
        departments: ['11'],
        email: 'ada@sync.example',
        enabled: true,
      });
      fake.users.set('linus', { userid: 'linus', name: 'Linus', departments: ['12'], enabled: true });
      fake.users.set('grace', {
        userid: 'grace',
        name: 'Grace',
        departments: ['12'],
        mobile: '13800000001',
        enabled: true,
      });
    });

    it('refuses a sync before the settings name the credentials', async () => {
      const other = randomUUID();
      await db()
        .insertInto('domains')
        .values({ id: other, name: `Unset_${s.service}_${other.slice(0, 6)}` })
        .execute();
      const { reply } = await admin.call('PUT', `/authtime/domain/${other}/synchfrom${s.service}`, {
        body: { dryRun: 1 },
      });
      expect(reply.errcode).toBe(1009);
      expect(reply.errmsg).toMatch(/^Fill in the /);
      expect(await db().selectFrom('sync_runs').select('id').where('domain_id', '=', other).execute()).toEqual([]);
    });

    it('a dry run lists what a sync from the suite would do and changes nothing', async () => {
      const run = await sync(`synchfrom${s.service}`, { dryRun: 1 });
      expect(run).toMatchObject({ status: 'succeeded', dryRun: true });
      expect(run.result).toMatchObject({ USER_ADD_SUCCESS: 3 });
      expect(
        run.changes
          ?.filter((c) => c.entity === 'user')
          .map((c) => c.name)
          .sort(),
      ).toEqual(['Ada', 'Grace', 'Linus']);
      expect(await users()).toEqual([]);
    });

    it('a sync from the suite brings its departments and users, through an expired token and throttling', async () => {
      fake.expireTokens();
      fake.throttle(2);
      const run = await sync(`synchfrom${s.service}`, { dryRun: 0 });
      expect(run.status).toBe('succeeded');
      expect(run.result).toMatchObject({ USER_ADD_SUCCESS: 3, USER_ADD_FAIL: 0 });
      const depts = await departments();
      const engineering = depts.find((d) => d.name === 'Engineering');
      expect(depts.find((d) => d.name === 'Platform team')?.superior_id).toBe(engineering?.id);
      expect((await users()).map((u) => [u.loginno, u.name, u.status])).toEqual([
        ['ada', 'Ada', 1],
        ['grace', 'Grace', 1],
        ['linus', 'Linus', 1],
      ]);
      // Again: nothing to change.
      const again = await sync(`synchfrom${s.service}`, { dryRun: 0 });
      expect(again.result).toMatchObject({ USER_ADD_SUCCESS: 0, USER_CHANGE: 0, DEPT_ADD_SUCCESS: 0, DEPT_CHANGE: 0 });
    });

    it('a sync to the suite writes the enterprise, one refused user reported alone in the suite words', async () => {
      const [platform] = (await departments()).filter((d) => d.name === 'Platform team');
      for (const loginno of ['zoe', 'bad']) {
        await db()
          .insertInto('users')
          .values({
            id: randomUUID(),
            domain_id: domainId,
            loginno,
            name: `Local ${loginno}`,
            department_id: platform.id,
            password_hash: null,
          })
          .execute();
      }
      fake.rejected.add('bad');
      const dry = await sync(`synch2${s.service}`, { dryRun: 1 });
      expect(dry.result).toMatchObject({ USER_ADD_SUCCESS: 2 });
      expect(fake.users.has('zoe')).toBe(false);
      const run = await sync(`synch2${s.service}`, { dryRun: 0 });
      expect(run.result).toMatchObject({ USER_ADD_SUCCESS: 1, USER_ADD_FAIL: 1 });
      // The policy's reason and the service's code, never the service's own words (which name the user).
      expect(run.result?.ERRORS).toEqual([
        expect.objectContaining({
          LOGINNO: 'bad',
          ERROR: expect.stringMatching(/^The service refused it: .+ \(\d+\)$/),
        }),
      ]);
      expect(run.result?.ERRORS[0].ERROR).not.toContain('bad');
      expect(fake.users.get('zoe')).toMatchObject({ name: 'Local zoe', departments: ['12'] });
      expect(fake.users.has('bad')).toBe(false);
    });

    it('lists the runs, newest first, both directions', async () => {
      const { reply } = await admin.call<{ datas: Run[]; rowCount: number }>(
        'GET',
        '/authtime/weixin/synchronization/runs',
        { query: { domainid: domainId, service: s.service } },
      );
      expect(reply.errcode).toBe(0);
      expect(reply.data.rowCount).toBe(5);
      expect(reply.data.datas.map((r) => r.dryRun)).toEqual([false, true, false, false, true]);
      expect(reply.data.datas.map((r) => r.direction)).toEqual(['to', 'to', 'from', 'from', 'from']);
    });

    // The suite's entries are stored as the user and department forms accept them,
    // normalised, so a synced user re-saves unchanged; a value that cannot be normalised is reported per entry.
    it("stores what the suite brings normalised to the forms' rules and reports per entry what breaks them", async () => {
      fake.departments.set('13', { id: '13', name: 'Sales, East', parentId: s.root });
      fake.users.set('hopper', {
        userid: 'hopper',
        name: ' Grace   Hopper ',
        departments: ['13'],
        mobile: '+86 21 5555 0008',
        enabled: true,
      });
      fake.users.set('toolong', { userid: 'toolong', name: 'A'.repeat(200), departments: ['13'], enabled: true });
      const run = await sync(`synchfrom${s.service}`, { dryRun: 0 });
      expect(run.status).toBe('succeeded');
      expect(run.result).toMatchObject({
        DEPT_ADD_SUCCESS: 1,
        DEPT_ADD_FAIL: 0,
        USER_ADD_SUCCESS: 1,
        USER_ADD_FAIL: 1,
      });
      expect(run.result?.ERRORS.map((e) => [e.LOGINNO, e.ERROR])).toEqual([
        ['toolong', 'The name cannot exceed 22 characters.'],
      ]);
      const stored = await db()
        .selectFrom('users as u')
        .innerJoin('departments as d', 'd.id', 'u.department_id')
        .select(['u.id', 'u.name', 'u.telephone', 'd.name as department'])
        .where('u.domain_id', '=', domainId)
        .where('u.loginno', '=', 'hopper')
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: 'Grace Hopper', telephone: '+862155550008', department: 'Sales East' });
      expect((await users()).map((u) => u.loginno)).not.toContain('toolong');
      const user = await admin.call<Record<string, unknown>>('GET', `/authtime/domain/${domainId}/user/${stored.id}`);
      expect(user.reply.errcode, user.reply.errmsg).toBe(0);
      const resaved = await updateUser(admin, domainId, user.reply.data); // as the form sends it: the passwords wire-encoded
      expect(resaved.reply.errcode, JSON.stringify(resaved.reply)).toBe(0);
      fake.users.delete('toolong');
      const again = await sync(`synchfrom${s.service}`, { dryRun: 0 });
      expect(again.result).toMatchObject({
        USER_ADD_SUCCESS: 0,
        USER_CHANGE: 0,
        DEPT_ADD_SUCCESS: 0,
        DEPT_CHANGE: 0,
        USER_ADD_FAIL: 0,
      });
    });

    it("refuses the other tenant's administrator and changes nothing", async () => {
      const before = {
        users: await users(),
        runs: await db().selectFrom('sync_runs').select('id').where('domain_id', '=', domainId).execute(),
      };
      for (const path of [`synchfrom${s.service}`, `synch2${s.service}`])
        expect(
          (await globex.call('PUT', `/authtime/domain/${domainId}/${path}`, { body: { dryRun: 0 } })).reply.errcode,
        ).toBe(1404);
      expect(
        (await globex.call('GET', '/authtime/weixin/synchronization/show', { query: { domainid: domainId } })).reply
          .errcode,
      ).toBe(1404);
      expect(
        (
          await globex.call('GET', '/authtime/weixin/synchronization/runs', {
            query: { domainid: domainId, service: s.service },
          })
        ).reply.errcode,
      ).toBe(1404);
      const bad = await admin.call('PUT', `/authtime/domain/${domainId}/synchfrom${s.service}`, {
        body: { dryRun: 'yes' },
      });
      expect(bad.reply.errcode).toBe(1001);
      expect({
        users: await users(),
        runs: await db().selectFrom('sync_runs').select('id').where('domain_id', '=', domainId).execute(),
      }).toEqual(before);
    });
  });
});
