// The directory sync of an enterprise (docs/adr/0060-directory-sync.md) on both databases against a real OpenLDAP
// server started here with a generated tree of 10,000 users in three levels of units (slapadd): a dry
// run that changes nothing, a full sync that builds the tree and the users (and refreshes their statistics), a second run that changes
// nothing, incremental and full runs following renames, moves, deletions and a conflict in the
// directory, the deletion cap, the history, bad input and the enterprise's scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Attribute, Change, Client } from 'ldapts';
import { MANAGER, MANAGER_PASSWORD, describeWithSlapd, startSlapd, type Slapd } from '../support/slapd.ts';
import { ORG, treeLdif, treeSize, unitDn, userUid } from '../support/ldap-tree.ts';
import { syncScheduledDomains } from '../../src/server/areas/directory-sync/scheduled.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { plannerRows } from './helpers/statistics.ts';
import { keptCounts } from './helpers/kept-counts.ts';
import { updateUser } from './helpers/user-calls.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const SHAPE = { fanout: 10, perUnit: 10 };
const SIZE = treeSize(SHAPE);

type Run = {
  id: string;
  status: string;
  phase: string;
  readCount: number;
  dryRun: boolean;
  mode: string;
  message: string;
  result?: Record<string, number> & { ERRORS: Array<Record<string, unknown>> };
  changes?: Array<Record<string, string>>;
};

