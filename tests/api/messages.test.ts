// The message centre calls (docs/adr/0017-rate-limits.md): a privileged user lists and marks only its own messages, newest
// first and paged, with the unread count; another user's message reads as unknown and stays unread.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../src/server/auth/sessions.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

type Page = {
  datas: Array<{ id: string; title: string; body: string; createdAt: string; read: boolean }>;
  rowCount: number;
  unread: number;
};

describe.each(targets)('message centre on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let adminId: string;
  let acmeId: string;
  const list = (client: ApiClient, query: Record<string, number> = {}) =>
    client.call<Page>('GET', '/authtime/messages', { query });
  const markRead = (client: ApiClient, id: string) =>
    client.call<{ unread: number }>('PUT', `/authtime/messages/${id}/read`);
  const markAll = (client: ApiClient) => client.call<{ unread: number }>('PUT', '/authtime/messages/read');
  const idOf = async (loginno: string) =>
    (await server.db.selectFrom('superusers').select('id').where('loginno', '=', loginno).executeTakeFirstOrThrow()).id;
  /** A message `minutesAgo` old for the user; answers its id. */
  const message = async (superuserId: string, title: string, minutesAgo: number) => {
    const id = randomUUID();
    await server.db
      .insertInto('messages')
      .values({
        id,
        superuser_id: superuserId,
        title,
        body: `${title} body`,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    adminId = await idOf(ADMIN.username);
    acmeId = await idOf(ACME.username);
  });
  afterAll(() => server?.close());

  it("lists only the caller's own messages, newest first and paged, with the unread count", async () => {
    await message(adminId, 'Oldest', 30);
    await message(adminId, 'Middle', 20);
    await message(adminId, 'Newest', 10);
    await message(acmeId, 'For acme', 5);
    const { reply } = await list(admin, { currpage: 1, pagelines: 2 });
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'messages.list', reply.data)).toEqual([]);
    expect(reply.data.datas.map((m) => [m.title, m.body, m.read])).toEqual([
      ['Newest', 'Newest body', false],
      ['Middle', 'Middle body', false],
    ]);
    expect(reply.data).toMatchObject({ rowCount: 3, unread: 3 });
    expect((await list(admin, { currpage: 2, pagelines: 2 })).reply.data.datas.map((m) => m.title)).toEqual(['Oldest']);
    const other = (await list(acme)).reply.data;
    expect(other.datas.map((m) => m.title)).toEqual(['For acme']);
    expect(other).toMatchObject({ rowCount: 1, unread: 1 });
  });

  it("marks one message read, refusing another user's as unknown without touching it", async () => {
    const mine = await message(acmeId, 'Read me', 1);
    const theirs = await message(adminId, 'Not yours', 1);
    const before = (await list(admin)).reply.data.unread;
    const refused = await markRead(acme, theirs);
    expect(refused.reply.errcode).toBe(1404);
    expect(
      (await server.db.selectFrom('messages').select('read_at').where('id', '=', theirs).executeTakeFirstOrThrow())
        .read_at,
    ).toBeNull();
    expect((await list(admin)).reply.data.unread).toBe(before);

    const unreadBefore = (await list(acme)).reply.data.unread;
    const { reply } = await markRead(acme, mine);
    expect(reply).toEqual({ errcode: 0, errmsg: 'ok', data: { unread: unreadBefore - 1 } });
    expect((await list(acme)).reply.data.datas.find((m) => m.id === mine)?.read).toBe(true);
    expect((await markRead(acme, mine)).reply.data).toEqual({ unread: unreadBefore - 1 }); // twice is harmless
  });

  it("marks all the caller's messages read and no one else's", async () => {
    await message(acmeId, 'Another', 1);
    const adminUnread = (await list(admin)).reply.data.unread;
    expect(adminUnread).toBeGreaterThan(0);
    expect((await markAll(acme)).reply).toEqual({ errcode: 0, errmsg: 'ok', data: { unread: 0 } });
    expect((await list(acme)).reply.data.datas.every((m) => m.read)).toBe(true);
    expect((await list(admin)).reply.data.unread).toBe(adminUnread);
  });

  it('purges read messages after 180 days and keeps unread ones however old', async () => {
    const readOld = await message(acmeId, 'Read long ago', 181 * 24 * 60);
    const readRecent = await message(acmeId, 'Read lately', 179 * 24 * 60);
    const unreadOld = await message(acmeId, 'Never read', 400 * 24 * 60);
    const readAt = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    await server.db
      .updateTable('messages')
      .set({ read_at: readAt(181) })
      .where('id', '=', readOld)
      .execute();
    await server.db
      .updateTable('messages')
      .set({ read_at: readAt(179) })
      .where('id', '=', readRecent)
      .execute();
    await purgeExpired(server.db);
    const left = (
      await server.db.selectFrom('messages').select('id').where('id', 'in', [readOld, readRecent, unreadOld]).execute()
    ).map((r) => r.id);
    expect(left.sort()).toEqual([readRecent, unreadOld].sort());
  });

  it('needs a session', async () => {
    const { status } = await server.client('en').call('GET', '/authtime/messages');
    expect(status).toBe(401);
  });
});
