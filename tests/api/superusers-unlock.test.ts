// A locked account is visible and can be opened before its time (Keycloak's "unlock
// user"): the list and the record carry `lockedUntil` while wrong passwords keep it locked; unlock
// opens it for a caller who manages the user, and for nobody else. Demo logins, both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const SALES = { username: 'sales', password: 'Sales@2026' };
const DEV = { username: 'dev', password: 'Dev@2026' };

describe.each(targets)('unlocking a privileged user on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const signIn = (who: { username: string; password: string }) => server.signedIn(who.username, who.password, 'en');
  const idOf = async (loginno: string) =>
    (await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
  const lock = async (loginno: string) => {
    await server.db
      .updateTable('superusers')
      .set({ locked_until: new Date(Date.now() + 20 * 60_000), failed_logins: 0 })
      .where('loginno', '=', loginno)
      .execute();
    return idOf(loginno);
  };
  const lockedUntil = async (loginno: string) =>
    (
      await server.db
        .selectFrom('superusers')
        .select('locked_until')
        .where('loginno', '=', loginno)
        .executeTakeFirstOrThrow()
    ).locked_until;
  const unlock = (client: ApiClient, id: string) => client.call('POST', `/authtime/superuser/${id}/unlock`);

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await signIn(ADMIN);
  });
  afterAll(() => server?.close());

  it('shows the lock in the list and the record, and refuses the locked user its sign-in', async () => {
    const id = await lock('dev');
    const { reply: page } = await admin.call<{ datas: Array<{ id: string; lockedUntil?: string }> }>(
      'GET',
      '/authtime/superuser',
      { query: { currpage: 1, pagelines: 100, loginno: 'dev' } },
    );
    const row = page.data.datas.find((r) => r.id === id);
    expect(new Date(row?.lockedUntil ?? 0).getTime()).toBeGreaterThan(Date.now());
    const { reply: record } = await admin.call<{ lockedUntil?: string }>('GET', `/authtime/superuser/${id}`);
    expect(record.data.lockedUntil).toBe(row?.lockedUntil);
    await expect(signIn(DEV)).rejects.toThrow(/locked/i);
    // Unlocked users carry no lockedUntil.
    const { reply: acme } = await admin.call<{ lockedUntil?: string }>(
      'GET',
      `/authtime/superuser/${await idOf('acme')}`,
    );
    expect(acme.data).not.toHaveProperty('lockedUntil');
  });

  it('lets the tenant administrator unlock its developer, who can then sign in', async () => {
    const id = await lock('dev');
    const acme = await signIn(ACME);
    const { reply } = await unlock(acme, id);
    expect(reply.errcode).toBe(0);
    expect(reply.data).not.toHaveProperty('lockedUntil');
    expect(await lockedUntil('dev')).toBeNull();
    await expect(signIn(DEV)).resolves.toBeDefined();
  });

  it('refuses a caller who may not change users (403) or does not reach this one (404), and keeps the lock', async () => {
    const acmeId = await lock('acme');
    // A department administrator never reaches its tenant administrator: as if it did not exist.
    const sales = await signIn(SALES);
    expect((await unlock(sales, acmeId)).reply.errcode).toBe(1404);
    const globex = await signIn(GLOBEX);
    expect((await unlock(globex, acmeId)).reply.errcode).toBe(1404);
    const dev = await signIn(DEV);
    expect((await unlock(dev, acmeId)).reply.errcode).toBe(1403);
    expect((await unlock(admin, 'no-such-user')).reply.errcode).toBe(1404);
    expect(await lockedUntil('acme')).not.toBeNull();
    // The super administrator manages everyone else.
    expect((await unlock(admin, acmeId)).reply.errcode).toBe(0);
    expect(await lockedUntil('acme')).toBeNull();
  });
});
