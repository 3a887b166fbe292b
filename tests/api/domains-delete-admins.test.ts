// Deleting enterprises and their administrators (docs/adr/0028-confirmations-name-what-they-delete.md): the impact call names who would
// be left with no enterprise; the delete keeps them unless asked to remove them, and then removes
// exactly those, in the same transaction. Super administrators and holders of another enterprise stay.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { databaseTargets } from './helpers/databases.ts';
import { createDomain, uniqueName } from './helpers/domain-calls.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

describe.each(targets)('deleting enterprises and their administrators on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;
  let serial = 0;

  /** A tenant administrator of the given enterprises, signed in once so it has a session. */
  const tenantAdmin = async (domains: string[]) => {
    const id = randomUUID();
    const loginno = `del${(serial += 1)}${Date.now() % 10000}`;
    await server.db
      .insertInto('superusers')
      .values({
        id,
        loginno,
        name: `Admin ${loginno}`,
        email: `${loginno}@atrium.example`,
        password_hash: await hashPassword('Tenant@2026'),
        type: 'admin',
        domain_admin: true,
      })
      .execute();
    for (const domain of domains)
      await server.db.insertInto('superuser_domains').values({ superuser_id: id, domain_id: domain }).execute();
    await server.signedIn(loginno, 'Tenant@2026', 'en');
    return { id, loginno };
  };
  const newDomain = async () => (await createDomain(admin, { name: uniqueName('Del') })).reply.data.id as string;
  const exists = async (id: string) =>
    (await server.db.selectFrom('superusers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const impact = (client: ApiClient, ids: string[]) =>
    client.call<{ affected: Array<{ id: string; loginno: string; name: string }> }>(
      'POST',
      '/authtime/domain/delete-impact',
      { body: ids },
    );
  const remove = (ids: string[], admins?: 'keep' | 'remove') =>
    admin.call<{ deleted: number; admins: number }>('DELETE', '/authtime/domain', {
      body: ids,
      query: admins ? { admins } : {},
    });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => server?.close());

  it('names only the administrators the delete would leave with no enterprise, changing nothing', async () => {
    const [d1, d2] = [await newDomain(), await newDomain()];
    const only = await tenantAdmin([d1]);
    const both = await tenantAdmin([d1, d2]);
    const alsoAcme = await tenantAdmin([d1, acmeId]);
    expect((await impact(admin, [d1])).reply.data.affected.map((a) => a.id)).toEqual([only.id]);
    // Deleting both enterprises strands the one that held both.
    expect((await impact(admin, [d1, d2])).reply.data.affected.map((a) => a.id).sort()).toEqual(
      [only.id, both.id].sort(),
    );
    expect(await exists(alsoAcme.id)).toBe(true);
    expect((await impact(admin, [d1, 'no-such-enterprise'])).reply.errcode).toBe(1404);
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await impact(acme, [d1])).reply.errcode).toBe(1403);
  });

  it('keeps the administrators by default: the one left with no enterprise reaches nothing', async () => {
    const d = await newDomain();
    const only = await tenantAdmin([d]);
    expect((await remove([d])).reply.data).toEqual({ deleted: 1, admins: 0 });
    expect(await exists(only.id)).toBe(true);
    expect(
      await server.db.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', only.id).execute(),
    ).toEqual([]);
  });

  it('removes exactly the stranded administrators when asked, with their sessions', async () => {
    const d = await newDomain();
    const only = await tenantAdmin([d]);
    const alsoAcme = await tenantAdmin([d, acmeId]);
    expect((await remove([d], 'remove')).reply.data).toEqual({ deleted: 1, admins: 1 });
    expect(await exists(only.id)).toBe(false);
    expect(await server.db.selectFrom('sessions').select('id').where('superuser_id', '=', only.id).execute()).toEqual(
      [],
    );
    expect(await exists(alsoAcme.id)).toBe(true);
    expect(
      await exists(
        (
          await server.db
            .selectFrom('superusers')
            .select('id')
            .where('loginno', '=', ADMIN.username)
            .executeTakeFirstOrThrow()
        ).id,
      ),
    ).toBe(true);
  });
});
