// A new task tells its approver (docs/adr/0051-new-task-notifies-approver.md) on both databases: a message in the user's message centre,
// written with the task (so what rolls back tells nobody), read and marked through the runtime with
// the enterprise's access token; and a mail through the SMTP server, sent once, tried again when
// refused, skipped when there is nowhere to send it or the task has ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { smtpMailer } from '../../src/server/integrations/mail/mailer.ts';
import { dispatchTaskMail, MAX_ATTEMPTS, type MailServices } from '../../src/server/task-notices/mail-dispatch.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../support/fake-smtp-server.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { ACME, startTestServer, type TestServer } from './helpers/test-server.ts';
import { runtimeOf } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const MINUTE = 60_000;

interface Message {
  id: string;
  title: string;
  body: string;
  instanceId: string;
  taskOpen: boolean;
  read: boolean;
  mail: string;
}
interface Page {
  datas: Message[];
  rowCount: number;
  unread: number;
}

describe.each(targets)('task messages on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let smtp: FakeSmtpServer;
  let world: EngineWorld;
  let token: string;
  let services: MailServices;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    server = await startTestServer(target, { mailer: smtpMailer(smtp.url, 'Atrium <atrium@atrium.example>') });
    db = server.db;
    world = await makeEngineWorld(db, 'Acme', 'msg');
    token = await runtimeAccess(db, world);
    // Everyone has an address but r2.
    for (const key of ['initiator', 'lead', 'clerk', 'r1'] as const)
      await db
        .updateTable('users')
        .set({ email: `msg-${key}@acme.example` })
        .where('id', '=', world.users[key])
        .execute();
    services = { db, catalogue: server.catalogue, mailer: smtpMailer(smtp.url, 'Atrium <atrium@atrium.example>') };
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const client = () => server.client();
  /** A runtime call that must succeed, answering its data. */
  const runtime = async (action: string, userCode: string, flowId: string, instanceId?: string, body: unknown = {}) => {
    const { reply } = await runtimeOf(server, world, token).call(action, { userCode, flowId, instanceId, body });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!;
  };
  const messagesOf = async (userCode: string, extra: Record<string, string | number> = {}) => {
    const { reply } = await client().call<Page>('GET', '/rest/bpm/messages', {
      query: { accessToken: token, userCode, lang: 'en', ...extra },
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!;
  };
  const markRead = async (userCode: string, ids?: string[]) => {
    const { reply } = await client().call<{ unread: number }>('POST', '/rest/bpm/messages/read', {
      query: { accessToken: token, userCode },
      body: ids ? { ids } : {},
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!.unread;
  };
  const messageCount = async () =>
    Number(
      (
        await db
          .selectFrom('task_messages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('tells each approver of a new task once, in its message centre and by mail', async () => {
    const { instanceId } = await runtime('runtime/start', 'msg-init', 'linear', undefined, { title: 'Laptop' });
    const lead = await messagesOf('msg-lead');
    expect(lead).toMatchObject({ rowCount: 1, unread: 1 });
    expect(lead.datas[0]).toMatchObject({
      instanceId,
      taskOpen: true,
      read: false,
      mail: 'pending',
      title: 'New task: Lead · Flow linear',
    });
    expect(lead.datas[0].body).toBe('Engine msg initiator started "Laptop" on ' + lead.datas[0].body.split(' on ')[1]);
    expect(lead.datas[0].body).toMatch(/on \d{4}-\d\d-\d\d \d\d:\d\d\. It waits for your approval at "Lead"\.$/);
    expect((await messagesOf('msg-r1')).rowCount).toBe(0);

    const round = await dispatchTaskMail(services);
    expect(round).toEqual({ sent: 1, skipped: 0, failed: 0, retry: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['msg-lead@acme.example']);
    // The mail is in the server's language: the same text the message reads in it.
    const inServerLanguage = (
      await client().call<Page>('GET', '/rest/bpm/messages', { query: { accessToken: token, userCode: 'msg-lead' } })
    ).reply.data!.datas[0];
    expect(smtp.received[0]).toMatchObject({ subject: inServerLanguage.title, text: inServerLanguage.body });
    expect((await messagesOf('msg-lead')).datas[0].mail).toBe('sent');
    // The administrator sees that the approver was told.
    const acme = await server.signedIn(ACME.username, ACME.password);
    const detail = await acme.call<{ notices: unknown }>('GET', '/authtime/domain/workflow/flowstatert', {
      query: { id: instanceId },
    });
    expect(detail.reply.data!.notices).toEqual({
      told: 1,
      read: 0,
      mail: { pending: 0, sent: 1, skipped: 0, failed: 0 },
    });
    expect(await dispatchTaskMail(services)).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 0 }); // sent once

    // The lead approves: both reviewers are told; r2 has no address, so its mail is skipped.
    await runtime('runtime/submission', 'msg-lead', 'linear', instanceId);
    expect((await messagesOf('msg-r1')).datas.map((m) => m.title)).toEqual(['New task: Review · Flow linear']);
    expect((await messagesOf('msg-r2')).rowCount).toBe(1);
    expect((await messagesOf('msg-lead')).datas[0].taskOpen).toBe(false);
    expect(await dispatchTaskMail(services)).toEqual({ sent: 1, skipped: 1, failed: 0, retry: 0 });
    expect(smtp.received.map((m) => m.to[0])).toEqual(['msg-lead@acme.example', 'msg-r1@acme.example']);
    expect(
      await db
        .selectFrom('task_messages')
        .select(['mail_status', 'mail_detail'])
        .where('user_id', '=', world.users.r2)
        .executeTakeFirstOrThrow(),
    ).toEqual({ mail_status: 'skipped', mail_detail: 'no e-mail address' });
  });

  it('tells nobody of what a query or a refused action only tried', async () => {
    const { instanceId } = await runtime('runtime/start', 'msg-init', 'linear');
    const before = await messageCount();
    await runtime('query/submission', 'msg-lead', 'linear', instanceId); // the submission, rolled back
    const refused = await runtimeOf(server, world, token).call('runtime/submission', {
      userCode: 'msg-r1',
      flowId: 'linear',
      instanceId,
      body: {},
    });
    expect(refused.reply.errcode).not.toBe(0); // r1 has no task here yet
    expect(await messageCount()).toBe(before);
  });

  it('marks only the caller’s own messages read: the ones named, or all', async () => {
    await runtime('runtime/start', 'msg-init', 'linear');
    const lead = await messagesOf('msg-lead');
    const r1 = await messagesOf('msg-r1');
    expect(lead.unread).toBeGreaterThan(1);
    // r1 names its own message and one of the lead's: only its own is marked.
    expect(await markRead('msg-r1', [r1.datas[0].id, lead.datas[0].id])).toBe(r1.unread - 1);
    expect((await messagesOf('msg-lead')).unread).toBe(lead.unread);
    expect(await markRead('msg-lead', [lead.datas[0].id])).toBe(lead.unread - 1);
    expect(await markRead('msg-lead')).toBe(0);
    const unread = await messagesOf('msg-lead', { unread: 'true' });
    expect(unread).toMatchObject({ datas: [], rowCount: 0, unread: 0 });
    expect((await messagesOf('msg-lead')).datas.every((m) => m.read)).toBe(true);
  });

  it('tries a refused mail again later, at most three times; skips a task that ended first', async () => {
    await dispatchTaskMail(services); // what earlier tests left
    smtp.refuse(true);
    await runtime('runtime/start', 'msg-init', 'linear');
    const now = Date.now();
    expect(await dispatchTaskMail(services, new Date(now))).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 1 });
    expect(await dispatchTaskMail(services, new Date(now + MINUTE))).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
      retry: 0,
    }); // not yet
    expect(await dispatchTaskMail(services, new Date(now + 6 * MINUTE))).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
      retry: 1,
    });
    expect(await dispatchTaskMail(services, new Date(now + 12 * MINUTE))).toEqual({
      sent: 0,
      skipped: 0,
      failed: 1,
      retry: 0,
    });
    const failed = await db
      .selectFrom('task_messages')
      .select(['mail_attempts', 'mail_detail'])
      .where('mail_status', '=', 'failed')
      .execute();
    expect(failed).toHaveLength(1);
    expect(failed[0].mail_attempts).toBe(MAX_ATTEMPTS);
    expect(failed[0].mail_detail).toMatch(/550/);
    expect(await dispatchTaskMail(services, new Date(now + 60 * MINUTE))).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
      retry: 0,
    }); // given up

    smtp.refuse(false);
    const { instanceId } = await runtime('runtime/start', 'msg-init', 'linear');
    await runtime('runtime/submission', 'msg-lead', 'linear', instanceId); // before any mail went
    const sent = smtp.received.length;
    // r1 mailed; the lead's ended task not, nor r2 (no address).
    expect(await dispatchTaskMail(services)).toEqual({ sent: 1, skipped: 2, failed: 0, retry: 0 });
    expect(smtp.received.slice(sent).map((m) => m.to[0])).toEqual(['msg-r1@acme.example']);
    const ofInstance = await db
      .selectFrom('task_messages')
      .select(['user_id', 'mail_status', 'mail_detail'])
      .where('instance_id', '=', instanceId)
      .orderBy('created_at')
      .execute();
    expect(ofInstance.find((m) => m.user_id === world.users.lead)).toMatchObject({
      mail_status: 'skipped',
      mail_detail: 'the task is no longer open',
    });
  });

  it('answers a bad token 401 and a user of another enterprise as unknown', async () => {
    const bad = await client().call('GET', '/rest/bpm/messages', {
      query: { accessToken: 'nope', userCode: 'msg-lead' },
    });
    expect(bad.reply.errcode).toBe(401);
    const globex = await db
      .selectFrom('users as u')
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .select('u.loginno')
      .where('d.name', '=', 'Globex')
      .executeTakeFirstOrThrow();
    const other = await client().call('GET', '/rest/bpm/messages', {
      query: { accessToken: token, userCode: globex.loginno },
    });
    expect(other.reply.errcode).toBe(1404);
    const marking = await client().call('POST', '/rest/bpm/messages/read', {
      query: { accessToken: token, userCode: globex.loginno },
      body: {},
    });
    expect(marking.reply.errcode).toBe(1404);
  });
});
