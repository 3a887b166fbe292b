// The corpus files that wait for timers, messages or workers (docs/adr/0126-timers-and-messages.md,
// docs/adr/0127-jobs-and-external-tasks.md), installed as drawn and run to their end through the runtime REST on
// both databases: messages correlated, external tasks fetched and completed by a worker, timers armed
// at their due time (days away: the path that does not wait for them is run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, waitsOutside } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
// c7-review-deadlines (waits inside a multi-instance sub-process) runs in bpmn-multi-instance-inside.test.ts,
// c7-tender-deadline, c7-tender-withdrawal and c7-supplier-audits (timers and messages on one, calls
// inside one) in bpmn-multi-instance-ends.test.ts, c7-supplier-credit-checks (a worker's task in each
// instance of one) in bpmn-multi-instance-workers.test.ts, c7-credit-application and c7-credit-check-called
// (a worker's error out of a called process) in bpmn-call-errors.test.ts, c7-order-bookings (a worker's error
// caught in each instance of one) in bpmn-multi-instance-instance-scope.test.ts, c8-order-payment (a
// worker's task with input/output mappings) in bpmn-io-mappings.test.ts.
const ELSEWHERE = [
  'c7-order-bookings.bpmn',
  'c8-order-payment.bpmn',
  'c7-credit-application.bpmn',
  'c7-credit-check-called.bpmn',
  'c7-supplier-credit-checks.bpmn',
  'c7-review-deadlines.bpmn',
  'c7-tender-deadline.bpmn',
  'c7-tender-withdrawal.bpmn',
  'c7-supplier-audits.bpmn',
];
const corpus = (await readCorpus()).filter((c) => c.read.definition && waitsOutside(c) && !ELSEWHERE.includes(c.file));
// The world has a `reviewer` role already (held by r1 and r2).
const GROUPS = ['purchasing', 'finance', 'warehouse', 'claims', 'legal'];

describe.each(targets)('the corpus files that wait, run to their end on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'cw');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, corpus, GROUPS);
  });
  afterAll(async () => server?.close());

  const file = (name: string) => corpus.find((c) => c.file === `${name}.bpmn`)!;
  const call = <T>(path: string, body: unknown, name?: string) =>
    runtime.call<T>(path, { userCode: 'cw-init', body, flowId: name ? file(name).processId : undefined });
  const start = (name: string, formData?: Record<string, unknown>) =>
    runtime.start(file(name).processId, 'cw-init', { businessKey: `${name}-1`, ...(formData ? { formData } : {}) });
  const submit = (name: string, id: string) => runtime.submit(file(name).processId, id, 'cw-r1', {});
  const work = async (topic: string, id: string) => {
    const fetched = await call<Array<{ id: string; instanceId: string }>>('external-task/fetch-and-lock', {
      workerId: 'corpus-worker',
      maxTasks: 10,
      topics: [{ topicName: topic, lockDuration: 30_000 }],
    });
    const task = fetched.reply.data!.find((t) => t.instanceId === id)!;
    const done = await call<{ status: string }>('external-task/complete', { id: task.id, workerId: 'corpus-worker' });
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
    return done.reply.data!.status;
  };
  const dueIn = async (id: string) => {
    const [job] = await server.db.selectFrom('flow_jobs').select('due_at').where('instance_id', '=', id).execute();
    return job.due_at!.getTime() - Date.now();
  };

  it('lists the files it runs', () => {
    expect(corpus.map((c) => c.file)).toEqual([
      'c7-external-task.bpmn',
      'c7-timer-escalation.bpmn',
      'c7-working-time-escalation.bpmn',
      'c8-job-worker.bpmn',
      'c8-message-start.bpmn',
      'c8-offer-deadline.bpmn',
    ]);
  });

  it('c7-external-task: approved, then charged by a worker', async () => {
    const id = await start('c7-external-task');
    expect(await submit('c7-external-task', id)).toBe('running');
    expect(await work('charge-card', id)).toBe('completed');
  });

  it('c8-job-worker: stock checked, then the confirmation sent by a worker', async () => {
    const id = await start('c8-job-worker');
    expect(await submit('c8-job-worker', id)).toBe('running');
    expect(await work('send-confirmation', id)).toBe('completed');
  });

  it('c7-timer-escalation: the escalation is armed three days out; the review done in time ends it', async () => {
    const id = await start('c7-timer-escalation');
    expect(Math.abs((await dueIn(id)) - 3 * 86_400_000)).toBeLessThan(60_000);
    expect(await submit('c7-timer-escalation', id)).toBe('completed');
  });

  it('c7-working-time-escalation: the reminder is armed four working hours out', async () => {
    const id = await start('c7-working-time-escalation');
    expect(await dueIn(id)).toBeGreaterThanOrEqual(4 * 3_600_000 - 60_000);
    expect(await submit('c7-working-time-escalation', id)).toBe('completed');
  });

  it('c8-message-start: started by its message, then assessed', async () => {
    const started = await call<{ instanceId: string }>(
      'runtime/message',
      { messageName: 'claim-received' },
      'c8-message-start',
    );
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    expect(await submit('c8-message-start', started.reply.data!.instanceId)).toBe('completed');
  });

  it('c8-offer-deadline: the acceptance comes before the deadline, the contract is prepared', async () => {
    // Its message's subscription is keyed by `=offerId` (docs/adr/0245-zeebe-correlation-keys.md): the
    // instance carries one, and the acceptance reaches it by that key.
    const id = await start('c8-offer-deadline', { offerId: 'OF-1' });
    const accepted = await call(
      'runtime/message',
      { messageName: 'offer-accepted', correlationKey: 'OF-1' },
      'c8-offer-deadline',
    );
    expect(accepted.reply.errcode, accepted.reply.errmsg).toBe(0);
    expect(await submit('c8-offer-deadline', id)).toBe('completed');
  });
});
