// Pushing users to the messaging service on both databases, against a local service speaking the
// protocol: the token request, registrations in batches, existing users updated, the service's
// refusals reported with its own message, settings missing, and who may push.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_SIZE } from '../../src/server/integrations/messaging/push-users.ts';
import { FAKE_TOKEN, startFakeMessagingService, type FakeMessagingService } from '../support/fake-messaging-service.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
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

type PushResult = {
  success: boolean;
  total: number;
  created: number;
  updated: number;
  failed: number;
  failures: Array<{ username: string; reason: string }>;
  message: string;
};

describe.each(targets)('push users to messaging on $name', (target) => {
  let service: FakeMessagingService;
  let server: TestServer;
  let admin: ApiClient;
  let active: Array<{ id: string; name: string }>;
  const push = (client = admin) => client.call<PushResult>('POST', '/authtime/config/userstohx');
  const saveIm = async (values: Partial<typeof IM>) => {
    const { reply } = await admin.call('PUT', '/authtime/config', { body: { hxImConfig: { ...IM, ...values } } });
    expect(reply.errcode, reply.errmsg).toBe(0);
  };

  beforeAll(async () => {
    service = await startFakeMessagingService(IM.org_name, IM.app_name, IM);
    server = await startTestServer(target, { messagingUrl: service.url });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    // More users than one batch holds.
    const { id: domainId } = await server.db
      .selectFrom('domains')
      .select('id')
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const extra = Array.from({ length: BATCH_SIZE + 5 }, (_, n) => ({
      id: randomUUID(),
      domain_id: domainId,
      name: `Pushed ${n}`,
      loginno: `push${n}`,
      status: 1,
    }));
    await server.db.insertInto('users').values(extra).execute();
    active = await server.db.selectFrom('users').select(['id', 'name']).where('status', '=', 1).execute();
    expect(active.length).toBeGreaterThan(BATCH_SIZE);
  });
  afterAll(async () => {
    await server?.close();
    await service?.close();
  });
  beforeEach(() => {
    service.received.length = 0;
  });

  it('asks for the settings when they were never saved, without calling the service', async () => {
    const { reply } = await push();
    expect(reply.errcode).toBe(0);
    expect(reply.data).toMatchObject({
      success: false,
      total: 0,
      message: 'Fill in and save the org name, app name, client id and client secret first.',
    });
    expect(service.received).toEqual([]);
  });

  it('gets a token with the saved settings, then registers every active user in batches', async () => {
    await saveIm({});
    const { reply } = await push();
    expect(reply.data).toEqual({
      success: true,
      total: active.length,
      created: active.length,
      updated: 0,
      failed: 0,
      failures: [],
      message: `${active.length} users pushed: ${active.length} created, 0 updated, 0 failed.`,
    });
    const [token, ...registrations] = service.received;
    expect(token).toMatchObject({
      method: 'POST',
      path: '/atrium-org/console/token',
      body: { grant_type: 'client_credentials', client_id: IM.client_id, client_secret: IM.client_secret },
    });
    const sizes = Array.from({ length: Math.ceil(active.length / BATCH_SIZE) }, (_, i) =>
      Math.min(BATCH_SIZE, active.length - i * BATCH_SIZE),
    );
    expect(registrations.map((r) => (r.body as unknown[]).length)).toEqual(sizes);
    for (const r of registrations)
      expect(r).toMatchObject({
        method: 'POST',
        path: '/atrium-org/console/users',
        headers: { authorization: `Bearer ${FAKE_TOKEN}` },
      });
    expect(new Map([...service.users])).toEqual(new Map(active.map((u) => [u.id, u.name])));
  });

  it('updates the nickname of users the service already has', async () => {
    const renamed = active[0];
    await server.db.updateTable('users').set({ name: 'Renamed user' }).where('id', '=', renamed.id).execute();
    const { reply } = await push();
    expect(reply.data).toMatchObject({
      success: true,
      total: active.length,
      created: 0,
      updated: active.length,
      failed: 0,
    });
    expect(service.users.get(renamed.id)).toBe('Renamed user');
  });

  it("reports the users the service refused with the service's message", async () => {
    const newcomer = { id: randomUUID(), name: 'Refused user' };
    const { id: domainId } = await server.db.selectFrom('domains').select('id').executeTakeFirstOrThrow();
    await server.db
      .insertInto('users')
      .values({ ...newcomer, domain_id: domainId, loginno: 'refused', status: 1 })
      .execute();
    service.rejected.add(newcomer.id);
    const { reply } = await push();
    expect(reply.data).toMatchObject({
      success: false,
      total: active.length + 1,
      created: 0,
      updated: active.length,
      failed: 1,
      failures: [{ username: newcomer.id, reason: 'illegal_argument' }],
    }); // the service's code, never its words
    expect(reply.data.message).toBe(
      `${active.length + 1} users pushed: 0 created, ${active.length} updated, 1 failed.`,
    );
  });

  it('says the service refused the token (not in its words), keeping the stored secret on a placeholder save', async () => {
    await saveIm({ client_secret: 'wrong-secret' });
    const { reply } = await push();
    expect(reply.data).toMatchObject({
      success: false,
      created: 0,
      message: 'The messaging service refused the token request: the account or credentials were refused',
    });
    expect(service.received.map((r) => r.path)).toEqual(['/atrium-org/console/token']);
    await saveIm({ client_secret: IM.client_secret });
    await saveIm({ client_secret: '******' });
    expect((await push()).reply.data).toMatchObject({ success: false, failed: 1 }); // the token was granted again
  });

  it('says when the service cannot be reached', async () => {
    const offline = await startTestServer(target, { messagingUrl: 'http://127.0.0.1:9' });
    try {
      const client = await offline.signedIn(ADMIN.username, ADMIN.password, 'zh');
      expect((await client.call('PUT', '/authtime/config', { body: { hxImConfig: IM } })).reply.errcode).toBe(0);
      const { reply } = await client.call<PushResult>('POST', '/authtime/config/userstohx');
      expect(reply.data.success).toBe(false);
      expect(reply.data.message).toMatch(/^无法连接即时通讯服务：/);
    } finally {
      await offline.close();
    }
  });

  it('refuses a tenant administrator without calling the service', async () => {
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await push(acme)).reply.errcode).toBe(1403);
    expect(service.received).toEqual([]);
  });
});
