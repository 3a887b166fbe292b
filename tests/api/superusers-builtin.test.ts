// The built-in officers of security separation (docs/adr/0014-password-policy-security-separation.md): the seeded `secadmin` and `auditor` hold no
// enterprise; an administrator edits their own fields, never their type or scope, cannot delete them,
// and cannot make anyone else built-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import {
  createSuperuser,
  deleteSuperusers,
  getSuperuser,
  idsByName,
  superuserBody,
  uniqueLoginno,
  updateSuperuser,
  type SuperuserData,
} from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('built-in officers on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;
  const idOf = async (loginno: string) =>
    (await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
  const stored = async (id: string) => (await getSuperuser(admin, id)).reply.data;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
  });
  afterAll(() => server?.close());

  it('answers the built-in flag and keeps type and scope whatever the form sends', async () => {
    const id = await idOf('secadmin');
    const before = await stored(id);
    expect(before).toMatchObject({ builtin: true, type: 'secret', domains: [], departments: [], applications: [] });
    // Outside security mode the scope rules do not apply to it; the flags and links sent are ignored.
    const { password: _p, confirmpwd: _c, ...loaded } = before as SuperuserData & { builtin: boolean };
    const saved = await updateSuperuser(admin, id, {
      ...loaded,
      password: '******',
      confirmpwd: '******',
      email: 'officer@atrium.example',
      issuperadmin: true,
      isdomainadmin: true,
      domains: [acmeId],
    });
    expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
    expect(saved.reply.data).toEqual({ ...before, email: 'officer@atrium.example' });
  });

  it('lets a built-in officer be edited in security mode without an enterprise', async () => {
    await writeConfig(server.db, { isOpenSecurity: true });
    try {
      const id = await idOf('auditor');
      const before = await stored(id);
      const body = {
        ...before,
        password: '******',
        confirmpwd: '******',
        name: 'Chief_Auditor',
        type: 'super',
        domains: [],
      };
      const saved = await updateSuperuser(admin, id, body);
      expect(saved.reply.errcode, saved.reply.errmsg).toBe(0);
      expect(saved.reply.data).toEqual({ ...before, name: 'Chief_Auditor' });
      // Anyone else still needs its one enterprise in security mode.
      const other = await createSuperuser(admin, {
        name: 'Plain_Officer',
        loginno: uniqueLoginno('plain'),
        type: 'secret',
        domains: [],
      });
      expect(other.reply).toMatchObject({ errcode: 1001, errmsg: 'Please select exactly one domain.' });
    } finally {
      await writeConfig(server.db, { isOpenSecurity: false });
    }
  });

  it('refuses to make a privileged user built-in, on create and on update, changing nothing', async () => {
    const loginno = uniqueLoginno('nobuilt');
    const refused = await createSuperuser(admin, { name: 'Not_Builtin', loginno, issuperadmin: true, builtin: true });
    expect(refused.reply).toMatchObject({
      errcode: 1001,
      errmsg: 'Built-in officers come with the installation; a privileged user cannot be made one.',
    });
    expect(
      await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirst(),
    ).toBeUndefined();
    const created = await createSuperuser(admin, {
      name: 'Not_Builtin',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
    });
    expect(created.reply.errcode).toBe(0);
    const before = await stored(created.reply.data.id);
    // Claiming the flag would skip the scope rules: the server refuses instead of trusting it.
    const claimed = await admin.call('PUT', `/authtime/superuser/${created.reply.data.id}`, {
      body: superuserBody({
        ...before,
        password: 'Secret1',
        confirmpwd: 'Secret1',
        isdomainadmin: true,
        domains: [],
        builtin: true,
      }),
    });
    expect(claimed.reply.errcode).toBe(1001);
    expect(await stored(created.reply.data.id)).toEqual(before);
  });

  it('refuses to delete a built-in officer, deleting nothing of the request', async () => {
    const officer = await idOf('secadmin');
    const other = await createSuperuser(admin, {
      name: 'Deletable',
      loginno: uniqueLoginno('del'),
      issuperadmin: true,
    });
    const { reply } = await deleteSuperusers(admin, [other.reply.data.id, officer]);
    expect(reply).toMatchObject({ errcode: 1403, errmsg: 'A built-in officer cannot be deleted.' });
    expect((await getSuperuser(admin, officer)).reply.errcode).toBe(0);
    expect((await getSuperuser(admin, other.reply.data.id)).reply.errcode).toBe(0);
  });
});
