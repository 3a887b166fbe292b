// A tenant's departments (docs/adr/0034-tenant-organisation.md): the lazy tree and its valid filter, create/read/update,
// names unique among siblings whatever their case (also when two saves race), moves that never make
// a loop and keep levels right, an all-or-nothing delete refused with counts while anything is left
// in a department, the paged list, one department's users, and the tenant's extension fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { departmentCalls, deptName, seededDepartment } from './helpers/department-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';

const targets = await databaseTargets();
const NAME_TAKEN = 'A department with this name already exists under the same superior department.';
const MOVE_LOOP = 'A department cannot move under itself or one of its own sub-departments.';

describe.each(targets)('departments on $name', (target) => {
  let server: TestServer;
  let api: ReturnType<typeof departmentCalls>;
  let acmeId: string;
  let hqId: string;
  let salesId: string;
  let financeId: string;
  const stored = (id: string) =>
    server.db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
  /** A fresh department (by the API) under `superiorid`. */
  const fresh = async (superiorid: string | null, extra: Record<string, unknown> = {}) => {
    const { reply } = await api.create(acmeId, { name: deptName('Dept'), superiorid, ...extra });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    api = departmentCalls(await server.signedIn(ADMIN.username, ADMIN.password, 'en'));
    ({ domainId: acmeId, id: hqId } = await seededDepartment(server.db, 'Acme', 'Headquarters'));
    salesId = (await seededDepartment(server.db, 'Acme', 'Sales')).id;
    financeId = (await seededDepartment(server.db, 'Acme', 'Finance')).id;
  });
  afterAll(() => server?.close());

  it('loads the tree lazily: the top department, then its children by order number', async () => {
    const root = await api.root(acmeId);
    expect(replyProblems(server.catalogue, 'departments.root', root.reply.data)).toEqual([]);
    expect(root.reply.data).toEqual([
      expect.objectContaining({
        id: hqId,
        name: 'Headquarters',
        superiorid: null,
        level: 0,
        valid: true,
        hasChildren: true,
      }),
    ]);
    const children = await api.children(acmeId, hqId);
    expect(replyProblems(server.catalogue, 'departments.children', children.reply.data)).toEqual([]);
    expect(children.reply.data.map((n) => n.name)).toEqual(['Sales', 'Engineering', 'Finance']);
    expect(children.reply.data.map((n) => n.level)).toEqual([1, 1, 1]);
    expect(children.reply.data.find((n) => n.name === 'Engineering')?.hasChildren).toBe(true);
  });

  it('leaves invalid departments out when asked for valid ones only', async () => {
    const parent = await fresh(financeId);
    const invalid = await fresh(parent.id!, { valid: false });
    expect((await api.children(acmeId, parent.id!)).reply.data.map((n) => n.id)).toEqual([invalid.id]);
    expect((await api.children(acmeId, parent.id!, { valid: 'true' })).reply.data).toEqual([]);
    const nodes = (await api.children(acmeId, financeId, { valid: 'true' })).reply.data;
    expect(nodes.find((n) => n.id === parent.id)?.hasChildren).toBe(false); // its only child is invalid
    expect((await api.children(acmeId, financeId)).reply.data.find((n) => n.id === parent.id)?.hasChildren).toBe(true);
  });

  it('creates, reads and edits a department; fields left out stay', async () => {
    const name = deptName('Created');
    const { reply } = await api.create(acmeId, {
      name,
      code: 'C-1',
      superiorid: salesId,
      orderno: 7,
      valid: true,
      level: 99,
      domainid: 'ignored',
    });
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'departments.create', reply.data)).toEqual([]);
    expect(reply.data).toMatchObject({
      name,
      code: 'C-1',
      superiorid: salesId,
      superiorName: 'Sales',
      level: 2,
      orderno: 7,
      valid: true,
      domainid: acmeId,
    });
    expect((await api.get(reply.data.id!)).reply.data).toEqual(reply.data);
    const renamed = deptName('Renamed');
    const edited = await api.update(acmeId, reply.data.id!, { name: renamed, valid: false });
    expect(edited.reply.errcode).toBe(0);
    expect(edited.reply.data).toMatchObject({
      name: renamed,
      code: 'C-1',
      orderno: 7,
      valid: false,
      superiorid: salesId,
      level: 2,
    });
  });

  it('refuses a bad name or order number with the field message and writes nothing', async () => {
    const before = await server.db
      .selectFrom('departments')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const empty = await api.create(acmeId, { name: '', superiorid: salesId });
    expect(empty.reply).toMatchObject({ errcode: 1001, errmsg: 'Please fill in the department name.' });
    const negative = await api.create(acmeId, { name: deptName('Neg'), superiorid: salesId, orderno: -1 });
    expect(negative.reply).toMatchObject({
      errcode: 1001,
      errmsg: 'The order number must be a whole number not less than 0.',
    });
    const special = await api.create(acmeId, { name: 'Bad name!', superiorid: salesId });
    expect(special.reply.errcode).toBe(1001);
    const missing = await api.create(acmeId, { name: deptName('Lost'), superiorid: randomUUID() });
    expect(missing.reply).toMatchObject({ errcode: 1404, data: { errors: [{ field: '/superiorid' }] } });
    const after = await server.db
      .selectFrom('departments')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps names unique among siblings whatever their case, not across superiors', async () => {
    const parent = await fresh(salesId);
    const first = await fresh(parent.id!);
    const dup = await api.create(acmeId, { name: first.name.toUpperCase(), superiorid: parent.id });
    expect(dup.reply).toEqual({
      errcode: 1009,
      errmsg: NAME_TAKEN,
      data: { errors: [{ field: '/name', message: NAME_TAKEN }] },
    });
    expect((await api.create(acmeId, { name: first.name, superiorid: salesId })).reply.errcode).toBe(0); // another superior
    const sibling = await fresh(parent.id!);
    const rename = await api.update(acmeId, sibling.id!, { name: first.name.toLowerCase() });
    expect(rename.reply.errcode).toBe(1009);
    expect((await stored(sibling.id!))?.name).toBe(sibling.name);
  });

  it('lets only one of two simultaneous creations of a name pass, the other refused without a 500', async () => {
    const parent = await fresh(salesId);
    const name = deptName('Race');
    const replies = await Promise.all([0, 1, 2].map(() => api.create(acmeId, { name, superiorid: parent.id })));
    expect(replies.map((r) => r.status).every((s) => s < 500)).toBe(true);
    expect(replies.map((r) => r.reply.errcode).sort()).toEqual([0, 1009, 1009]);
    expect((await api.children(acmeId, parent.id!)).reply.data.map((n) => n.name)).toEqual([name]);
  });

  it('moves a department with its subtree and recomputes their levels', async () => {
    const a = await fresh(salesId);
    const b = await fresh(a.id!);
    const c = await fresh(b.id!);
    expect([a.level, b.level, c.level]).toEqual([2, 3, 4]);
    const moved = await api.update(acmeId, b.id!, { name: b.name, superiorid: financeId });
    expect(moved.reply.data).toMatchObject({ superiorid: financeId, superiorName: 'Finance', level: 2 });
    expect((await stored(c.id!))?.level).toBe(3);
    const top = await api.update(acmeId, b.id!, { name: b.name, superiorid: null });
    expect(top.reply.data).toMatchObject({ superiorid: null, level: 0 });
    expect((await stored(c.id!))?.level).toBe(1);
    expect((await api.root(acmeId)).reply.data.map((n) => n.id)).toContain(b.id);
  });

  it('refuses to move a department under itself or a descendant, and changes nothing', async () => {
    const a = await fresh(salesId);
    const b = await fresh(a.id!);
    const c = await fresh(b.id!);
    const before = await server.db
      .selectFrom('departments')
      .selectAll()
      .where('id', 'in', [a.id!, b.id!, c.id!])
      .orderBy('id')
      .execute();
    for (const superiorid of [a.id, b.id, c.id]) {
      const { reply } = await api.update(acmeId, a.id!, { name: deptName('Loop'), superiorid });
      expect(reply).toEqual({
        errcode: 1001,
        errmsg: MOVE_LOOP,
        data: { errors: [{ field: '/superiorid', message: MOVE_LOOP }] },
      });
    }
    expect(
      await server.db
        .selectFrom('departments')
        .selectAll()
        .where('id', 'in', [a.id!, b.id!, c.id!])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
  });

  it('refuses to delete a department that still has sub-departments or users, naming the counts, all or nothing', async () => {
    const users = Number(
      (
        await server.db
          .selectFrom('users')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('department_id', '=', salesId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(users).toBeGreaterThan(0);
    const children = Number(
      (
        await server.db
          .selectFrom('departments')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('superior_id', '=', salesId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const leaf = await fresh(financeId);
    const parent = await fresh(financeId);
    await fresh(parent.id!);
    const refused = await api.remove(acmeId, [leaf.id!, salesId]);
    // Sales: the department administrator `sales` is linked to it too.
    expect(refused.reply).toMatchObject({
      errcode: 1009,
      errmsg: `Nothing was deleted: the selected departments still have ${children} sub-department(s), ${users} user(s) and 1 privileged user(s) linked to them. Move or delete them first.`,
    });
    const withChild = await api.remove(acmeId, [leaf.id!, parent.id!]);
    expect(withChild.reply.errmsg).toBe(
      'Nothing was deleted: the selected departments still have 1 sub-department(s), 0 user(s) and 0 privileged user(s) linked to them. Move or delete them first.',
    );
    expect(await stored(leaf.id!)).toBeDefined();
    expect(await stored(parent.id!)).toBeDefined();
  });

  it('deletes empty leaves, and a parent with its (empty) children selected together', async () => {
    const leaf = await fresh(financeId);
    expect((await api.remove(acmeId, [leaf.id!])).reply).toMatchObject({ errcode: 0, data: { deleted: 1 } });
    expect(await stored(leaf.id!)).toBeUndefined();
    const parent = await fresh(financeId);
    const child = await fresh(parent.id!);
    expect((await api.remove(acmeId, [child.id!, parent.id!])).reply.data).toEqual({ deleted: 2 });
    expect((await api.get(parent.id!)).reply.errcode).toBe(1404);
    expect((await api.remove(acmeId, [])).reply).toMatchObject({
      errcode: 1001,
      errmsg: 'Please select the departments to delete.',
    });
    expect((await api.remove(acmeId, [randomUUID()])).reply.errcode).toBe(1404);
  });

  it('lists departments by page, under a superior, in a whitelisted order, with counts', async () => {
    const parent = await fresh(salesId);
    const names = ['Bravo', 'Alpha', 'Charlie'].map((n) => deptName(n));
    for (const [i, name] of names.entries())
      expect(
        (await api.create(acmeId, { name, superiorid: parent.id, orderno: 10 - i, code: `K${i}` })).reply.errcode,
      ).toBe(0);
    const page = await api.list(acmeId, { superiorid: parent.id!, pagelines: 2 });
    expect(replyProblems(server.catalogue, 'departments.list', page.reply.data)).toEqual([]);
    expect(page.reply.data.rowCount).toBe(3);
    expect(page.reply.data.datas.map((r) => r.name)).toEqual([names[2], names[1]]); // by order number
    expect(
      (await api.list(acmeId, { superiorid: parent.id!, pagelines: 2, currpage: 2 })).reply.data.datas.map(
        (r) => r.name,
      ),
    ).toEqual([names[0]]);
    const byName = await api.list(acmeId, { superiorid: parent.id!, orderby: 'name desc' });
    expect(byName.reply.data.datas.map((r) => r.name)).toEqual([...names].sort().reverse());
    expect((await api.list(acmeId, { orderby: 'name; drop table users' })).reply.errcode).toBe(1001);
    const all = await api.list(acmeId, {}, { name: 'sal' });
    const sales = all.reply.data.datas.find((r) => r.id === salesId);
    expect(sales).toMatchObject({ name: 'Sales', superiorName: 'Headquarters', level: 1 });
    expect(sales!.userCount).toBeGreaterThan(0);
    expect(sales!.childCount).toBeGreaterThan(0);
    expect(
      (await api.list(acmeId, { orderby: 'userCount desc', pagelines: 1 })).reply.data.datas[0].userCount,
    ).toBeGreaterThanOrEqual(sales!.userCount);
  });

  it("answers one department's users by page, in the user list's row shape", async () => {
    const total = Number(
      (
        await server.db
          .selectFrom('users')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('department_id', '=', salesId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const page = await api.users(salesId, { pagelines: 2, orderby: 'loginno' });
    expect(replyProblems(server.catalogue, 'departments.users', page.reply.data)).toEqual([]);
    expect(page.reply.data.rowCount).toBe(total);
    expect(page.reply.data.datas).toHaveLength(Math.min(2, total));
    expect(page.reply.data.datas[0]).toMatchObject({ departmentid: salesId, departmentName: 'Sales' });
    const loginnos = page.reply.data.datas.map((r) => r.loginno);
    expect(loginnos).toEqual([...loginnos].sort());
    expect((await api.users(hqId)).reply.data.datas.every((r) => r.departmentid === hqId)).toBe(true); // not the subtree's
  });

  it("keeps the tenant's own and the platform's extension fields of departments", async () => {
    const fields = [
      {
        fid: randomUUID().replaceAll('-', ''),
        domain_id: acmeId,
        name: 'field3',
        label: 'Cost centre',
        type: 'string',
        for_table: 'tableDept',
      },
      {
        fid: randomUUID().replaceAll('-', ''),
        domain_id: null,
        name: 'field4',
        label: 'Region',
        type: 'checkbox',
        options: 'North;South',
        for_table: 'tableDept',
      },
    ];
    await server.db.insertInto('field_extends').values(fields).execute();
    try {
      const created = await api.create(acmeId, {
        name: deptName('Ext'),
        superiorid: salesId,
        field3: 'CC-1',
        field4: ['North'],
        field9: 'not a field',
      });
      expect(created.reply.data).toMatchObject({ field3: 'CC-1', field4: ['North'] });
      expect(created.reply.data.field9).toBeUndefined();
      const edited = await api.update(acmeId, created.reply.data.id!, {
        name: created.reply.data.name,
        field3: 'CC-2',
      });
      expect(edited.reply.data).toMatchObject({ field3: 'CC-2', field4: ['North'] });
      expect((await api.get(created.reply.data.id!)).reply.data).toMatchObject({ field3: 'CC-2', field4: ['North'] });
      const listed = await api.list(acmeId, { superiorid: salesId }, { field3: 'cc-2' });
      expect(listed.reply.data.datas.map((r) => r.id)).toEqual([created.reply.data.id]);
      await server.db
        .updateTable('field_extends')
        .set({ is_not_null: true })
        .where('fid', '=', fields[0].fid)
        .execute();
      const required = await api.create(acmeId, { name: deptName('NoCost'), superiorid: salesId });
      expect(required.reply).toMatchObject({ errcode: 1001, errmsg: 'Cost centre is required.' });
    } finally {
      await server.db
        .deleteFrom('field_extends')
        .where(
          'fid',
          'in',
          fields.map((f) => f.fid),
        )
        .execute();
    }
  });
});
