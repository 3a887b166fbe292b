// Creating, editing and deleting enterprises: replies match the catalogue, names stay unique, the SMS
// password never comes back in clear, and a delete is one transaction.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import { domainUploadsDir } from '../../src/server/areas/domains/delete-domains.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import {
  createDomain,
  deleteDomains,
  getDomain,
  listDomains,
  uniqueName,
  updateDomain,
} from './helpers/domain-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('enterprise create, edit, delete on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const storedPassword = async (id: string) =>
    (await server.db.selectFrom('domains').select('sms_member_pwd').where('id', '=', id).executeTakeFirstOrThrow())
      .sms_member_pwd;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(() => server?.close());

  it('creates an enterprise, reads it back and finds it in the list where its name puts it', async () => {
    const name = uniqueName('Created');
    const { reply } = await createDomain(admin, { name, systemName: 'Sys', description: 'Made by a test', status: 0 });
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'domains.create', reply.data)).toEqual([]);
    expect(reply.data).toMatchObject({
      name,
      systemName: 'Sys',
      description: 'Made by a test',
      status: 0,
      smsMemberPwd: '',
      users: [],
    });
    const read = await getDomain(admin, reply.data.id);
    expect(replyProblems(server.catalogue, 'domains.get', read.reply.data)).toEqual([]);
    expect(read.reply.data).toEqual(reply.data);
    // Enterprises are listed by name, not newest first: a name before every other one comes first.
    const first = await createDomain(admin, { name: uniqueName('00_First') });
    const page = await listDomains(admin, {}, { pagelines: 10 });
    expect(page.reply.data.datas[0].id).toBe(first.reply.data.id);
  });

  it('defaults the status to active', async () => {
    const { reply } = await createDomain(admin, { name: uniqueName('Defaulted') });
    expect(reply.data.status).toBe(1);
  });

  it('edits the fields sent and keeps the ones left out', async () => {
    const { reply: created } = await createDomain(admin, {
      name: uniqueName('Edit'),
      logoUrl: '/uploads/lib/icon/demo/acme.svg',
      systemName: 'Old',
    });
    const newName = uniqueName('Edited');
    const { reply } = await updateDomain(admin, created.data.id, {
      name: newName,
      systemName: 'New',
      status: 0,
      description: 'changed',
    });
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'domains.update', reply.data)).toEqual([]);
    expect(reply.data).toMatchObject({
      id: created.data.id,
      name: newName,
      systemName: 'New',
      status: 0,
      description: 'changed',
      logoUrl: '/uploads/lib/icon/demo/acme.svg',
    });
    expect((await getDomain(admin, created.data.id)).reply.data).toEqual(reply.data);
  });

  it('refuses a duplicate name, whatever its case, on create and on rename', async () => {
    const before = await listDomains(admin, { name: 'acme' });
    const dup = await createDomain(admin, { name: 'ACME' });
    expect(dup.reply).toEqual({
      errcode: 1009,
      errmsg: 'An entry with the same name already exists.',
      data: { errors: [{ field: '/name', message: 'An entry with the same name already exists.' }] },
    });
    expect((await listDomains(admin, { name: 'acme' })).reply.data.rowCount).toBe(before.reply.data.rowCount);

    const { reply: other } = await createDomain(admin, { name: uniqueName('Rename') });
    const rename = await updateDomain(admin, other.data.id, { name: 'Globex' });
    expect(rename.reply.errcode).toBe(1009);
    expect((await getDomain(admin, other.data.id)).reply.data.name).toBe(other.data.name);
    const keepOwn = await updateDomain(admin, other.data.id, { name: other.data.name.toUpperCase() });
    expect(keepOwn.reply.errcode).toBe(0);
  });

  it('answers 1009, not an internal error, when two creations of one name race', async () => {
    const name = uniqueName('Race');
    const replies = await Promise.all([1, 2, 3].map(() => createDomain(admin, { name })));
    expect(replies.map((r) => r.reply.errcode).sort()).toEqual([0, 1009, 1009]);
  });

  it('never sends the SMS password back; the marker keeps it (with its member code), a new value replaces it, empty clears it', async () => {
    const { reply: created } = await createDomain(admin, {
      name: uniqueName('Sms'),
      smsMemberCode: 'C1',
      smsMemberPwd: 's3cret',
    });
    expect(created.data.smsMemberPwd).toBe(UNCHANGED_SECRET);
    expect(JSON.stringify((await listDomains(admin, { name: created.data.name })).reply)).not.toContain('s3cret');
    expect(await storedPassword(created.data.id)).toBe('s3cret');

    const kept = await updateDomain(admin, created.data.id, {
      name: created.data.name,
      smsMemberPwd: UNCHANGED_SECRET,
      smsMemberCode: 'C1',
      description: 'kept',
    });
    expect(kept.reply.data).toMatchObject({ smsMemberPwd: UNCHANGED_SECRET, smsMemberCode: 'C1', description: 'kept' });
    expect(await storedPassword(created.data.id)).toBe('s3cret');
    // Bound to its member code: another code, the password kept or left out, must type it again.
    for (const body of [{ smsMemberPwd: UNCHANGED_SECRET, smsMemberCode: 'C2' }, { smsMemberCode: 'C2' }]) {
      const moved = await updateDomain(admin, created.data.id, {
        name: created.data.name,
        description: 'moved',
        ...body,
      });
      expect(moved.reply, JSON.stringify(body)).toMatchObject({ errcode: 1001 });
      expect(moved.reply.errmsg).toContain(server.catalogue.labels.en['config.msg.secretAgain']);
    }
    expect(
      await server.db
        .selectFrom('domains')
        .select(['sms_member_code', 'description'])
        .where('id', '=', created.data.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ sms_member_code: 'C1', description: 'kept' });
    expect(
      (
        await updateDomain(admin, created.data.id, {
          name: created.data.name,
          smsMemberPwd: 's3cret',
          smsMemberCode: 'C2',
        })
      ).reply.data,
    ).toMatchObject({ smsMemberCode: 'C2' });

    const replaced = await updateDomain(admin, created.data.id, { name: created.data.name, smsMemberPwd: 'n3w' });
    expect(replaced.reply.data.smsMemberPwd).toBe(UNCHANGED_SECRET);
    expect(await storedPassword(created.data.id)).toBe('n3w');

    const cleared = await updateDomain(admin, created.data.id, { name: created.data.name, smsMemberPwd: '' });
    expect(cleared.reply.data.smsMemberPwd).toBe('');
    expect(await storedPassword(created.data.id)).toBe('');
  });

  it('deletes the listed enterprises with their departments, users, links and files', async () => {
    const acme = (await listDomains(admin, { name: 'Acme' })).reply.data.datas.find((d) => d.name === 'Acme')!;
    const { reply: a } = await createDomain(admin, { name: uniqueName('DelA') });
    const { reply: b } = await createDomain(admin, { name: uniqueName('DelB') });
    await giveBelongings(server, a.data.id, 'dela');
    const { reply } = await deleteDomains(admin, [a.data.id, b.data.id]);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { deleted: 2, admins: 0 } });
    expect(replyProblems(server.catalogue, 'domains.delete', reply.data)).toEqual([]);
    for (const id of [a.data.id, b.data.id]) expect((await getDomain(admin, id)).reply.errcode).toBe(1404);
    expect(await countOwned(server, a.data.id)).toEqual({ departments: 0, users: 0, links: 0, applications: 0 });
    expect(existsSync(domainUploadsDir(server, a.data.id))).toBe(false);
    expect((await getDomain(admin, acme.id)).reply.errcode).toBe(0); // others untouched
  });

  it('refuses an empty selection and an unknown id, deleting nothing', async () => {
    const empty = await deleteDomains(admin, []);
    expect(empty.reply).toMatchObject({ errcode: 1001, errmsg: 'Please select domains to delete.' });
    const { reply: kept } = await createDomain(admin, { name: uniqueName('Kept') });
    const unknown = await deleteDomains(admin, [kept.data.id, 'no-such-domain']);
    expect(unknown.reply.errcode).toBe(1404);
    expect((await getDomain(admin, kept.data.id)).reply.errcode).toBe(0);
  });

  it('rolls the whole delete back when one part fails: rows and files stay', async () => {
    const { reply: a } = await createDomain(admin, { name: uniqueName('TxA') });
    const { reply: b } = await createDomain(admin, { name: uniqueName('TxB') });
    await giveBelongings(server, a.data.id, 'txa');
    await giveBelongings(server, b.data.id, 'explode'); // the trigger below refuses to delete this user
    const before = await countOwned(server, a.data.id);
    await sql`create function refuse_explode() returns trigger language plpgsql as $$
      begin if old.loginno = 'explode01' then raise exception 'refused by test trigger'; end if; return old; end $$`.execute(
      server.db,
    );
    await sql`create trigger refuse_explode before delete on users for each row execute function refuse_explode()`.execute(
      server.db,
    );
    try {
      const { status, reply } = await deleteDomains(admin, [a.data.id, b.data.id]);
      expect(status).toBe(500);
      expect(reply).toEqual({
        errcode: 1500,
        errmsg: 'Something went wrong on the server. The error was logged.',
        data: null,
      });
      expect((await getDomain(admin, a.data.id)).reply.errcode).toBe(0);
      expect(await countOwned(server, a.data.id)).toEqual(before);
      expect(existsSync(join(domainUploadsDir(server, a.data.id), 'logo.svg'))).toBe(true);
    } finally {
      await sql`drop trigger refuse_explode on users`.execute(server.db);
      await sql`drop function refuse_explode()`.execute(server.db);
    }
    expect((await deleteDomains(admin, [a.data.id, b.data.id])).reply.data).toEqual({ deleted: 2, admins: 0 });
  });

  it('lets only a super admin create or delete', async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const created = await createDomain(acme, { name: uniqueName('ByTenant') });
    expect(created.reply).toEqual({ errcode: 1403, errmsg: 'You have no permission for this operation.', data: null });
    const own = (await listDomains(acme)).reply.data.datas[0];
    expect((await deleteDomains(acme, [own.id])).reply.errcode).toBe(1403);
    expect((await getDomain(acme, own.id)).reply.errcode).toBe(0);
  });
});

