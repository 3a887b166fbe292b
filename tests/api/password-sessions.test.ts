// A new password ends the user's other sessions: its own change keeps the session
// that made it and signs out the others; a reset by an administrator signs out every session of that
// user; a refused reset or a save that keeps the password signs out nobody. Demo logins, both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword } from '../../src/core/password-codec.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { getSuperuser, updateSuperuser } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const SALES = { username: 'sales', password: 'Sales@2026' };
const DEV = { username: 'dev', password: 'Dev@2026' };
const AUDITOR = { username: 'auditor', password: 'Auditor@2026' };

describe.each(targets)('sessions after a password change on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const signIn = (who: { username: string; password: string }) => server.signedIn(who.username, who.password, 'en');
  /** errcode of myprofile: 0 while the session lives, 401 once it has ended. */
  const alive = async (client: ApiClient) => (await client.call('GET', '/authtime/myprofile')).reply.errcode === 0;
  const idOf = async (loginno: string) =>
    (await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
  const sessionsOf = async (loginno: string) =>
    (
      await server.db
        .selectFrom('sessions')
        .select('id')
        .where('superuser_id', '=', await idOf(loginno))
        .execute()
    ).length;
  const changeOwn = (client: ApiClient, oldpassword: string, password: string) =>
    client.call('POST', '/authtime/password', {
      body: {
        oldpassword: encodePassword(oldpassword),
        password: encodePassword(password),
        confirmpwd: encodePassword(password),
      },
    });
  /** The user's record as the form sends it back, with a new password (or the unchanged marker). */
  const save = async (client: ApiClient, loginno: string, password: string) => {
    const id = await idOf(loginno);
    const { reply } = await getSuperuser(admin, id);
    return updateSuperuser(client, id, { ...reply.data, password, confirmpwd: password });
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await signIn(ADMIN);
  });
  afterAll(() => server?.close());

  it("an own password change keeps the session that made it and ends the user's others", async () => {
    const [here, elsewhere, globex] = [await signIn(ACME), await signIn(ACME), await signIn(GLOBEX)];
    expect(await sessionsOf('acme')).toBe(2);
    expect((await changeOwn(here, ACME.password, 'Acme@2027')).reply.errcode).toBe(0);
    expect(await alive(here)).toBe(true);
    expect(await alive(elsewhere)).toBe(false);
    expect((await elsewhere.call('GET', '/authtime/myprofile')).status).toBe(401);
    expect(await sessionsOf('acme')).toBe(1);
    // Another tenant's administrator and the super administrator are not touched.
    expect(await alive(globex)).toBe(true);
    expect(await alive(admin)).toBe(true);
    // The old password opens nothing any more; the new one does.
    expect((await server.client('en').login(ACME.username, ACME.password)).reply.errcode).toBe(1002);
    expect(await alive(await signIn({ username: 'acme', password: 'Acme@2027' }))).toBe(true);
  });

  it('a refused own change (wrong current password) ends nothing', async () => {
    const [here, elsewhere] = [await signIn(GLOBEX), await signIn(GLOBEX)];
    expect((await changeOwn(here, 'Wrong@2026', 'Globex@2027')).reply.errcode).toBe(1001);
    expect([await alive(here), await alive(elsewhere)]).toEqual([true, true]);
  });

  it("a reset by the super administrator ends every session of that user, none of the caller's", async () => {
    const [one, two] = [await signIn(SALES), await signIn(SALES)];
    const acme = await signIn({ username: 'acme', password: 'Acme@2027' });
    expect((await save(admin, 'sales', 'Reset@2026')).reply.errcode).toBe(0);
    expect([await alive(one), await alive(two)]).toEqual([false, false]);
    expect(await sessionsOf('sales')).toBe(0);
    expect([await alive(admin), await alive(acme)]).toEqual([true, true]);
  });

  it("a reset by the tenant administrator ends the developer's sessions; one out of reach ends nothing", async () => {
    const acme = await signIn({ username: 'acme', password: 'Acme@2027' });
    const globex = await signIn(GLOBEX);
    const sales = await signIn({ username: 'sales', password: 'Reset@2026' });
    const dev = await signIn(DEV);
    // Globex's administrator and Acme's Sales administrator do not reach the developer: refused, nothing ends.
    expect((await save(globex, 'dev', 'Stolen@2026')).reply.errcode).toBe(1404);
    expect((await save(sales, 'dev', 'Stolen@2026')).reply.errcode).toBe(1404);
    expect(await alive(dev)).toBe(true);
    expect((await save(acme, 'dev', 'Reset@2027')).reply.errcode).toBe(0);
    expect(await alive(dev)).toBe(false);
    expect([await alive(acme), await alive(globex), await alive(sales)]).toEqual([true, true, true]);
  });

  it('saving a user without a new password ends none of its sessions', async () => {
    const dev = await signIn({ username: 'dev', password: 'Reset@2027' });
    expect((await save(admin, 'dev', '******')).reply.errcode).toBe(0);
    expect(await alive(dev)).toBe(true);
  });

  it('an officer saving its own record with a new password keeps that session and ends its others', async () => {
    const [here, elsewhere] = [await signIn(AUDITOR), await signIn(AUDITOR)];
    expect((await save(here, 'auditor', 'Auditor@2027')).reply.errcode).toBe(0);
    expect(await alive(here)).toBe(true);
    expect(await alive(elsewhere)).toBe(false);
  });
});
