// Input/output mappings of user and external tasks (docs/adr/0216-input-output-mappings.md), through the
// runtime REST on both databases, in the files Camunda Modeler exports: c8-order-payment (corpus,
// `zeebe:ioMapping`) and c7-expense-claim (`camunda:inputOutput`). Inputs are the task's own variables:
// its assignee, its form and its worker see them, the process never does. Outputs are set in the
// process when the task is done; Camunda 8 then sets nothing else of what the form or the worker
// brought, Camunda 7 sets the rest too except the task's own names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesIn, readProcess } from '../../src/core/workflow/process-definition.ts';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { instanceOf, openTaskAssignees } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { ACME, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const c8 = (await readCorpus()).find((c) => c.file === 'c8-order-payment.bpmn')!;
const c7xml = readFileSync(join(import.meta.dirname, '../fixtures/io-mappings/c7-expense-claim.bpmn'), 'utf8');
const [{ id: c7id }] = await processesIn(c7xml);
const c7: CorpusFile = {
  file: 'c7-expense-claim.bpmn',
  processId: c7id,
  xml: c7xml,
  read: await readProcess(c7xml, c7id),
};

interface Task {
  id: string;
  instanceId: string;
  variables: Record<string, unknown>;
}

describe.each(targets)('input/output mappings of tasks, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'io');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, [c8, c7], []);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const call = <T>(path: string, body: unknown) => runtime.call<T>(path, { userCode: 'io-init', body });
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data as Record<string, unknown>;
  /** What the task's form shows its assignee. */
  const formOf = async (flowId: string, id: string, userCode: string) => {
    const seen = await runtime.call<{ instance: { formData: Record<string, unknown> } }>('query/instance', {
      flowId,
      instanceId: id,
      userCode,
      method: 'GET',
    });
    expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
    return seen.reply.data!.instance.formData;
  };
  const work = async (topic: string, id: string, sent: Record<string, unknown>) => {
    const fetched = await call<Task[]>('external-task/fetch-and-lock', {
      workerId: 'io-worker',
      maxTasks: 10,
      topics: [{ topicName: topic, lockDuration: 30_000 }],
    });
    expect(fetched.reply.errcode, fetched.reply.errmsg).toBe(0);
    const task = fetched.reply.data!.find((t) => t.instanceId === id)!;
    const done = await call<{ status: string }>('external-task/complete', {
      id: task.id,
      workerId: 'io-worker',
      variables: sent,
    });
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
    return { seen: task.variables, status: done.reply.data!.status };
  };

  it('installs both files with no mapping warned about', () => {
    for (const file of [c8, c7]) expect(file.read.cautions.map((c) => c.key)).toEqual([]);
  });

  it('Camunda 8: the inputs name the reviewer and reach the worker; only the outputs reach the process', async () => {
    const order = { id: 'A-17', clerk: 'io-r1', amount: 1500, shipping: 20 };
    const id = await runtime.start(c8.processId, 'io-init', { formData: { order } });
    expect(await openTaskAssignees(server.db, id)).toEqual(['Activity_0x3k2vd:io-r1']);
    expect(await variables(id)).toEqual({ order });
    expect(await formOf(c8.processId, id, 'io-r1')).toEqual({ order, reviewer: 'io-r1', large: true });
    await runtime.submit(c8.processId, id, 'io-r1', { formData: { decision: 'approve', note: 'fine' } });
    expect(await variables(id)).toEqual({ order, reviewApproved: true, largeOrder: true });
    const { seen, status } = await work('charge-card', id, { receipt: { number: 'R-88' }, status: 'charged' });
    expect(seen).toMatchObject({ order, reviewApproved: true, total: 1520, orderId: 'A-17' });
    expect(seen).not.toHaveProperty('reviewer');
    expect(status).toBe('completed');
    expect(await variables(id)).toEqual({ order, reviewApproved: true, largeOrder: true, receiptNumber: 'R-88' });
  }, 120_000);

  it('Camunda 7: the rest of what is brought reaches the process too, but not a name the task holds', async () => {
    const claim = { manager: 'io-lead', amount: 800, advance: 300 };
    const id = await runtime.start(c7.processId, 'io-init', { formData: { claim } });
    expect(await openTaskAssignees(server.db, id)).toEqual(['Activity_1c5pd7r:io-lead']);
    expect(await formOf(c7.processId, id, 'io-lead')).toEqual({ claim, approver: 'io-lead', threshold: '500' });
    await runtime.submit(c7.processId, id, 'io-lead', { formData: { approved: true, remark: 'ok', threshold: '900' } });
    const approved = { claim, approved: true, remark: 'ok', claimApproved: true, level: 'standard' };
    expect(await variables(id)).toEqual(approved);
    const { seen, status } = await work('book-expense', id, { reference: 'B-7', booked: true });
    expect(seen).toMatchObject({ ...approved, amountDue: 500 });
    expect(status).toBe('completed');
    expect(await variables(id)).toEqual({ ...approved, reference: 'B-7', booked: true, bookingRef: 'B-7' });
  }, 120_000);

  it('a retracted submission brings the task back with its inputs', async () => {
    const claim = { manager: 'io-lead', amount: 2500, advance: 0 };
    const id = await runtime.start(c7.processId, 'io-init', { formData: { claim } });
    await runtime.submit(c7.processId, id, 'io-lead', { formData: { approved: true } });
    expect((await variables(id)).claimApproved).toBe(false);
    const back = await runtime.call('runtime/retracement', {
      flowId: c7.processId,
      instanceId: id,
      userCode: 'io-lead',
    });
    expect(back.reply.errcode, back.reply.errmsg).toBe(0);
    expect(await formOf(c7.processId, id, 'io-lead')).toMatchObject({ approver: 'io-lead', threshold: '500' });
  }, 120_000);

  it('shows a task’s inputs held by its token in flow monitoring’s detail', async () => {
    const order = { id: 'A-18', clerk: 'io-r1', amount: 200, shipping: 5 };
    const id = await runtime.start(c8.processId, 'io-init', { formData: { order } });
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const seen = await acme.call<{ locals: unknown[] }>('GET', '/authtime/domain/workflow/flowstatert', {
      query: { id },
    });
    expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
    const row = { nodeId: 'Activity_0x3k2vd', nodeName: 'Review order', taskOf: '' };
    expect(seen.reply.data.locals).toEqual([
      { ...row, id: expect.stringMatching(/:large$/), name: 'large', value: 'false' },
      { ...row, id: expect.stringMatching(/:reviewer$/), name: 'reviewer', value: '"io-r1"' },
    ]);
  }, 120_000);
});
