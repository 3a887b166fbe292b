// Creating, reading, listing, editing and deleting privileged users: replies match the catalogue,
// passwords are hashed and never sent back, the unchanged marker keeps the password, login numbers
// stay unique, and every write is one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import {
  createSuperuser,
  deleteSuperusers,
  getSuperuser,
  idsByName,
  listSuperusers,
  superuserBody,
  setSecurityMode,
  superuserCount,
  uniqueLoginno,
  updateSuperuser,
} from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('privileged users: create, edit, delete on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;
  let purchasingId: string;
  const hashOf = async (id: string) =>
    (await server.db.selectFrom('superusers').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
    [purchasingId] = await idsByName(server.db, 'applications', ['Purchasing']);
  });
  afterAll(() => server?.close());

  it('names each demo account by what it is, the same with security separation off and on', async () => {
    const expected: Record<string, string[]> = {
      admin: ['super'],
      acme: ['tenantAdmin'],
      sales: ['departmentAdmin'],
      dev: ['develop'],
      sysadmin: ['systemAdmin'],
      secadmin: ['secret'],
      auditor: ['examine'],
    };
    const shown = async () => {
      const { reply } = await listSuperusers(admin, { pagelines: 100 });
      expect(replyProblems(server.catalogue, 'superusers.list', reply.data)).toEqual([]);
      return Object.fromEntries(
        reply.data.datas.filter((row) => row.loginno in expected).map((row) => [row.loginno, row.kinds]),
      );
    };
    try {
      expect(await shown()).toEqual(expected);
      await setSecurityMode(server.db, true);
      expect(await shown()).toEqual(expected);
    } finally {
      await setSecurityMode(server.db, false);
    }
  });

  it('creates one of each user type, reads it back and finds it first in the list', async () => {
    const kinds = [
      {
        fields: { issuperadmin: true },
        kinds: ['super'],
        expected: { type: 'super', issuperadmin: true, domains: [], applications: [] },
      },
      {
        fields: { isdomainadmin: true, domains: [acmeId] },
        kinds: ['tenantAdmin'],
        expected: { type: 'admin', isdomainadmin: true, domains: [acmeId], applications: [] },
      },
      {
        fields: { isdeveloper: true, applications: [purchasingId] },
        kinds: ['develop'],
        expected: { type: 'develop', isdeveloper: true, domains: [], applications: [purchasingId] },
      },
    ];
    for (const { fields, expected, kinds: shownAs } of kinds) {
      const loginno = uniqueLoginno('kind');
      const { reply } = await createSuperuser(admin, {
        name: '新用户_1',
        loginno,
        email: `${loginno}@atrium.example`,
        ...fields,
      });
      expect(reply.errcode).toBe(0);
      expect(replyProblems(server.catalogue, 'superusers.create', reply.data)).toEqual([]);
      expect(reply.data).toMatchObject({
        name: '新用户_1',
        loginno,
        status: 1,
        password: UNCHANGED_SECRET,
        confirmpwd: UNCHANGED_SECRET,
        departments: [],
        ...expected,
      });
      const read = await getSuperuser(admin, reply.data.id);
      expect(replyProblems(server.catalogue, 'superusers.get', read.reply.data)).toEqual([]);
      expect(read.reply.data).toEqual(reply.data);
      const page = await listSuperusers(admin, { pagelines: 10 });
      expect(replyProblems(server.catalogue, 'superusers.list', page.reply.data)).toEqual([]);
      expect(page.reply.data.datas[0]).toEqual({
        id: reply.data.id,
        name: '新用户_1',
        loginno,
        email: `${loginno}@atrium.example`,
        status: 1,
        type: expected.type,
        kinds: shownAs,
        issuperadmin: fields.issuperadmin ?? false,
        isdomainadmin: fields.isdomainadmin ?? false,
        isdeveloper: fields.isdeveloper ?? false,
      });
      // The new user signs in with the password given (stored as a scrypt hash, never in clear).
      expect(await hashOf(reply.data.id)).toMatch(/^scrypt\$/);
      await server.signedIn(loginno, 'Secret1');
    }
  });

  it('saves every demo privileged user back as loaded, as the form does', async () => {
    const { reply } = await listSuperusers(admin, { pagelines: 100 });
    for (const row of reply.data.datas) {
      const loaded = (await getSuperuser(admin, row.id)).reply.data;
      const saved = await admin.call('PUT', `/authtime/superuser/${row.id}`, { body: superuserBody({ ...loaded }) });
      expect(saved.reply.errcode, `${row.loginno}: ${saved.reply.errmsg}`).toBe(0);
      expect(saved.reply.data).toEqual(loaded);
    }
  });

  it('searches by name and login number (contains, any case) and pages with rowCount', async () => {
    const stamp = Math.random().toString(36).slice(2, 6);
    for (const n of [1, 2, 3])
      await createSuperuser(admin, { name: `Searchme${stamp}${n}`, loginno: `srch${stamp}${n}`, issuperadmin: true });
    const byName = await listSuperusers(admin, { name: `SEARCHME${stamp}` });
    expect(byName.reply.data.rowCount).toBe(3);
    const byLogin = await listSuperusers(admin, { loginno: `srch${stamp}2` });
    expect(byLogin.reply.data.datas.map((r) => r.name)).toEqual([`Searchme${stamp}2`]);
    const both = await listSuperusers(admin, { name: `searchme${stamp}`, loginno: `${stamp}3` });
    expect(both.reply.data.rowCount).toBe(1);
    const page2 = await listSuperusers(admin, { name: `searchme${stamp}`, currpage: 2, pagelines: 2 });
    expect(page2.reply.data).toMatchObject({ rowCount: 3, datas: [{ name: `Searchme${stamp}1` }] }); // newest first
    expect((await listSuperusers(admin, { name: '%' })).reply.data.rowCount).toBe(0); // % is a plain character
  });

  it('keeps the password for the unchanged marker and replaces it with a new one', async () => {
    const loginno = uniqueLoginno('pwd');
    const { reply: created } = await createSuperuser(admin, {
      name: 'Pwd_User',
      loginno,
      issuperadmin: true,
      password: 'First123',
    });
    const before = await hashOf(created.data.id);
    const kept = await updateSuperuser(admin, created.data.id, {
      name: 'Pwd_Renamed',
      loginno,
      issuperadmin: true,
      password: UNCHANGED_SECRET,
      email: 'new@atrium.example',
    });
    expect(kept.reply.errcode).toBe(0);
    expect(kept.reply.data).toMatchObject({
      name: 'Pwd_Renamed',
      email: 'new@atrium.example',
      password: UNCHANGED_SECRET,
    });
    expect(await hashOf(created.data.id)).toBe(before);
    await server.signedIn(loginno, 'First123');
    const replaced = await updateSuperuser(admin, created.data.id, {
      name: 'Pwd_Renamed',
      loginno,
      issuperadmin: true,
      password: 'Second12',
    });
    expect(replaced.reply.errcode).toBe(0);
    await server.signedIn(loginno, 'Second12');
    await expect(server.signedIn(loginno, 'First123')).rejects.toThrow(/login of .* failed/);
  });

  it('replaces the links as a whole and drops those of an unticked type', async () => {
    const loginno = uniqueLoginno('links');
    const { reply: created } = await createSuperuser(admin, {
      name: 'Links',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
      isdeveloper: true,
      applications: [purchasingId],
    });
    const { reply } = await updateSuperuser(admin, created.data.id, {
      name: 'Links',
      loginno,
      isdomainadmin: false,
      domains: [acmeId],
      isdeveloper: true,
      applications: [purchasingId],
    });
    expect(reply.data).toMatchObject({
      type: 'develop',
      isdomainadmin: false,
      domains: [],
      applications: [purchasingId],
    });
    const links = await server.db
      .selectFrom('superuser_domains')
      .select('domain_id')
      .where('superuser_id', '=', created.data.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('refuses a login number taken by another privileged user, whatever its case', async () => {
    const dup = await createSuperuser(admin, { name: 'Dup', loginno: 'ACME', issuperadmin: true });
    expect(dup.reply).toEqual({
      errcode: 1009,
      errmsg: 'A privileged user with this login number already exists.',
      data: { errors: [{ field: '/loginno', message: 'A privileged user with this login number already exists.' }] },
    });
    const { reply: other } = await createSuperuser(admin, {
      name: 'Other',
      loginno: uniqueLoginno('oth'),
      issuperadmin: true,
    });
    const rename = await updateSuperuser(admin, other.data.id, {
      name: 'Other',
      loginno: 'Globex',
      issuperadmin: true,
    });
    expect(rename.reply.errcode).toBe(1009);
    expect((await getSuperuser(admin, other.data.id)).reply.data.loginno).toBe(other.data.loginno);
    const ownUpper = await updateSuperuser(admin, other.data.id, {
      name: 'Other',
      loginno: other.data.loginno.toUpperCase(),
      issuperadmin: true,
    });
    expect(ownUpper.reply.errcode).toBe(0);
  });

  it('answers 1009, not an internal error, when two creations of one login number race', async () => {
    const loginno = uniqueLoginno('race');
    const replies = await Promise.all(
      [1, 2, 3].map(() => createSuperuser(admin, { name: 'Race', loginno, issuperadmin: true })),
    );
    expect(replies.map((r) => r.reply.errcode).sort()).toEqual([0, 1009, 1009]);
  });

  it('deletes the listed users with their links and sessions', async () => {
    const loginno = uniqueLoginno('del');
    const { reply: a } = await createSuperuser(admin, {
      name: 'DelA',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
    });
    const { reply: b } = await createSuperuser(admin, {
      name: 'DelB',
      loginno: uniqueLoginno('del'),
      isdeveloper: true,
      applications: [purchasingId],
    });
    const session = await server.signedIn(loginno, 'Secret1');
    const { reply } = await deleteSuperusers(admin, [a.data.id, b.data.id]);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { deleted: 2 } });
    for (const id of [a.data.id, b.data.id]) expect((await getSuperuser(admin, id)).reply.errcode).toBe(1404);
    const left = await server.db
      .selectFrom('superuser_domains')
      .select('domain_id')
      .where('superuser_id', 'in', [a.data.id, b.data.id])
      .execute();
    expect(left).toEqual([]);
    expect((await session.call('GET', '/authtime/myprofile')).status).toBe(401);
  });

  it('refuses an unknown id and the caller itself, deleting nothing', async () => {
    const { reply: kept } = await createSuperuser(admin, {
      name: 'Kept',
      loginno: uniqueLoginno('kept'),
      issuperadmin: true,
    });
    const before = await superuserCount(server.db);
    expect((await deleteSuperusers(admin, [kept.data.id, 'no-such-user'])).reply.errcode).toBe(1404);
    const adminId = (await admin.call<{ id: string }>('GET', '/authtime/myprofile')).reply.data.id;
    const self = await deleteSuperusers(admin, [kept.data.id, adminId]);
    expect(self.reply).toEqual({ errcode: 1403, errmsg: 'You cannot delete yourself.', data: null });
    expect(await superuserCount(server.db)).toBe(before);
  });
});
