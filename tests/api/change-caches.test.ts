// Sessions and users pages are kept between calls until the database says what they were read from
// changed (docs/adr/0042-pages-kept-until-change.md). These tests change things on one server instance and look on both: the instance
// that made the change never answers from what it had kept, and another instance on the same
// database (on PostgreSQL its own pool; it hears the change a moment later) stops doing so shortly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ApiClient } from './helpers/api-client.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createSuperuser, updateSuperuser, uniqueLoginno } from './helpers/superuser-calls.ts';
import { UNCHANGED_SECRET } from '../../src/core/password-codec.ts';
import { createUser, departmentOf, listUsers } from './helpers/user-calls.ts';

import { eventually, onServer } from './helpers/two-instances.ts';
const targets = await databaseTargets();

describe.each(targets)('cached sessions and users pages on $name', (target) => {
  let first: TestServer;
  let second: TestServer;
  let admin: ApiClient;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    first = await startTestServer(target);
    second = await first.secondInstance();
    admin = await first.signedIn(ADMIN.username, ADMIN.password, 'en');
    const idOf = async (name: string) =>
      (await first.db.selectFrom('domains').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    acmeId = await idOf('Acme');
    globexId = await idOf('Globex');
  });
  afterAll(async () => first?.close());

  const status = async (client: ApiClient) => (await listUsers(client, acmeId)).reply.errcode;

  it('a session ended on one instance is refused at once there and shortly on the other', async () => {
    const acme = await first.signedIn(ACME.username, ACME.password, 'en');
    const elsewhere = onServer(acme, second);
    // Both instances have used (and so kept) the session.
    expect(await status(acme)).toBe(0);
    expect(await status(elsewhere)).toBe(0);
    expect((await acme.call('POST', '/authtime/logout')).reply.errcode).toBe(0);
    const stale = onServer(elsewhere, first); // the cookie as it was before logout
    expect(await status(stale)).toBe(401);
    expect(await eventually(async () => (await status(elsewhere)) === 401)).toBe(true);
  });

  it('a privileged user disabled or moved out of an enterprise loses it with the next call', async () => {
    const loginno = uniqueLoginno('cc');
    const { reply: created } = await createSuperuser(admin, {
      name: 'Cache_Admin',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
      password: 'Cache@2026',
    });
    expect(created.errcode, created.errmsg).toBe(0);
    const user = await first.signedIn(loginno, 'Cache@2026', 'en');
    const elsewhere = onServer(user, second);
    expect(await status(user)).toBe(0);
    expect(await status(elsewhere)).toBe(0);

    // Moved to Globex: Acme's users are as missing as an unknown enterprise's.
    const moved = await updateSuperuser(admin, created.data.id, {
      name: 'Cache_Admin',
      loginno,
      isdomainadmin: true,
      domains: [globexId],
      password: UNCHANGED_SECRET,
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await status(user)).not.toBe(0);
    expect(await eventually(async () => (await status(elsewhere)) !== 0)).toBe(true);

    // Back in Acme, then disabled: no call at all.
    await updateSuperuser(admin, created.data.id, {
      name: 'Cache_Admin',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
      password: UNCHANGED_SECRET,
    });
    expect(await status(user)).toBe(0);
    expect(await eventually(async () => (await status(elsewhere)) === 0)).toBe(true);
    await updateSuperuser(admin, created.data.id, {
      name: 'Cache_Admin',
      loginno,
      isdomainadmin: true,
      domains: [acmeId],
      status: 0,
      password: UNCHANGED_SECRET,
    });
    expect(await status(user)).toBe(401);
    expect(await eventually(async () => (await status(elsewhere)) === 401)).toBe(true);
  });

  it('a users page shows a new user and a renamed department on the next call, on either instance', async () => {
    const elsewhere = onServer(admin, second);
    const salesId = await departmentOf(first.db, 'Acme', 'Sales');
    const page = (client: ApiClient) => listUsers(client, acmeId, {}, { departmentid: salesId, pagelines: 100 });
    const before = (await page(admin)).reply.data;
    expect((await page(elsewhere)).reply.data.rowCount).toBe(before.rowCount);

    const { reply } = await createUser(admin, acmeId, {
      name: 'Cache_New',
      loginno: uniqueLoginno('cn'),
      departmentid: salesId,
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    const after = (await page(admin)).reply.data;
    expect(after.rowCount).toBe(before.rowCount + 1);
    expect(after.datas.map((u) => u.id)).toContain(reply.data.id);
    expect(await eventually(async () => (await page(elsewhere)).reply.data.rowCount === before.rowCount + 1)).toBe(
      true,
    );

    // A department renamed behind the server's back (straight in the database) shows too.
    await first.db.updateTable('departments').set({ name: 'Sales_Renamed' }).where('id', '=', salesId).execute();
    expect((await page(admin)).reply.data.datas.every((u) => u.departmentName === 'Sales_Renamed')).toBe(true);
    expect(
      await eventually(async () =>
        (await page(elsewhere)).reply.data.datas.every((u) => u.departmentName === 'Sales_Renamed'),
      ),
    ).toBe(true);
  });
});