describeWithSlapd('directory sync', () => {
  let slapd: Slapd; // one per database target: each changes its directory

  /** Changes the directory as its manager. */
  async function directory(work: (client: Client) => Promise<void>): Promise<void> {
    const client = new Client({ url: slapd.url });
    await client.bind(MANAGER, MANAGER_PASSWORD);
    try {
      await work(client);
    } finally {
      await client.unbind();
    }
  }

  describe.each(targets)('on $name', (target) => {
    let server: TestServer;
    let admin: ApiClient;
    let acme: ApiClient;
    let globex: ApiClient;
    let acmeId: string;
    const counts = async () => {
      const [d, u] = await Promise.all([
        server.db
          .selectFrom('departments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('domain_id', '=', acmeId)
          .executeTakeFirstOrThrow(),
        server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('domain_id', '=', acmeId)
          .executeTakeFirstOrThrow(),
      ]);
      return { departments: Number(d.n), users: Number(u.n) };
    };
    const start = (body: Record<string, unknown>, dry = false, client = acme, domainid = acmeId) =>
      client.call<Run>('POST', dry ? '/authtime/domain/synchldap/dryrun' : '/authtime/domain/synchldap', {
        query: { domainid },
        body,
      });
    async function finished(id: string, client = acme): Promise<Run> {
      for (let i = 0; i < 600; i++) {
        const { reply } = await client.call<Run>('GET', '/authtime/domain/synchldap/run', {
          query: { domainid: acmeId, id },
        });
        expect(reply.errcode, reply.errmsg).toBe(0);
        if (reply.data.status !== 'running') return reply.data;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the sync did not end');
    }
    async function sync(body: Record<string, unknown> = {}, dry = false): Promise<Run> {
      const { reply } = await start(body, dry);
      expect(reply.errcode, reply.errmsg).toBe(0);
      expect(reply.data.status).toBe('running');
      return finished(reply.data.id);
    }

    beforeAll(async () => {
      slapd = await startSlapd([], { ldif: treeLdif(SHAPE) });
      server = await startTestServer(target);
      [admin, acme, globex] = await Promise.all([
        server.signedIn(ADMIN.username, ADMIN.password, 'en'),
        server.signedIn(ACME.username, ACME.password, 'en'),
        server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      ]);
      acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
        .id;
    });
    afterAll(async () => {
      await server?.close();
      await slapd?.stop();
    });

    it('refuses to start while no directory is set up', async () => {
      expect((await start({})).reply).toMatchObject({
        errcode: 1009,
        errmsg: 'No directory is set up: fill in the directory URL and baseDN in the system configuration first.',
      });
      const saved = await admin.call('PUT', '/authtime/config', {
        body: {
          ldapConfig: {
            url: slapd.url,
            dirStructure: 'openldap',
            baseDN: ORG,
            manager: MANAGER,
            managerPassword: MANAGER_PASSWORD,
            userClass: 'inetOrgPerson',
          },
        },
      });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    });

    it('plans in a dry run and changes nothing', async () => {
      const before = await counts();
      const run = await sync({ mode: 'full' }, true);
      expect(run).toMatchObject({
        status: 'succeeded',
        dryRun: true,
        phase: 'done',
        readCount: SIZE.units + SIZE.users,
      });
      expect(run.result).toMatchObject({
        DEPT_ADD_SUCCESS: SIZE.units,
        USER_ADD_SUCCESS: SIZE.users,
        DEPT_ADD_FAIL: 0,
        USER_ADD_FAIL: 0,
        USER_RESIGN: 0,
        ERRORS: [],
      });
      expect(run.changes?.length).toBe(500);
      expect(run.changes?.[0]).toMatchObject({ entity: 'department', op: 'add', name: 'unit-0' });
      expect(await counts()).toEqual(before);
    }, 120_000);

    it('builds the tree and the users, then changes nothing when run again', async () => {
      const before = await counts();
      const run = await sync({ mode: 'full' });
      expect(run).toMatchObject({ status: 'succeeded', dryRun: false });
      expect(run.result).toMatchObject({
        DEPT_ADD_SUCCESS: SIZE.units,
        USER_ADD_SUCCESS: SIZE.users,
        USER_ADD_FAIL: 0,
      });
      expect(await counts()).toEqual({
        departments: before.departments + SIZE.units,
        users: before.users + SIZE.users,
      });
      // The run refreshed the statistics of what it filled (docs/adr/0109-statistics-after-bulk-writes.md).
      for (const table of ['users', 'departments', 'sync_user_links']) {
        const rows = await plannerRows(server.db, table);
        expect(rows.estimated, table).toBe(rows.stored);
      }
      const leaf = await server.db
        .selectFrom('departments as d')
        .innerJoin('departments as p', 'p.id', 'd.superior_id')
        .select(['d.level', 'p.name as superior'])
        .where('d.domain_id', '=', acmeId)
        .where('d.name', '=', 'unit-3-4-5')
        .executeTakeFirstOrThrow();
      expect(leaf).toEqual({ level: 2, superior: 'unit-3-4' });
      const user = await server.db
        .selectFrom('users as u')
        .innerJoin('departments as d', 'd.id', 'u.department_id')
        .select(['u.name', 'u.email', 'u.status', 'd.name as department'])
        .where('u.loginno', '=', userUid([3, 4, 5], 6))
        .executeTakeFirstOrThrow();
      expect(user).toEqual({
        name: `User ${userUid([3, 4, 5], 6)}`,
        email: `${userUid([3, 4, 5], 6)}@atrium.test`,
        status: 1,
        department: 'unit-3-4-5',
      });
      for (const mode of ['full', 'incremental']) {
        const again = await sync({ mode });
        expect(again.status).toBe('succeeded');
        expect(again.result).toMatchObject({
          DEPT_ADD_SUCCESS: 0,
          DEPT_CHANGE: 0,
          USER_ADD_SUCCESS: 0,
          USER_CHANGE: 0,
          USER_MOVE: 0,
          USER_RESIGN: 0,
        });
      }
      expect(await counts()).toEqual({
        departments: before.departments + SIZE.units,
        users: before.users + SIZE.users,
      });
    }, 180_000);

    it('follows renames and moves incrementally, resigns the deleted on a full sync, reports conflicts', async () => {
      const renamed = userUid([0, 0, 0], 1);
      const moved = userUid([0, 0, 0], 2);
      const deleted = userUid([0, 0, 0], 3);
      await directory(async (c) => {
        await c.modify(
          `uid=${renamed},${unitDn([0, 0, 0])}`,
          new Change({ operation: 'replace', modification: new Attribute({ type: 'cn', values: ['Renamed person'] }) }),
        );
        await c.modifyDN(`uid=${moved},${unitDn([0, 0, 0])}`, `uid=${moved},${unitDn([9, 9, 9])}`);
        await c.modifyDN(`ou=unit-1-1-1,${unitDn([1, 1])}`, 'ou=unit-1-1-1-renamed');
        await c.add(`uid=twin-a,${unitDn([2, 2, 2])}`, {
          objectClass: 'inetOrgPerson',
          uid: 'twin',
          cn: 'Twin A',
          sn: 'a',
        });
        await c.add(`uid=twin-b,${unitDn([2, 2, 3])}`, {
          objectClass: 'inetOrgPerson',
          uid: 'twin',
          cn: 'Twin B',
          sn: 'b',
        });
      });
      const incremental = await sync({ mode: 'incremental' });
      expect(incremental.result).toMatchObject({
        USER_CHANGE: 2,
        USER_MOVE: 1,
        DEPT_CHANGE: 1,
        USER_RESIGN: 0,
        USER_ADD_FAIL: 2,
      });
      expect(incremental.result?.ERRORS.map((e) => [e.LOGINNO, e.ERROR])).toEqual([
        ['twin', 'Two directory entries have this login number; neither is synchronised.'],
        ['twin', 'Two directory entries have this login number; neither is synchronised.'],
      ]);
      const row = (loginno: string) =>
        server.db
          .selectFrom('users as u')
          .innerJoin('departments as d', 'd.id', 'u.department_id')
          .select(['u.name', 'u.status', 'd.name as department'])
          .where('u.domain_id', '=', acmeId)
          .where('u.loginno', '=', loginno)
          .executeTakeFirstOrThrow();
      expect(await row(renamed)).toMatchObject({ name: 'Renamed person', department: 'unit-0-0-0' });
      expect(await row(moved)).toMatchObject({ department: 'unit-9-9-9' });
      expect(await row(userUid([1, 1, 1], 0))).toMatchObject({ department: 'unit-1-1-1-renamed', status: 1 });

      await directory((c) => c.del(`uid=${deleted},${unitDn([0, 0, 0])}`));
      await acme.call('PUT', '/authtime/domain/synchldap/settings', {
        query: { domainid: acmeId },
        body: { resignCap: 0 },
      });
      const refused = await sync({ mode: 'full' });
      expect(refused.status).toBe('refused');
      expect(refused.message).toMatch(
        /^Refused: 1 of \d+ users on the job would be resigned, more than the deletion cap of 0 %/,
      );
      expect(refused.changes).toContainEqual({
        entity: 'user',
        op: 'resign',
        name: `User ${deleted}`,
        loginno: deleted,
        externalId: expect.any(String),
      });
      expect((await row(deleted)).status).toBe(1);
      const confirmed = await sync({ mode: 'full', confirm: 1 });
      expect(confirmed.status).toBe('succeeded');
      expect(confirmed.result).toMatchObject({ USER_RESIGN: 1, USER_ADD_SUCCESS: 0 });
      expect(await row(deleted)).toMatchObject({ status: 0, department: 'unit-0-0-0' });
      const quiet = await sync({ mode: 'full' });
      expect(quiet.result).toMatchObject({ USER_RESIGN: 0, USER_CHANGE: 0, DEPT_CHANGE: 0, USER_ADD_FAIL: 2 });
      // Through the built tree, the moves and the resignation, the counts the triggers keep are the
      // users table's (migrations 0012, 0060).
      const { kept, counted } = await keptCounts(server.db);
      expect(kept).toEqual(counted);
    }, 240_000);

    it('syncs the enterprises that ask for it on schedule, incrementally', async () => {
      const uid = userUid([5, 5, 5], 5);
      await directory((c) =>
        c.modify(
          `uid=${uid},${unitDn([5, 5, 5])}`,
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'mail', values: ['scheduled@atrium.test'] }),
          }),
        ),
      );
      expect(await syncScheduledDomains({ db: server.db, catalogue: server.catalogue })).toEqual({
        synced: 0,
        failed: 0,
      });
      const saved = await acme.call('PUT', '/authtime/domain/synchldap/settings', {
        query: { domainid: acmeId },
        body: { scheduled: 1, resignCap: 0 },
      });
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      expect(await syncScheduledDomains({ db: server.db, catalogue: server.catalogue })).toEqual({
        synced: 1,
        failed: 0,
      });
      const { reply } = await acme.call<{ datas: Array<Run & { trigger: string }> }>(
        'GET',
        '/authtime/domain/synchldap/runs',
        { query: { domainid: acmeId, linesPerPage: 1 } },
      );
      expect(reply.data.datas[0]).toMatchObject({
        trigger: 'schedule',
        mode: 'incremental',
        status: 'succeeded',
        result: { USER_CHANGE: 1, USER_RESIGN: 0 },
      });
      expect(
        (
          await server.db
            .selectFrom('users')
            .select('email')
            .where('domain_id', '=', acmeId)
            .where('loginno', '=', uid)
            .executeTakeFirstOrThrow()
        ).email,
      ).toBe('scheduled@atrium.test');
      await acme.call('PUT', '/authtime/domain/synchldap/settings', {
        query: { domainid: acmeId },
        body: { scheduled: 0 },
      });
    }, 120_000);

    it('keeps a history of the runs, newest first, and one run at a time', async () => {
      const { reply } = await acme.call<{ datas: Run[]; rowCount: number }>('GET', '/authtime/domain/synchldap/runs', {
        query: { domainid: acmeId, linesPerPage: 3 },
      });
      expect(reply.errcode, reply.errmsg).toBe(0);
      expect(reply.data.rowCount).toBeGreaterThanOrEqual(8);
      expect(reply.data.datas).toHaveLength(3);
      expect(reply.data.datas[0]).toMatchObject({ status: 'succeeded', mode: 'incremental', trigger: 'schedule' });
      const first = await start({ mode: 'full' }, true);
      const second = await start({ mode: 'full' }, true);
      expect(second.reply).toMatchObject({
        errcode: 1009,
        errmsg: 'A sync of this enterprise is already running; wait for it to end.',
      });
      await finished(first.reply.data.id);
    }, 120_000);

    it('refuses bad input, localized, and changes nothing', async () => {
      const before = await server.db
        .selectFrom('sync_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const bad = await start({ mode: 'sideways' });
      expect(bad.reply.errcode).toBe(1001);
      const zh = await server.signedIn(ACME.username, ACME.password, 'zh');
      const cap = await zh.call('PUT', '/authtime/domain/synchldap/settings', {
        query: { domainid: acmeId },
        body: { resignCap: 101 },
      });
      expect(cap.reply).toMatchObject({ errcode: 1001 });
      expect(JSON.stringify(cap.reply)).toContain('删除上限是0到100之间的整数百分比。');
      const base = await acme.call('PUT', '/authtime/domain/synchldap/settings', {
        query: { domainid: acmeId },
        body: { baseDN: unitDn([1]) },
      });
      expect(base.reply).toMatchObject({
        errcode: 1403,
        errmsg: "Only the platform's administrators choose the enterprise's part of the directory (baseDN).",
      });
      const outside = await admin.call('PUT', '/authtime/domain/synchldap/settings', {
        query: { domainid: acmeId },
        body: { baseDN: 'dc=elsewhere,dc=test' },
      });
      expect(outside.reply).toMatchObject({ errcode: 1001 });
      expect(
        (
          await acme.call<Record<string, unknown>>('GET', '/authtime/domain/synchldap/settings', {
            query: { domainid: acmeId },
          })
        ).reply.data,
      ).toEqual({ domainid: acmeId, baseDN: '', scheduled: 0, resignCap: 0 });
      const after = await server.db
        .selectFrom('sync_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("keeps another enterprise's administrator out", async () => {
      const before = await counts();
      expect((await start({ mode: 'full' }, false, globex)).reply.errcode).toBe(1404);
      expect((await start({ mode: 'full' }, true, globex)).reply.errcode).toBe(1404);
      const last = await server.db
        .selectFrom('sync_runs')
        .select('id')
        .where('domain_id', '=', acmeId)
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(
        (await globex.call('GET', '/authtime/domain/synchldap/run', { query: { domainid: acmeId, id: last.id } })).reply
          .errcode,
      ).toBe(1404);
      const globexId = (
        await server.db.selectFrom('domains').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()
      ).id;
      expect(
        (await globex.call('GET', '/authtime/domain/synchldap/run', { query: { domainid: globexId, id: last.id } }))
          .reply.errcode,
      ).toBe(1404);
      expect(
        (await globex.call('GET', '/authtime/domain/synchldap/runs', { query: { domainid: acmeId } })).reply.errcode,
      ).toBe(1404);
      expect(
        (
          await globex.call('PUT', '/authtime/domain/synchldap/settings', {
            query: { domainid: acmeId },
            body: { scheduled: 1 },
          })
        ).reply.errcode,
      ).toBe(1404);
      expect(await counts()).toEqual(before);
      expect(
        (
          await acme.call<Record<string, unknown>>('GET', '/authtime/domain/synchldap/settings', {
            query: { domainid: acmeId },
          })
        ).reply.data.scheduled,
      ).toBe(0);
    });

    // A sync stores only what the user and department forms accept, normalised, so a
    // synced user re-saves unchanged; what cannot be normalised is reported per entry and not stored.
    it("stores entries normalised to the forms' rules and reports per entry what breaks them", async () => {
      const unit = `ou=Sales\\, East,${unitDn([4])}`;
      await directory(async (c) => {
        await c.add(unit, { objectClass: 'organizationalUnit', ou: 'Sales, East' });
        await c.add(`uid=spaced,${unit}`, {
          objectClass: 'inetOrgPerson',
          uid: 'spaced',
          cn: ' Ada   Lovelace ',
          sn: 'l',
          mail: ' ada@atrium.test ',
          telephoneNumber: '+86 21 5555 0008',
        });
        await c.add(`uid=toolong,${unit}`, {
          objectClass: 'inetOrgPerson',
          uid: 'toolong',
          cn: 'A'.repeat(200),
          sn: 'l',
        });
      });
      const run = await sync({ mode: 'incremental' });
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
      const stored = await server.db
        .selectFrom('users as u')
        .innerJoin('departments as d', 'd.id', 'u.department_id')
        .select(['u.id', 'u.name', 'u.email', 'u.telephone', 'd.id as departmentId', 'd.name as department'])
        .where('u.domain_id', '=', acmeId)
        .where('u.loginno', '=', 'spaced')
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@atrium.test',
        telephone: '+862155550008',
        department: 'Sales East',
      });
      expect(
        await server.db
          .selectFrom('users')
          .select('id')
          .where('domain_id', '=', acmeId)
          .where('loginno', '=', 'toolong')
          .execute(),
      ).toEqual([]);

      const user = await acme.call<Record<string, unknown>>('GET', `/authtime/domain/${acmeId}/user/${stored.id}`);
      expect(user.reply.errcode, user.reply.errmsg).toBe(0);
      const resaved = await updateUser(acme, acmeId, user.reply.data); // as the form sends it: the passwords wire-encoded
      expect(resaved.reply.errcode, JSON.stringify(resaved.reply)).toBe(0);
      const department = await acme.call<Record<string, unknown>>('GET', `/authtime/department/${stored.departmentId}`);
      expect(department.reply.errcode, department.reply.errmsg).toBe(0);
      const departmentResaved = await acme.call('PUT', `/authtime/domain/${acmeId}/department/${stored.departmentId}`, {
        body: department.reply.data,
      });
      expect(departmentResaved.reply.errcode, JSON.stringify(departmentResaved.reply)).toBe(0);
      const again = await sync({ mode: 'full', confirm: 1 });
      expect(again.result).toMatchObject({ DEPT_CHANGE: 0, USER_CHANGE: 0, USER_ADD_SUCCESS: 0, USER_RESIGN: 0 });
    }, 120_000);
  });
});
