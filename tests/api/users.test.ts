// A tenant's users (docs/adr/0034-tenant-organisation.md) on both databases: the paged list and its filters over Acme's 2,000 demo
// users, every rule of a save with its localized message (nothing stored), the proxy rules, find by
// login number, the relation, batch and resign row by row, delete all or nothing, and the reach of a
// department administrator (`sales`) and of another tenant's administrator (`globex`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import {
  batchUsers,
  createUser,
  deleteUsers,
  departmentOf,
  getUser,
  listUsers,
  resignUsers,
  uniqueLoginno,
  updateUser,
  type UserData,
} from './helpers/user-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import { makeEngineWorld, runtimeAccess } from './helpers/engine-world.ts';
import { runtimeOf } from './helpers/runtime-calls.ts';
import { keptCounts } from './helpers/kept-counts.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
type FieldErrors = { errors: Array<{ field: string; message: string }> };

describe.each(targets)('tenant users on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  let globexId: string;
  let salesDept: string;
  let engDept: string;
  let globexDept: string;
  const label = (key: string) => server.catalogue.labels.en[key];
  const userCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stored = (id: string) => server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'New_User',
    loginno: uniqueLoginno('nu'),
    departmentid: salesDept,
    email: 'new@acme.example',
    telephone: '13800138000',
    ...over,
  });
  const calendarOf = async (domainId: string) =>
    (
      await server.db
        .selectFrom('work_calendars')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('is_default', '=', true)
        .executeTakeFirstOrThrow()
    ).id;
  const made = async (over: Record<string, unknown> = {}, client = acme): Promise<UserData> => {
    const { reply } = await createUser(client, acmeId, valid(over));
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    sales = await server.signedIn('sales', 'Sales@2026', 'en');
    const domains = await server.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('name', 'in', ['Acme', 'Globex'])
      .execute();
    acmeId = domains.find((d) => d.name === 'Acme')!.id;
    globexId = domains.find((d) => d.name === 'Globex')!.id;
    salesDept = await departmentOf(server.db, 'Acme', 'Sales');
    engDept = await departmentOf(server.db, 'Acme', 'Engineering');
    globexDept = await departmentOf(server.db, 'Globex', 'Sales');
  });
  afterAll(() => server?.close());

  describe('the list', () => {
    it("pages Acme's 2,000 demo users in a stable order with an exact count", async () => {
      const first = await listUsers(acme, acmeId, {}, { pagelines: 50 });
      expect(first.reply.errcode).toBe(0);
      expect(replyProblems(server.catalogue, 'users.list', first.reply.data)).toEqual([]);
      expect(first.reply.data.rowCount).toBe(2000);
      const second = await listUsers(acme, acmeId, {}, { pagelines: 50, currpage: 2 });
      const ids = [...first.reply.data.datas, ...second.reply.data.datas].map((u) => u.id);
      expect(new Set(ids).size).toBe(100);
      // order_no first, then name, then id
      const keys = first.reply.data.datas.map((u) => [u.orderno as number, u.name]);
      expect(keys).toEqual(
        [...keys].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
      );
      expect(first.reply.data.datas[0]).toMatchObject({
        departmentName: expect.any(String),
        status: expect.any(Number),
      });
      expect(first.reply.data.datas[0]).not.toHaveProperty('password');
    });

    it('takes `lines` (spec) over `pagelines`, and a page past the end still counts', async () => {
      expect((await listUsers(acme, acmeId, {}, { lines: 7, pagelines: 30 })).reply.data.datas).toHaveLength(7);
      expect((await listUsers(acme, acmeId, {}, { currpage: 9999, pagelines: 10 })).reply.data).toEqual({
        datas: [],
        rowCount: 2000,
      });
    });

    it('filters by department, name and login number (any case), department name, status and role', async () => {
      const inSales = await server.db.selectFrom('users').select('id').where('department_id', '=', salesDept).execute();
      expect((await listUsers(acme, acmeId, {}, { departmentid: salesDept, pagelines: 1 })).reply.data.rowCount).toBe(
        inSales.length,
      );
      const wang = (await listUsers(acme, acmeId, { name: 'WANG_' }, { pagelines: 5000 })).reply.data;
      expect(wang.rowCount).toBeGreaterThan(0);
      expect(wang.datas.every((u) => u.name.toLowerCase().includes('wang_'))).toBe(true);
      expect(
        (await listUsers(acme, acmeId, { loginno: 'ACME100' })).reply.data.datas.map((u) => u.loginno).sort(),
      ).toEqual(
        [
          'acme100',
          'acme1000',
          'acme1001',
          'acme1002',
          'acme1003',
          'acme1004',
          'acme1005',
          'acme1006',
          'acme1007',
          'acme1008',
          'acme1009',
        ].sort(),
      );
      const engineering = (await listUsers(acme, acmeId, { superiorname: 'engin' }, { pagelines: 5000 })).reply.data;
      expect(engineering.datas.every((u) => u.departmentid === engDept)).toBe(true);
      const resigned = (await listUsers(acme, acmeId, { status: '0' }, { pagelines: 5000 })).reply.data;
      expect(resigned.rowCount).toBeGreaterThan(100);
      expect(resigned.datas.every((u) => u.status === 0)).toBe(true);
      expect((await listUsers(acme, acmeId, { status: '' })).reply.data.rowCount).toBe(2000);
      expect((await listUsers(acme, acmeId, { roleid: 'no-such-role' })).reply.data.rowCount).toBe(0);
      const hr = (
        await server.db
          .selectFrom('app_roles')
          .select('id')
          .where('package_role', '=', 'hr')
          .where('name', '=', 'HR officer')
          .executeTakeFirstOrThrow()
      ).id;
      const holders = await server.db
        .selectFrom('role_users as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select('u.id')
        .where('h.role_id', '=', hr)
        .where('u.domain_id', '=', acmeId)
        .execute();
      expect(holders.length).toBeGreaterThan(0);
      expect((await listUsers(acme, acmeId, { roleid: hr })).reply.data.rowCount).toBe(holders.length);
      // % and _ are plain characters, not patterns
      expect((await listUsers(acme, acmeId, { name: '%' })).reply.data.rowCount).toBe(0);
    });

    it('searches a part of the name or of the login number in one keyword (the user picker), any case, within reach', async () => {
      const all = await server.db
        .selectFrom('users')
        .select(['id', 'name', 'loginno', 'department_id'])
        .where('domain_id', '=', acmeId)
        .execute();
      const matching = (text: string) =>
        all.filter((u) => u.name.toLowerCase().includes(text) || u.loginno.toLowerCase().includes(text));
      const byLogin = (await listUsers(acme, acmeId, { keyword: 'ACME123' }, { pagelines: 100 })).reply.data;
      expect(byLogin.datas.map((u) => u.loginno).sort()).toEqual(
        matching('acme123')
          .map((u) => u.loginno)
          .sort(),
      );
      // A fragment of a name that is in no login number: found by the name alone.
      const fragment = all[0].name.slice(0, 3).toLowerCase();
      const byName = (await listUsers(acme, acmeId, { keyword: fragment.toUpperCase() }, { pagelines: 5000 })).reply
        .data;
      expect(byName.rowCount).toBe(matching(fragment).length);
      expect(byName.rowCount).toBeGreaterThan(0);
      // Name or login number: '1' is in thousands of login numbers and in some names, counted exactly.
      expect((await listUsers(acme, acmeId, { keyword: '1' }, { pagelines: 1 })).reply.data.rowCount).toBe(
        matching('1').length,
      );
      // With other filters it narrows them; % and _ are plain characters.
      const inSales = (
        await listUsers(acme, acmeId, { keyword: 'acme1' }, { departmentid: salesDept, pagelines: 5000 })
      ).reply.data;
      expect(inSales.rowCount).toBe(matching('acme1').filter((u) => u.department_id === salesDept).length);
      expect((await listUsers(acme, acmeId, { keyword: '%' })).reply.data.rowCount).toBe(0);
      // A department administrator finds only the users it reaches.
      const salesFound = (await listUsers(sales, acmeId, { keyword: 'acme' }, { pagelines: 5000 })).reply.data;
      expect(salesFound.rowCount).toBeGreaterThan(0);
      expect(salesFound.rowCount).toBeLessThan(matching('acme').length);
    });

    it('orders by a whitelisted column and refuses any other', async () => {
      const desc = (await listUsers(acme, acmeId, {}, { orderby: 'loginno desc', pagelines: 3 })).reply.data.datas.map(
        (u) => u.loginno,
      );
      expect(desc).toEqual(['acme999', 'acme998', 'acme997']);
      expect((await listUsers(acme, acmeId, {}, { orderby: 'password_hash' })).reply.errcode).toBe(1001);
    });

    it("lists and searches a tenant's own tableUser extension fields", async () => {
      const page = (await listUsers(globex, globexId, { field11: 'G1000' }, { pagelines: 100 })).reply.data;
      expect(page.rowCount).toBeGreaterThan(0);
      expect(page.datas.every((u) => String(u.field11).includes('G1000'))).toBe(true);
      expect(page.datas[0]).toHaveProperty('field12');
      // field12 is not searchable: the value is ignored rather than filtering
      const all = (await listUsers(globex, globexId)).reply.data.rowCount;
      expect((await listUsers(globex, globexId, { field12: 'nowhere' })).reply.data.rowCount).toBe(all);
    });
  });

  describe('create and update', () => {
    it('creates a user, reads it back without its password, finds it by login number in any case, and relates its department', async () => {
      const loginno = uniqueLoginno('Mixed');
      const user = await made({ loginno, name: '张三', isliaison: true, orderno: 3 });
      expect(user).toMatchObject({
        name: '张三',
        loginno,
        departmentid: salesDept,
        departmentName: 'Sales',
        status: 1,
        isliaison: true,
        orderno: 3,
        domainid: acmeId,
        password: '******',
      });
      expect(replyProblems(server.catalogue, 'users.create', user)).toEqual([]);
      expect((await stored(user.id))?.password_hash).toMatch(/^scrypt\$/);
      const found = await acme.call<UserData>('GET', `/authtime/domain/${acmeId}/user`, {
        query: { loginNo: loginno.toUpperCase() },
      });
      expect(found.reply.data.id).toBe(user.id);
      expect(
        (await acme.call('GET', `/authtime/domain/${acmeId}/user`, { query: { loginNo: 'nobody-here' } })).reply
          .errcode,
      ).toBe(1404);
      const relation = await acme.call('GET', `/authtime/user/${user.id}/rolewithdeptandkmrelation`);
      expect(relation.reply.data).toEqual({ departments: [{ id: salesDept, name: 'Sales' }], roles: [], kmRoles: [] });
    });

    it('accepts real names with spaces, hyphens and apostrophes and an international phone (docs/adr/0095-one-rule-set-for-entering-users.md)', async () => {
      for (const [name, telephone] of [
        ['Ada Lovelace', '+862155550008'],
        ["Jean-Luc O'Neil", '02155550008'],
        ['约翰·史密斯', '13800138000'],
      ]) {
        const user = await made({ name, telephone });
        expect(user).toMatchObject({ name, telephone });
      }
    });

    it('keeps the stored password with the unchanged marker, replaces it with a new one', async () => {
      const user = await made();
      const hash = (await stored(user.id))!.password_hash;
      const kept = await updateUser(acme, acmeId, {
        ...valid({ loginno: user.loginno }),
        id: user.id,
        name: 'Renamed',
        password: '******',
        confirmpwd: '******',
      });
      expect(kept.reply.data).toMatchObject({ name: 'Renamed' });
      expect((await stored(user.id))!.password_hash).toBe(hash);
      await updateUser(acme, acmeId, { ...valid({ loginno: user.loginno }), id: user.id, password: 'Other@2026' });
      expect((await stored(user.id))!.password_hash).not.toBe(hash);
      // creating with the marker is no password at all
      const marker = await createUser(acme, acmeId, valid({ password: '******', confirmpwd: '******' }));
      expect((marker.reply.data as unknown as FieldErrors).errors).toEqual([
        { field: '/password', message: label('msg.requirePassword') },
      ]);
    });

    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['no name', { name: '' }, '/name', 'msg.fillName'],
      ['a 16-character name', { name: 'N'.repeat(16) }, '/name', 'msg.userNameLength'],
      ['a name with a space at its end', { name: 'Two words ' }, '/name', 'msg.nameChars'],
      ['a name with two spaces in a row', { name: 'Two  words' }, '/name', 'msg.nameChars'],
      ['a name with a comma', { name: 'Two, words' }, '/name', 'msg.nameChars'],
      ['no login number', { loginno: '' }, '/loginno', 'msg.fillLoginno'],
      ['a 16-character login number', { loginno: 'l'.repeat(16) }, '/loginno', 'msg.loginnoLength'],
      ['a 5-character password', { password: 'abcde' }, '/password', 'msg.passwordLength'],
      [
        'a confirmation that differs',
        { password: 'Secret@2026', confirmpwd: 'Secret@2027' },
        '/confirmpwd',
        'msg.passwordNotSame',
      ],
      ['an invalid email', { email: 'not-an-email' }, '/email', 'msg.invalidEmail'],
      ['a 5-digit phone', { telephone: '12345' }, '/telephone', 'msg.phoneChars'],
      ['a phone with spaces', { telephone: '+86 21 5555 0008' }, '/telephone', 'msg.phoneChars'],
      ['no department', { departmentid: '' }, '/departmentid', 'msg.selectDepartment'],
      ["another tenant's department", { departmentid: 'GLOBEX' }, '/departmentid', 'msg.userDepartmentOutside'],
      ['a negative order number', { orderno: -1 }, '/orderno', 'msg.orderNotNegative'],
      ['a proxy without dates', { proxyuserid: 'ACTIVE' }, '/proxyStart', 'msg.fillProxyStart'],
      [
        'a proxy ending before it starts',
        { proxyuserid: 'ACTIVE', proxyStart: '2026-05-02', proxyEnd: '2026-05-01' },
        '/proxyEnd',
        'msg.proxyEndBeforeStart',
      ],
      [
        'a proxy on no real day',
        { proxyuserid: 'ACTIVE', proxyStart: '2026-02-30', proxyEnd: '2026-03-01' },
        '/proxyStart',
        'msg.invalidDate',
      ],
      [
        'a resigned proxy',
        { proxyuserid: 'RESIGNED', proxyStart: '2026-05-01', proxyEnd: '2026-05-02' },
        '/proxyuserid',
        'msg.proxyResigned',
      ],
      [
        "another tenant's proxy",
        { proxyuserid: 'FOREIGN', proxyStart: '2026-05-01', proxyEnd: '2026-05-02' },
        '/proxyuserid',
        'msg.proxyOutside',
      ],
      ["another tenant's calendar", { calendarid: 'GLOBEX_CALENDAR' }, '/calendarid', 'msg.calendarOutside'],
      ['a calendar that does not exist', { calendarid: 'no-such-calendar' }, '/calendarid', 'msg.calendarOutside'],
    ];
    it.each(cases)('refuses %s with its message and stores nothing', async (_what, fields, field, key) => {
      const pick = async (status: number, domainId: string) =>
        (
          await server.db
            .selectFrom('users')
            .select('id')
            .where('status', '=', status)
            .where('domain_id', '=', domainId)
            .executeTakeFirstOrThrow()
        ).id;
      const substitutes: Record<string, string> = {
        GLOBEX: globexDept,
        ACTIVE: await pick(1, acmeId),
        RESIGNED: await pick(0, acmeId),
        FOREIGN: await pick(1, globexId),
        GLOBEX_CALENDAR: await calendarOf(globexId),
      };
      const body = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' && substitutes[v] ? substitutes[v] : v]),
      );
      const before = await userCount();
      const { reply } = await createUser(acme, acmeId, valid(body));
      expect(reply.errcode).toBe(1001);
      expect((reply.data as unknown as FieldErrors).errors.find((e) => e.field === field)?.message).toBe(label(key));
      expect(await userCount()).toBe(before);
    });

    it("gives a user the enterprise's default calendar when none is chosen, keeps a chosen one of the enterprise, and refuses another's in a batch row", async () => {
      const standard = await calendarOf(acmeId);
      const other = 'cal-' + uniqueLoginno('x');
      await server.db
        .insertInto('work_calendars')
        .values({ id: other, domain_id: acmeId, name: `Shifts ${other}`, week: JSON.stringify([]) })
        .execute();
      const plain = await made({ calendarid: '' });
      expect(plain.calendarid).toBe(standard);
      expect((await stored(plain.id))!.calendar_id).toBe(standard);
      const chosen = await made({ calendarid: other });
      expect((await stored(chosen.id))!.calendar_id).toBe(other);
      // Saved again without a calendar, the user gets the default; with another tenant's, nothing changes.
      await server.db.updateTable('users').set({ calendar_id: null }).where('id', '=', chosen.id).execute();
      expect(
        (
          await updateUser(acme, acmeId, {
            ...valid({ loginno: chosen.loginno }),
            id: chosen.id,
            password: '******',
            confirmpwd: '******',
          })
        ).reply.errcode,
      ).toBe(0);
      expect((await stored(chosen.id))!.calendar_id).toBe(standard);
      const foreign = await updateUser(acme, acmeId, {
        ...valid({ loginno: chosen.loginno }),
        id: chosen.id,
        password: '******',
        confirmpwd: '******',
        calendarid: await calendarOf(globexId),
      });
      expect((foreign.reply.data as unknown as FieldErrors).errors).toEqual([
        { field: '/calendarid', message: label('msg.calendarOutside') },
      ]);
      expect((await stored(chosen.id))!.calendar_id).toBe(standard);
      // The batch: each row's calendar must be its own enterprise's.
      const batch = await batchUsers(acme, [plain.id], { calendarid: await calendarOf(globexId) });
      expect(batch.reply.data.results).toEqual([
        expect.objectContaining({ id: plain.id, ok: false, message: label('msg.calendarOutside') }),
      ]);
      expect((await batchUsers(acme, [plain.id], { calendarid: other })).reply.data.results[0].ok).toBe(true);
      expect((await stored(plain.id))!.calendar_id).toBe(other);
      await server.db.deleteFrom('users').where('id', 'in', [plain.id, chosen.id]).execute();
      await server.db.deleteFrom('work_calendars').where('id', '=', other).execute();
    });

    it('refuses a user as its own proxy, and accepts a proxy of the tenant on the job with its period', async () => {
      const proxy = await made();
      const user = await made({ proxyuserid: proxy.id, proxyStart: '2026-05-01', proxyEnd: '2026-05-01' });
      expect(user).toMatchObject({
        proxyuserid: proxy.id,
        proxyStart: '2026-05-01',
        proxyEnd: '2026-05-01',
        proxyUserName: proxy.name,
      });
      const self = await updateUser(acme, acmeId, {
        ...valid({ loginno: user.loginno }),
        id: user.id,
        proxyuserid: user.id,
        proxyStart: '2026-05-01',
        proxyEnd: '2026-05-02',
      });
      expect((self.reply.data as unknown as FieldErrors).errors[0]).toEqual({
        field: '/proxyuserid',
        message: label('msg.proxyNotSelf'),
      });
    });

    it('applies the password policy in force', async () => {
      await writeConfig(server.db, { loginConfig: { length: 12 } });
      try {
        const before = await userCount();
        const { reply } = await createUser(acme, acmeId, valid({ password: 'Short@2026' }));
        expect(reply.errcode).toBe(1001);
        expect((reply.data as unknown as FieldErrors).errors[0].field).toBe('/password');
        expect(await userCount()).toBe(before);
      } finally {
        await writeConfig(server.db, { loginConfig: {} });
      }
    });

    it('keeps login numbers unique per tenant whatever their case, also when two saves race', async () => {
      const user = await made();
      const dup = await createUser(acme, acmeId, valid({ loginno: user.loginno.toUpperCase() }));
      expect(dup.reply).toMatchObject({
        errcode: 1009,
        data: { errors: [{ field: '/loginno', message: label('error.userLoginnoTaken') }] },
      });
      // the same login number in another tenant is fine
      expect(
        (await createUser(globex, globexId, valid({ loginno: user.loginno, departmentid: globexDept }))).reply.errcode,
      ).toBe(0);
      const loginno = uniqueLoginno('race');
      const replies = await Promise.all([1, 2, 3].map(() => createUser(acme, acmeId, valid({ loginno }))));
      expect(replies.map((r) => r.reply.errcode).sort()).toEqual([0, 1009, 1009]);
    });
  });

  describe('batch, resign and delete', () => {
    it('changes each row all or nothing and refuses a row out of reach without touching it', async () => {
      const [a, b] = [await made(), await made()];
      const foreign = await server.db
        .selectFrom('users')
        .selectAll()
        .where('domain_id', '=', globexId)
        .executeTakeFirstOrThrow();
      const { reply } = await batchUsers(acme, [a.id, foreign.id, b.id], {
        departmentid: engDept,
        loginLocked: true,
        isliaison: true,
      });
      expect(replyProblems(server.catalogue, 'users.batch', reply.data)).toEqual([]);
      expect(reply.data.results).toEqual([
        { id: a.id, name: a.name, ok: true },
        { id: foreign.id, name: '', ok: false, message: label('msg.userOutOfReach') },
        { id: b.id, name: b.name, ok: true },
      ]);
      expect(await stored(a.id)).toMatchObject({ department_id: engDept, login_locked: true, liaison: true });
      expect(await stored(foreign.id)).toEqual(foreign);
      // a department of another tenant refuses the row, which keeps all its values
      const refused = await batchUsers(acme, [a.id], { departmentid: globexDept, loginLocked: false });
      expect(refused.reply.data.results).toEqual([
        { id: a.id, name: a.name, ok: false, message: label('msg.userDepartmentOutside') },
      ]);
      expect(await stored(a.id)).toMatchObject({ department_id: engDept, login_locked: true });
      expect((await batchUsers(acme, [a.id], {})).reply.errcode).toBe(1001);
    });

    it('resigns users row by row; a resigned user stops standing in for anyone', async () => {
      const proxy = await made();
      const user = await made({ proxyuserid: proxy.id, proxyStart: '2026-01-01', proxyEnd: '2026-12-31' });
      const { reply } = await resignUsers(acme, [proxy.id, 'no-such-user']);
      expect(reply.data.results).toEqual([
        { id: proxy.id, name: proxy.name, ok: true },
        { id: 'no-such-user', name: '', ok: false, message: label('msg.userOutOfReach') },
      ]);
      expect(await stored(proxy.id)).toMatchObject({ status: 0 });
      expect(await stored(user.id)).toMatchObject({ proxy_user_id: null, proxy_start: null, proxy_end: null });
    });

    it('deletes all or nothing: an id of another tenant refuses the whole list', async () => {
      const [a, b] = [await made(), await made()];
      const foreign = (
        await server.db.selectFrom('users').select('id').where('domain_id', '=', globexId).executeTakeFirstOrThrow()
      ).id;
      expect((await deleteUsers(acme, acmeId, [a.id, foreign])).reply.errcode).toBe(1404);
      expect(await stored(a.id)).toBeDefined();
      expect((await deleteUsers(acme, acmeId, [])).reply.errcode).toBe(1001);
      expect((await deleteUsers(acme, acmeId, [a.id, b.id])).reply).toMatchObject({ errcode: 0, data: { deleted: 2 } });
      expect(await stored(a.id)).toBeUndefined();
    });

    it('refuses to delete anyone who started or handled a workflow instance, naming them; resigning stays open', async () => {
      // A process of its own started in Acme: its initiator started it, its lead holds the open task.
      const world = await makeEngineWorld(server.db, 'Acme', 'del');
      const runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
      await runtime.start('linear', 'del-init');
      const named = (id: string) =>
        server.db.selectFrom('users').select(['id', 'name', 'loginno']).where('id', '=', id).executeTakeFirstOrThrow();
      const [initiator, assignee, free] = [
        await named(world.users.initiator),
        await named(world.users.lead),
        await made(),
      ];
      const tasksBefore = await server.db
        .selectFrom('flow_tasks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      for (const user of [initiator, assignee]) {
        const { reply } = await deleteUsers(acme, acmeId, [free.id, user.id]);
        expect(reply.errcode).toBe(1009);
        expect(reply.errmsg).toContain(
          `Nothing was deleted: ${user.name} (${user.loginno}) started or handled workflow instances`,
        );
        expect(await stored(user.id)).toBeDefined();
        expect(await stored(free.id)).toBeDefined(); // all or nothing
      }
      expect(
        await server.db
          .selectFrom('flow_tasks')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ).toEqual(tasksBefore);
      expect((await deleteUsers(acme, acmeId, [free.id])).reply).toMatchObject({ errcode: 0, data: { deleted: 1 } });
      expect((await resignUsers(acme, [initiator.id])).reply.data.results[0].ok).toBe(true);
      expect(await stored(initiator.id)).toMatchObject({ status: 0 });
    });
  });

  describe('reach', () => {
    it('shows the Sales department administrator only the users of Sales (and below)', async () => {
      const inSales = await server.db.selectFrom('users').select('id').where('department_id', '=', salesDept).execute();
      const page = (await listUsers(sales, acmeId, {}, { pagelines: 5000 })).reply.data;
      expect(page.rowCount).toBe(inSales.length);
      expect(page.datas.every((u) => u.departmentid === salesDept)).toBe(true);
      expect((await listUsers(sales, acmeId, {}, { departmentid: engDept })).reply.errcode).toBe(1404);
      const engineer = await server.db
        .selectFrom('users')
        .select(['id', 'loginno'])
        .where('department_id', '=', engDept)
        .executeTakeFirstOrThrow();
      expect((await getUser(sales, acmeId, engineer.id)).reply.errcode).toBe(1404);
      expect(
        (await sales.call('GET', `/authtime/domain/${acmeId}/user`, { query: { loginNo: engineer.loginno } })).reply
          .errcode,
      ).toBe(1404);
      expect((await sales.call('GET', `/authtime/user/${engineer.id}/rolewithdeptandkmrelation`)).reply.errcode).toBe(
        1404,
      );
    });

    it('lets the Sales administrator change users of Sales only, and not who is a domain administrator', async () => {
      const own = await made({}, sales);
      expect(own.departmentid).toBe(salesDept);
      const into = await createUser(sales, acmeId, valid({ departmentid: engDept }));
      expect((into.reply.data as unknown as FieldErrors).errors[0]).toEqual({
        field: '/departmentid',
        message: label('msg.userDepartmentOutside'),
      });
      expect(
        (await updateUser(sales, acmeId, { ...valid({ loginno: own.loginno }), id: own.id, isdomainadmin: true })).reply
          .errcode,
      ).toBe(1403);
      const engineer = await made({ departmentid: engDept });
      const before = await stored(engineer.id);
      expect(
        (await updateUser(sales, acmeId, { ...valid({ loginno: engineer.loginno }), id: engineer.id, name: 'Taken' }))
          .reply.errcode,
      ).toBe(1404);
      expect((await deleteUsers(sales, acmeId, [engineer.id])).reply.errcode).toBe(1404);
      const batch = await batchUsers(sales, [own.id, engineer.id], { loginLocked: true });
      expect(batch.reply.data.results.map((r) => r.ok)).toEqual([true, false]);
      expect((await resignUsers(sales, [engineer.id])).reply.data.results[0].ok).toBe(false);
      expect(await stored(engineer.id)).toEqual(before);
    });

    it("answers the other tenant's administrator 1404 on every Acme user, and changes nothing", async () => {
      const user = await made();
      const before = await stored(user.id);
      expect((await listUsers(globex, acmeId)).reply.errcode).toBe(1404);
      expect((await getUser(globex, acmeId, user.id)).reply).toEqual({
        errcode: 1404,
        errmsg: label('error.notFound'),
        data: null,
      });
      expect((await getUser(globex, globexId, user.id)).reply.errcode).toBe(1404);
      expect(
        (await globex.call('GET', `/authtime/domain/${acmeId}/user`, { query: { loginNo: user.loginno } })).reply
          .errcode,
      ).toBe(1404);
      expect((await globex.call('GET', `/authtime/user/${user.id}/rolewithdeptandkmrelation`)).reply.errcode).toBe(
        1404,
      );
      expect((await createUser(globex, acmeId, valid())).reply.errcode).toBe(1404);
      expect(
        (await updateUser(globex, acmeId, { ...valid({ loginno: user.loginno }), id: user.id })).reply.errcode,
      ).toBe(1404);
      expect(
        (
          await updateUser(globex, globexId, {
            ...valid({ loginno: user.loginno, departmentid: globexDept }),
            id: user.id,
          })
        ).reply.errcode,
      ).toBe(1404);
      expect((await deleteUsers(globex, acmeId, [user.id])).reply.errcode).toBe(1404);
      expect((await deleteUsers(globex, globexId, [user.id])).reply.errcode).toBe(1404);
      expect((await batchUsers(globex, [user.id], { status: 0 })).reply.data.results[0]).toMatchObject({
        ok: false,
        name: '',
      });
      expect((await resignUsers(globex, [user.id])).reply.data.results[0]).toMatchObject({ ok: false, name: '' });
      expect(await stored(user.id)).toEqual(before);
      // the platform reaches both
      expect((await getUser(admin, acmeId, user.id)).reply.errcode).toBe(0);
    });
  });

  describe('the kept counts (migrations 0012, 0060)', () => {
    // Runs after every create, move, resign and delete above: the trigger-kept count must still match.
    it('answers the same exact rowCount as counting the rows, for the tenant, a department and a reach', async () => {
      const counted = async (where: { domain: string; department?: string }) => {
        let q = server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('domain_id', '=', where.domain);
        if (where.department) q = q.where('department_id', '=', where.department);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      const moved = await made();
      expect((await batchUsers(acme, [moved.id], { departmentid: engDept })).reply.data.results[0].ok).toBe(true);
      await deleteUsers(acme, acmeId, [(await made()).id]);
      expect((await listUsers(admin, acmeId, {})).reply.data.rowCount).toBe(await counted({ domain: acmeId }));
      expect((await listUsers(admin, globexId, {})).reply.data.rowCount).toBe(await counted({ domain: globexId }));
      expect((await listUsers(acme, acmeId, {}, { departmentid: engDept })).reply.data.rowCount).toBe(
        await counted({ domain: acmeId, department: engDept }),
      );
      expect((await listUsers(sales, acmeId, {})).reply.data.rowCount).toBe(
        await counted({ domain: acmeId, department: salesDept }),
      );
      // and a filtered list still counts its own rows
      const named = (await listUsers(acme, acmeId, { name: moved.name })).reply.data;
      expect(named.rowCount).toBe(named.datas.length);
      expect(named.rowCount).toBeGreaterThan(0);
      // every kept figure, database-wide, equals the grouped count of the users table: each department's
      // and each tenant's (migration 0060)
      const { kept, counted: actual } = await keptCounts(server.db);
      expect(kept).toEqual(actual);
      expect(kept.filter((line) => line.startsWith(`${acmeId}=`))).toHaveLength(1);
    });

    it('finds % and _ in a search as themselves, not as patterns', async () => {
      const odd = await made({ name: 'Odd_Name_Q' });
      await made({ name: 'OddXNameQ' });
      expect((await listUsers(acme, acmeId, { name: 'd_n' })).reply.data.datas.map((u) => u.id)).toEqual([odd.id]);
      expect((await listUsers(acme, acmeId, { name: '%' })).reply.data.rowCount).toBe(0);
      expect((await listUsers(acme, acmeId, { loginno: '_' })).reply.data.rowCount).toBe(0);
    });
  });
});
