// An enterprise's relation to the cloud centre, the messaging service (docs/adr/0054-cloud-centre-messaging.md), on both
// databases against a local service speaking its protocol: registering the enterprise's on-job users
// records the accounts made for it (not those the service had), ending the relation removes exactly
// those (a failed removal stays recorded), and callers out of reach or not governing change nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMessagingService, type FakeMessagingService } from '../support/fake-messaging-service.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const IM = {
  org_name: 'atrium-org',
  app_name: 'console',
  client_id: 'YXA6client',
  client_secret: 'YXA6secret',
  grant_type: 'client_credentials',
  app_key: 'atrium-org#console',
};

type Counts = {
  success: boolean;
  total: number;
  failed: number;
  failures: Array<{ username: string; reason: string }>;
  message: string;
};
type Registered = Counts & { created: number; updated: number };
type Ended = Counts & { removed: number };

describe.each(targets)('cloud centre relation on $name', (target) => {
  let service: FakeMessagingService;
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let acmeId: string;
  let onJob: Array<{ id: string; name: string }>;
  const register = (client: ApiClient, domain = acmeId) =>
    client.call<Registered>('POST', `/authtime/domain/${domain}/cloudcenter/user`);
  const end = (client: ApiClient, domain = acmeId) =>
    client.call<Ended>('DELETE', `/authtime/domain/${domain}/relation`);
  const recorded = async () =>
    (
      await server.db
        .selectFrom('cloud_accounts')
        .select('username')
        .where('domain_id', '=', acmeId)
        .orderBy('username')
        .execute()
    ).map((r) => r.username);
  const saveIm = async (values: Partial<typeof IM> = {}) =>
    expect(
      (await admin.call('PUT', '/authtime/config', { body: { hxImConfig: { ...IM, ...values } } })).reply.errcode,
    ).toBe(0);

  beforeAll(async () => {
    service = await startFakeMessagingService(IM.org_name, IM.app_name, IM);
    server = await startTestServer(target, { messagingUrl: service.url });
    [admin, acme] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
    ]);
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
    onJob = await server.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('domain_id', '=', acmeId)
      .where('status', '=', 1)
      .execute();
    expect(
      await server.db
        .selectFrom('users')
        .select('id')
        .where('domain_id', '=', acmeId)
        .where('status', '<>', 1)
        .execute(),
    ).not.toEqual([]);
  });
  afterAll(async () => {
    await server?.close();
    await service?.close();
  });
  beforeEach(() => {
    service.received.length = 0;
  });

  it('asks for the settings first, and has no relation to end, without calling the service', async () => {
    expect((await register(acme)).reply.data).toMatchObject({
      success: false,
      total: 0,
      message: 'Fill in and save the org name, app name, client id and client secret first.',
    });
    expect((await end(acme)).reply.data).toEqual({
      success: true,
      total: 0,
      removed: 0,
      failed: 0,
      failures: [],
      message: server.catalogue.labels.en['cloudCenter.noRelation'],
    });
    expect(service.received).toEqual([]);
  });

  it("registers the enterprise's on-job users, recording the accounts made for it", async () => {
    await saveIm();
    const had = onJob[0];
    service.users.set(had.id, 'Old name'); // pushed earlier by the platform: not the enterprise's account
    const { reply } = await register(acme);
    const made = onJob.length - 1;
    expect(reply.data).toEqual({
      success: true,
      total: onJob.length,
      created: made,
      updated: 1,
      failed: 0,
      failures: [],
      message: `${onJob.length} on-job users registered: ${made} created, 1 updated, 0 failed.`,
    });
    expect(service.users.get(had.id)).toBe(had.name);
    expect(new Set(service.users.keys())).toEqual(new Set(onJob.map((u) => u.id)));
    expect(await recorded()).toEqual(
      onJob
        .filter((u) => u !== had)
        .map((u) => u.id)
        .sort(),
    );
    // Again: every account exists now; the relation stays what it was.
    expect((await register(admin)).reply.data).toMatchObject({ success: true, created: 0, updated: onJob.length });
    expect(await recorded()).toHaveLength(made);
  });

  it('refuses another enterprise and a department administrator, changing nothing', async () => {
    const [globex, sales] = await Promise.all([
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
    ]);
    const before = await recorded();
    for (const call of [register, end]) {
      expect((await call(globex)).reply.errcode).toBe(1404);
      expect((await call(sales)).reply.errcode).toBe(1403);
    }
    expect((await register(admin, 'no-such-domain')).reply.errcode).toBe(1404);
    expect(service.received).toEqual([]);
    expect(await recorded()).toEqual(before);
  });

  it('keeps the relation when the service refuses the token', async () => {
    const before = await recorded();
    await saveIm({ client_secret: 'wrong-secret' });
    try {
      expect((await end(acme)).reply.data).toMatchObject({
        success: false,
        removed: 0,
        message: 'The messaging service refused the token request: the account or credentials were refused',
      });
    } finally {
      await saveIm();
    }
    expect(await recorded()).toEqual(before);
  });

  it('ends the relation: the accounts made for the enterprise go, a failed removal stays recorded', async () => {
    const made = await recorded();
    const [stuck, gone] = made;
    service.rejected.add(stuck);
    service.users.delete(gone); // already removed on the service: counts as removed
    const { reply } = await end(acme);
    expect(reply.data).toMatchObject({
      success: false,
      total: made.length,
      removed: made.length - 1,
      failed: 1,
      failures: [{ username: stuck, reason: 'internal_error' }],
    }); // the service's code, never its words
    expect(reply.data.message).toBe(
      `Relation ended: ${made.length - 1} of ${made.length} accounts removed, 1 failed (they stay recorded for the next attempt).`,
    );
    expect(await recorded()).toEqual([stuck]);
    // The account the service had before the enterprise registered stays there.
    expect([...service.users.keys()]).toEqual([onJob[0].id, stuck]);
    service.rejected.delete(stuck);
    expect((await end(acme)).reply.data).toMatchObject({ success: true, total: 1, removed: 1, failed: 0 });
    expect(await recorded()).toEqual([]);
    expect([...service.users.keys()]).toEqual([onJob[0].id]);
  });
});
