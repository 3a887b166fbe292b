// Messages (docs/adr/0126-timers-and-messages.md) and external tasks (docs/adr/0127-jobs-and-external-tasks.md) through the runtime REST, on
// both databases: a message starts an instance with a business key, reaches it by that key and by its id,
// interrupts a task from its boundary, wins an event-based gateway; a worker fetches and locks, fails with
// retries then without (an incident), reports a BPMN error an error boundary catches, and completes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { installWaiting } from './helpers/waiting-processes.ts';
import { runtimeOf, type Runtime, type RuntimeResult } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();

interface Task {
  id: string;
  topicName: string;
  instanceId: string;
  activityId: string;
  activityName: string;
  retries: number;
  variables: Record<string, unknown>;
}

describe.each(targets)('messages and external tasks on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'eng');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installWaiting(server.db, world);
  });
  afterAll(async () => server?.close());

  /** A call as the initiator, on the process `flowId` when named. */
  const call = <T>(path: string, body: unknown, flowId?: string) =>
    runtime.call<T>(path, { userCode: 'eng-init', body, flowId });
  const message = (flowId: string, body: Record<string, unknown>) =>
    call<RuntimeResult>('runtime/message', body, flowId);
  const state = async (id: string) => {
    const row = await server.db
      .selectFrom('flow_instances')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const tasks = await server.db
      .selectFrom('flow_tasks')
      .select('node_id')
      .where('instance_id', '=', id)
      .where('status', '=', 'open')
      .execute();
    return `${row.status} ${tasks.map((t) => t.node_id).join(',')}`.trim();
  };

  it('a message starts an instance with a business key, another reaches it by that key, a third interrupts its task', async () => {
    const started = await message('claim', {
      messageName: 'claim-received',
      businessKey: 'CLAIM-1',
      variables: { amount: 70 },
    });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    const id = started.reply.data!.instanceId;
    expect(await state(id)).toBe('running');
    const wrongKey = await message('claim', { messageName: 'documents', businessKey: 'CLAIM-2' });
    expect(wrongKey.reply).toMatchObject({
      errcode: 1404,
      errmsg:
        'No instance of this process waits for the message "documents" there, and the process does not start by it.',
    });
    const docs = await message('claim', { messageName: 'documents', businessKey: 'CLAIM-1', variables: { pages: 3 } });
    expect(docs.reply.errcode, docs.reply.errmsg).toBe(0);
    expect(docs.reply.data!.tasks.map((t) => t.nodeId)).toEqual(['check']);
    expect(await state(id)).toBe('running check');
    const again = await message('claim', { messageName: 'documents', instanceId: id });
    expect(again.reply.errcode).toBe(1404); // taken once
    const withdrawn = await message('claim', { messageName: 'withdrawn', instanceId: id });
    expect(withdrawn.reply.data!.status).toBe('completed');
    expect(await state(id)).toBe('completed');
    const vars = await server.db
      .selectFrom('flow_instances')
      .select('form_data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(vars.form_data).toEqual({ amount: 70, pages: 3 });
  });

  it('a message wins an event-based gateway: the timer wait goes', async () => {
    const started = await call<{ instanceId: string }>('runtime/start', {}, 'offer');
    const id = started.reply.data!.instanceId;
    const answered = await message('offer', { messageName: 'offer-answer', instanceId: id });
    expect(answered.reply.errcode, answered.reply.errmsg).toBe(0);
    expect(await state(id)).toBe('running check');
    expect(await server.db.selectFrom('flow_jobs').select('id').where('instance_id', '=', id).execute()).toEqual([]);
  });

  it('a worker fetches and locks, fails with retries and without, reports a caught BPMN error, and completes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await call<{ instanceId: string }>('runtime/start', { formData: { n: i } }, 'charge')).reply.data!.instanceId,
      );
    const fetch = (workerId: string, maxTasks: number) =>
      call<Task[]>('external-task/fetch-and-lock', {
        workerId,
        maxTasks,
        topics: [{ topicName: 'charge-card', lockDuration: 60_000 }],
      });
    const first = await fetch('w1', 2);
    expect(first.reply.errcode, first.reply.errmsg).toBe(0);
    const mine = first.reply.data!.filter((t) => ids.includes(t.instanceId));
    expect(mine.length).toBe(2);
    expect(mine[0]).toMatchObject({
      topicName: 'charge-card',
      activityId: 'card',
      activityName: 'Charge card',
      retries: 3,
    });
    const second = (await fetch('w2', 10)).reply.data!.filter((t) => ids.includes(t.instanceId));
    expect(second.length).toBe(1); // the locked ones are not offered again
    expect(mine.map((t) => t.id)).not.toContain(second[0].id);

    // Someone else's lock: refused.
    const stolen = await call('external-task/complete', { id: mine[0].id, workerId: 'w2' });
    expect(stolen.reply.errcode).toBe(1009);

    // A failure with retries left: offered again once its timeout has passed.
    const failed = await call('external-task/failure', {
      id: mine[0].id,
      workerId: 'w1',
      retries: 1,
      errorMessage: 'gateway down',
    });
    expect(failed.reply.data).toMatchObject({ retries: 1, incident: false });
    const retried = (await fetch('w3', 10)).reply.data!.filter((t) => ids.includes(t.instanceId));
    expect(retried.map((t) => t.id)).toEqual([mine[0].id]);
    // No retries left: an incident, never offered again.
    const incident = await call('external-task/failure', {
      id: mine[0].id,
      workerId: 'w3',
      retries: 0,
      errorMessage: 'still down',
    });
    expect(incident.reply.data).toMatchObject({ retries: 0, incident: true });
    expect((await fetch('w4', 10)).reply.data!.filter((t) => ids.includes(t.instanceId))).toEqual([]);
    const row = await server.db
      .selectFrom('flow_jobs')
      .select(['failed_at', 'error'])
      .where('id', '=', mine[0].id)
      .executeTakeFirstOrThrow();
    expect(row.failed_at).not.toBeNull();
    expect(row.error).toBe('still down');

    // A declined card: the error boundary takes the instance to the clerk.
    const declined = await call('external-task/bpmn-error', {
      id: mine[1].id,
      workerId: 'w1',
      errorCode: 'CARD_DECLINED',
    });
    expect(declined.reply.data).toMatchObject({ incident: false, status: 'running' });
    expect(await state(mine[1].instanceId)).toBe('running check');

    // Done: the instance completes with the worker's variables.
    const done = await call<{ status: string }>('external-task/complete', {
      id: second[0].id,
      workerId: 'w2',
      variables: { receipt: 'R-1' },
    });
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
    expect(done.reply.data!.status).toBe('completed');
    const vars = await server.db
      .selectFrom('flow_instances')
      .select('form_data')
      .where('id', '=', second[0].instanceId)
      .executeTakeFirstOrThrow();
    expect(vars.form_data).toMatchObject({ receipt: 'R-1' });
    const history = await server.db
      .selectFrom('flow_history')
      .select(['action', 'node_id'])
      .where('instance_id', '=', second[0].instanceId)
      .orderBy('id')
      .execute();
    expect(history.map((h) => `${h.action}:${h.node_id}`)).toEqual(['start:s', 'auto:card', 'complete:e']);
  });

  it('an uncaught BPMN error is an incident', async () => {
    // The charge process catches CARD_DECLINED only.
    const id = (await call<{ instanceId: string }>('runtime/start', {}, 'charge')).reply.data!.instanceId;
    const [task] = (
      await call<Task[]>('external-task/fetch-and-lock', {
        workerId: 'w9',
        maxTasks: 50,
        topics: [{ topicName: 'charge-card', lockDuration: 60_000 }],
      })
    ).reply.data!.filter((t) => t.instanceId === id);
    const other = await call('external-task/bpmn-error', { id: task.id, workerId: 'w9', errorCode: 'FRAUD' });
    expect(other.reply.data).toMatchObject({ incident: true, retries: 0 });
    expect(await state(id)).toBe('running');
  });
});