/** Two departments (a tree), a user, an application, an admin link and an uploaded file. */
async function giveBelongings(server: TestServer, domainId: string, prefix: string): Promise<void> {
  const db = server.db;
  const root = `${domainId}-root`;
  await db
    .insertInto('departments')
    .values({ id: root, domain_id: domainId, superior_id: null, name: 'Root' })
    .execute();
  await db
    .insertInto('departments')
    .values({ id: `${domainId}-child`, domain_id: domainId, superior_id: root, name: 'Child' })
    .execute();
  await db
    .insertInto('users')
    .values({ id: `${domainId}-u`, domain_id: domainId, department_id: root, name: 'User', loginno: `${prefix}01` })
    .execute();
  await db
    .insertInto('applications')
    .values({ id: `${domainId}-app`, domain_id: domainId, name: 'App' })
    .execute();
  const acme = await db.selectFrom('superusers').select('id').where('loginno', '=', 'acme').executeTakeFirstOrThrow();
  await db.insertInto('superuser_domains').values({ superuser_id: acme.id, domain_id: domainId }).execute();
  await db.insertInto('superuser_departments').values({ superuser_id: acme.id, department_id: root }).execute();
  const dir = domainUploadsDir(server, domainId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'logo.svg'), '<svg/>');
}

async function countOwned(server: TestServer, domainId: string) {
  const count = (table: 'departments' | 'users' | 'applications' | 'superuser_domains') =>
    server.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('domain_id', '=', domainId)
      .executeTakeFirstOrThrow()
      .then((r) => r.n);
  return {
    departments: await count('departments'),
    users: await count('users'),
    links: await count('superuser_domains'),
    applications: await count('applications'),
  };
}
