// Camunda 8's message correlation keys (docs/adr/0245-zeebe-correlation-keys.md) through the runtime REST
// and flow monitoring on both databases, in a file as Camunda Modeler 8 exports it, run to its end: each
// message wait keeps the key its `zeebe:subscription` evaluates as it opens (the payment's from the event's
// own input, the cancellation boundary's from a number, the delivery's after an event-based gateway), and a
// message sent with a key reaches only the waits of that name and key in the caller's enterprise —
// Globex's instance of the same drawing, waiting with the same keys and older, is never reached. A key
// that gives nothing is an incident no message reaches; a governor's retry is refused, saying why, until
// the variable is set. An intervention to the catch event enters it as a flow does: its inputs, its key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';
import { instanceOf } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime, type RuntimeResult } from './helpers/runtime-calls.ts';
import { ACME, signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const drawn = await fixtureDrawing('correlation-keys', 'c8-order-keys.bpmn');
const FLOW = drawn.processId;
const PAYMENT = 'Event_0p4y7rd';
const NO_WAIT = {
  en: 'No instance of this process waits for the message "payment-received" there, and the process does not start by it.',
  zh: '该流程没有实例在那里等待消息“payment-received”，流程也不由它启动。',
  cn: '該流程沒有實例在那裡等待訊息「payment-received」，流程也不由它啟動。',
};
const STILL_NOTHING = {
  en: "The job was not retried: The message's correlation key gave nothing: a variable it reads is not set. Set the variable, then retry.",
  zh: '作业未重试：消息的关联键表达式没有得到值：它读取的变量未设置。请先设置该变量，再重试。',
  cn: '作業未重試：訊息的關聯鍵運算式沒有得到值：它讀取的變數未設定。請先設定該變數，再重試。',
};

interface Tenant {
  world: EngineWorld;
  runtime: Runtime;
  token: string;
  prefix: string;
}

describe.each(targets)('Camunda 8 message correlation keys, on $name', (target) => {
  let server: TestServer;
  let acme: Tenant;
  let globex: Tenant;
  let admins: Record<'en' | 'zh' | 'cn', ApiClient>;
  let globexAdmin: ApiClient;

  const tenant = async (name: string, prefix: string): Promise<Tenant> => {
    const world = await makeEngineWorld(server.db, name, prefix);
    const token = await runtimeAccess(server.db, world);
    await installCorpus(server.db, world, [drawn], []);
    return { world, runtime: runtimeOf(server, world, token), token, prefix };
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    acme = await tenant('Acme', 'ck');
    globex = await tenant('Globex', 'ckg');
    const callers = await signedInCallers(server);
    globexAdmin = callers.globex;
    admins = {
      en: callers.acme,
      zh: await server.signedIn(ACME.username, ACME.password, 'zh'),
      cn: await server.signedIn(ACME.username, ACME.password, 'cn'),
    };
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (t: Tenant, order?: Record<string, unknown>) =>
    t.runtime.start(FLOW, `${t.prefix}-init`, { formData: order ? { order } : {} });
  /** The message sent by `t`'s initiator, read in `language`. */
  const message = (t: Tenant, body: Record<string, unknown>, language: 'en' | 'zh' | 'cn' = 'en') =>
    server.client(language).call<RuntimeResult>('POST', '/rest/bpm/runtime/message', {
      query: { accessToken: t.token, userCode: `${t.prefix}-init`, applicationId: t.world.applicationId, flowId: FLOW },
      body,
    });
  const delivered = async (t: Tenant, body: Record<string, unknown>) => {
    const sent = await message(t, body);
    expect(sent.reply.errcode, sent.reply.errmsg).toBe(0);
    return sent.reply.data!;
  };
  /** The instance's waits: node, kind, key, and whether an incident. */
  const waits = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_jobs')
        .select(['node_id', 'kind', 'correlation_key', 'failed_at'])
        .where('instance_id', '=', id)
        .orderBy('node_id')
        .execute()
    ).map((j) => [j.node_id, j.kind, j.correlation_key, j.failed_at === null ? 'waiting' : 'incident']);
  const paymentLocals = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_tokens')
        .select('locals')
        .where('instance_id', '=', id)
        .where('node_id', '=', PAYMENT)
        .executeTakeFirst()
    )?.locals;
  /** Acme's worker packs the order. */
  const pack = async (id: string) => {
    const call = <T>(path: string, body: unknown) =>
      acme.runtime.call<T>(`external-task/${path}`, { userCode: 'ck-init', body });
    const fetched = await call<Array<{ id: string; instanceId: string }>>('fetch-and-lock', {
      workerId: 'packer',
      maxTasks: 10,
      topics: [{ topicName: 'pack-order', lockDuration: 30_000 }],
    });
    const task = fetched.reply.data!.find((t) => t.instanceId === id)!;
    const done = await call('complete', { id: task.id, workerId: 'packer' });
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
  };
  const status = async (id: string) => (await instanceOf(server.db, id)).status;

  it('reads each message’s key at install, none warned about', () => {
    expect(drawn.read.cautions).toEqual([]);
    const keys = Object.values(drawn.read.definition!.nodes).flatMap((n) =>
      n.event?.type === 'message' ? [[n.id, n.event.correlationKey]] : [],
    );
    expect(keys).toEqual([
      [PAYMENT, "'paymentRef'"],
      ['Event_1x0c6gh', 'feelPath(\'order\', "number")'],
      ['Event_0g2t9vn', 'feelPath(\'order\', "id")'],
    ]);
  });

  it('runs to its end by keys, never reaching the other enterprise’s instance waiting with the same keys', async () => {
    const order = { id: 'A-17', number: 4711 };
    const theirs = await start(globex, order);
    const ours = await start(acme, order);
    // The payment's key comes from the event's own input.
    expect(await paymentLocals(ours)).toEqual({ paymentRef: 'PAY-A-17' });
    expect(await waits(ours)).toEqual([[PAYMENT, 'message', 'PAY-A-17', 'waiting']]);
    expect(await waits(theirs)).toEqual([[PAYMENT, 'message', 'PAY-A-17', 'waiting']]);
    // Another key reaches nothing, refused in the caller's language.
    for (const language of ['en', 'zh', 'cn'] as const) {
      const refused = await message(acme, { messageName: 'payment-received', correlationKey: 'PAY-A-18' }, language);
      expect(refused.reply).toMatchObject({ errcode: 1404, errmsg: NO_WAIT[language] });
    }
    const paid = await delivered(acme, {
      messageName: 'payment-received',
      correlationKey: 'PAY-A-17',
      variables: { amount: 120 },
    });
    expect(paid.instanceId).toBe(ours);
    expect(await waits(theirs)).toEqual([[PAYMENT, 'message', 'PAY-A-17', 'waiting']]);
    // Only the event's output left it.
    expect((await instanceOf(server.db, ours)).form_data).toEqual({ order, paid: 120 });
    // Packing: the cancellation boundary is keyed by the order's number, as its text.
    expect(await waits(ours)).toEqual([
      ['Activity_1q6n3ls', 'external', null, 'waiting'],
      ['Event_1x0c6gh', 'message', '4711', 'waiting'],
    ]);
    await pack(ours);
    // After the event-based gateway: the delivery keyed by the order's id, beside the timer.
    expect(await waits(ours)).toEqual([
      ['Event_0g2t9vn', 'message', 'A-17', 'waiting'],
      ['Event_1f8k2wz', 'timer', null, 'waiting'],
    ]);
    expect((await delivered(acme, { messageName: 'delivery-confirmed', correlationKey: 'A-17' })).status).toBe(
      'completed',
    );
    expect(await waits(ours)).toEqual([]);
    // Globex's own message with the same key reaches its own instance.
    expect((await delivered(globex, { messageName: 'payment-received', correlationKey: 'PAY-A-17' })).instanceId).toBe(
      theirs,
    );
  }, 120_000);

  it('cancels the packing by the order’s number', async () => {
    const id = await start(acme, { id: 'B-2', number: 4712 });
    await delivered(acme, { messageName: 'payment-received', correlationKey: 'PAY-B-2' });
    expect((await message(acme, { messageName: 'order-cancelled', correlationKey: '4711' })).reply.errcode).toBe(1404);
    expect((await delivered(acme, { messageName: 'order-cancelled', correlationKey: '4712' })).status).toBe(
      'completed',
    );
    expect(await waits(id)).toEqual([]);
  }, 120_000);

  it('keeps a wait whose key gives nothing as an incident no message reaches; a retry keys it once the variable is set', async () => {
    const id = await start(acme);
    expect(await waits(id)).toEqual([[PAYMENT, 'message', null, 'incident']]);
    const jobs = async (client: ApiClient) =>
      (
        await client.call<{ jobs: Array<{ id: string; state: string; error: string }> }>(
          'GET',
          '/authtime/domain/workflow/flowstatert',
          { query: { id } },
        )
      ).reply.data.jobs;
    const [job] = await jobs(admins.en);
    expect(job).toMatchObject({
      state: 'incident',
      error: "The message's correlation key gave nothing: a variable it reads is not set.",
    });
    expect((await jobs(admins.zh))[0].error).toBe('消息的关联键表达式没有得到值：它读取的变量未设置。');
    expect((await message(acme, { messageName: 'payment-received', instanceId: id })).reply.errcode).toBe(1404);
    const retry = (client: ApiClient) => client.call('POST', `/authtime/domain/workflow/jobs/${job.id}/retry`);
    for (const language of ['en', 'zh', 'cn'] as const) {
      const refused = await retry(admins[language]);
      expect(refused.reply.errmsg).toBe(STILL_NOTHING[language]);
    }
    expect((await retry(globexAdmin)).reply.errcode).not.toBe(0);
    expect(await waits(id)).toEqual([[PAYMENT, 'message', null, 'incident']]);
    await server.db
      .updateTable('flow_instances')
      .set({ form_data: JSON.stringify({ order: { id: 'C-3', number: 4713 } }) })
      .where('id', '=', id)
      .execute();
    expect((await retry(admins.en)).reply.errcode).toBe(0);
    // The event's input was evaluated again, and the key from it.
    expect(await paymentLocals(id)).toEqual({ paymentRef: 'PAY-C-3' });
    expect(await waits(id)).toEqual([[PAYMENT, 'message', 'PAY-C-3', 'waiting']]);
    expect((await delivered(acme, { messageName: 'payment-received', correlationKey: 'PAY-C-3' })).instanceId).toBe(id);
  }, 120_000);

  it('an intervention to the payment event enters it as a flow does: its input, then its key from it', async () => {
    const id = await start(acme, { id: 'D-4', number: 4714 });
    await delivered(acme, { messageName: 'payment-received', correlationKey: 'PAY-D-4' });
    await server.db
      .updateTable('flow_instances')
      .set({ form_data: JSON.stringify({ order: { id: 'D-5', number: 4715 } }) })
      .where('id', '=', id)
      .execute();
    const others = await admins.en.call<Array<{ id: string; type: string }>>(
      'GET',
      '/authtime/domain/workflow/intervention/othernodes',
      { query: { id } },
    );
    expect(others.reply.data!.filter((n) => n.type === 'CatchNode').map((n) => n.id)).toEqual([
      PAYMENT,
      'Event_0g2t9vn',
      'Event_1f8k2wz',
    ]);
    const moved = await admins.en.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid: PAYMENT }], comment: 'payment bounced' },
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await paymentLocals(id)).toEqual({ paymentRef: 'PAY-D-5' });
    expect(await waits(id)).toEqual([[PAYMENT, 'message', 'PAY-D-5', 'waiting']]);
    await delivered(acme, { messageName: 'payment-received', correlationKey: 'PAY-D-5' });
    await pack(id);
    expect((await delivered(acme, { messageName: 'delivery-confirmed', correlationKey: 'D-5' })).status).toBe(
      'completed',
    );
    expect(await status(id)).toBe('completed');
  }, 120_000);
});
