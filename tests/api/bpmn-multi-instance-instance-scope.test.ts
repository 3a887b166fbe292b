// What an instance of a multi-instance sub-process sees and keeps as its own
// (docs/adr/0219-multi-instance-instance-scope-running-list-and-caught-errors.md), through the runtime REST on
// both databases: a gateway inside each instance routing on the output collection as it stands (a
// Camunda Modeler 8 drawing made from the corpus file c8-regional-review), and the corpus file
// c7-order-bookings (Camunda Modeler 7), whose instances each catch their own BPMN error from a worker
// and route on its code after a wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { redrawn } from './helpers/corpus-run.ts';
import { camundaDrawn, drawnCorpus, installCorpus } from './helpers/corpus-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { instanceOf, openTaskAssignees } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const corpus = await readCorpus();
const review = corpus.find((c) => c.file === 'c8-regional-review.bpmn')!;
const bookings = corpus.find((c) => c.file === 'c7-order-bookings.bpmn')!;

/** A region's rejection needs no explanation once another region rejected (the plan goes back anyway):
 *  the gateway inside each instance reads `reviews` as it stands. */
const explainedOnce = () =>
  redrawn(review, { file: 'c8-regional-review-once.bpmn', processId: 'Process_1n4r8qe', name: 'Explained once' }, [
    ['=approved = true', '=approved = true or count(reviews[item = false]) &gt; 0'],
  ]);

/** Camunda 7: the booking is a sub-process inside each buyer's instance; its error boundary catches what the
 *  worker throws inside it (the walk goes on in memory) and a gateway right after it routes on the code. */
const NESTED_C7 = `<bpmn:startEvent id="s" />${flow('f1', 's', 'x')}
  <bpmn:subProcess id="x" name="Each buyer"><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${buyers}" camunda:elementVariable="buyer" />
    <bpmn:startEvent id="xs" />${flow('i1', 'xs', 'book')}
    <bpmn:subProcess id="book" name="Booking"><bpmn:startEvent id="bs" />${flow('b1', 'bs', 'call')}
      <bpmn:serviceTask id="call" name="Call carrier" camunda:type="external" camunda:topic="carrier" />${flow('b2', 'call', 'be')}<bpmn:endEvent id="be" />
    </bpmn:subProcess>${flow('i2', 'book', 'xe')}<bpmn:endEvent id="xe" />
    <bpmn:boundaryEvent id="refused" attachedToRef="book"><bpmn:errorEventDefinition camunda:errorCodeVariable="refusal" /></bpmn:boundaryEvent>${flow('i3', 'refused', 'why')}
    <bpmn:exclusiveGateway id="why" default="i5" /><bpmn:sequenceFlow id="i4" sourceRef="why" targetRef="reorder"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${refusal == "NO_STOCK"}</bpmn:conditionExpression></bpmn:sequenceFlow>${flow('i5', 'why', 'xd')}
    <bpmn:userTask id="reorder" name="Reorder" camunda:assignee="\${buyer}" />${flow('i6', 'reorder', 'xr')}<bpmn:endEvent id="xr" /><bpmn:endEvent id="xd" />
  </bpmn:subProcess>${flow('f2', 'x', 'e')}<bpmn:endEvent id="e" />`;

const REVIEW = 'Activity_1m4d7rk';
const EXPLAIN = 'Activity_0p9t3vw';
const LOOK = 'Activity_0w2g6xe';
const REORDER = 'Activity_1a5z8nm';
const BOOKINGS = 'SubProcess_0h3v9ke';

interface Task {
  id: string;
  variables: Record<string, unknown>;
}

describe.each(targets)('the scope of a multi-instance sub-process instance, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;
  let once: CorpusFile;
  let nested: CorpusFile[];

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'ms');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    once = await explainedOnce();
    nested = await drawnCorpus({ nestedC7: NESTED_C7 }, camundaDrawn);
    await installCorpus(server.db, world, [once, bookings, ...nested], []);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const call = <T>(path: string, body: unknown) => runtime.call<T>(path, { userCode: 'ms-init', body });
  const start = (processId: string, formData: Record<string, unknown>) =>
    runtime.start(processId, 'ms-init', { formData });
  const submit = (processId: string, id: string, who: string, formData: Record<string, unknown> = {}) =>
    runtime.submit(processId, id, `ms-${who}`, { formData });
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data;
  const open = (id: string) => openTaskAssignees(server.db, id);
  /** Locks every task of the topic in the instance, in loop order. */
  const fetch = async (topic: string, id: string) => {
    const got = await call<Array<Task & { instanceId: string }>>('external-task/fetch-and-lock', {
      workerId: 'w1',
      maxTasks: 10,
      topics: [{ topicName: topic, lockDuration: 60_000 }],
    });
    expect(got.reply.errcode, got.reply.errmsg).toBe(0);
    return got.reply
      .data!.filter((t) => t.instanceId === id)
      .sort((x, y) => Number(x.variables.loopCounter) - Number(y.variables.loopCounter));
  };
  const refuse = async (task: Task, errorCode: string, more: Record<string, unknown> = {}) => {
    const { reply } = await call<{ status: string }>('external-task/bpmn-error', {
      id: task.id,
      workerId: 'w1',
      errorCode,
      ...more,
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data).toMatchObject({ incident: false });
    return reply.data!.status;
  };

  it("routes inside each region's instance on the list as it stands: a second rejection is not explained", async () => {
    const flow = once.processId;
    const id = await start(flow, { regions: ['ms-r1', 'ms-r2', 'ms-lead'] });
    // r1 rejects first: the list is all nulls, so r1 explains.
    expect(await submit(flow, id, 'r1', { approved: false })).toBe('running');
    expect(await open(id)).toEqual([`${EXPLAIN}:ms-r1`, `${REVIEW}:ms-lead`, `${REVIEW}:ms-r2`]);
    expect(await submit(flow, id, 'r1', { reason: 'budget' })).toBe('running');
    // r2's instance reads `reviews` = [false, null, null]: its rejection ends it without an explanation.
    expect(await submit(flow, id, 'r2', { approved: false })).toBe('running');
    expect(await open(id)).toEqual([`${REVIEW}:ms-lead`]);
    // The running list is the instances' to read, not a process variable until the sub-process completes.
    expect(await variables(id)).not.toHaveProperty('reviews');
    expect(await submit(flow, id, 'lead', { approved: true })).toBe('completed');
    expect((await variables(id)).reviews).toEqual([false, false, true]);
  }, 120_000);

  it("c7-order-bookings: each instance catches its own worker's error and routes on its own code after a wait", async () => {
    const flow = bookings.processId;
    const id = await start(flow, { buyers: ['ms-r1', 'ms-r2'], refusal: 'the process own' });
    const [a, b] = await fetch('book-delivery', id);
    expect(await refuse(a, 'NO_STOCK', { errorMessage: 'Warehouse empty', variables: { blockedSku: 'A-1' } })).toBe(
      'running',
    );
    expect(await refuse(b, 'BAD_ADDRESS')).toBe('running');
    expect(await open(id)).toEqual([`${LOOK}:ms-r1`, `${LOOK}:ms-r2`]);
    // Each instance keeps what its boundary caught; the process's `refusal` is untouched.
    const holder = await server.db
      .selectFrom('flow_tokens')
      .select('loop_output')
      .where('instance_id', '=', id)
      .where('node_id', '=', BOOKINGS)
      .executeTakeFirstOrThrow();
    expect(holder.loop_output?.locals).toEqual({
      0: { blockedSku: 'A-1', refusal: 'NO_STOCK', refusalReason: 'Warehouse empty' },
      1: { refusal: 'BAD_ADDRESS', refusalReason: null },
    });
    expect(await variables(id)).toEqual({ buyers: ['ms-r1', 'ms-r2'], refusal: 'the process own' });
    // After the wait, r1's instance routes on NO_STOCK and r2's on BAD_ADDRESS.
    expect(await submit(flow, id, 'r1')).toBe('running');
    expect(await open(id)).toEqual([`${LOOK}:ms-r2`, `${REORDER}:ms-r1`]);
    expect(await submit(flow, id, 'r2')).toBe('running');
    expect(await open(id)).toEqual([`${REORDER}:ms-r1`]);
    expect(await submit(flow, id, 'r1')).toBe('completed');
    expect(await variables(id)).toEqual({ buyers: ['ms-r1', 'ms-r2'], refusal: 'the process own' });
    const ends = (await runtime.diagram(flow, id, 'ms-init')).done.filter((n) => n.startsWith('Event_'));
    expect(ends).toEqual(expect.arrayContaining(['Event_0x6d3hp', 'Event_1b2r5yf']));
  }, 120_000);

  it("a sub-process inside each instance catches its worker's error: the gateway after it reads the instance's code", async () => {
    const id = await start('nestedC7', { buyers: ['ms-r1', 'ms-r2'], refusal: 'the process own' });
    const [a, b] = await fetch('carrier', id);
    expect(await refuse(b, 'BAD_ADDRESS')).toBe('running');
    expect(await refuse(a, 'NO_STOCK')).toBe('running');
    expect(await open(id)).toEqual(['reorder:ms-r1']);
    expect(await variables(id)).toEqual({ buyers: ['ms-r1', 'ms-r2'], refusal: 'the process own' });
    expect(await submit('nestedC7', id, 'r1')).toBe('completed');
    expect(await variables(id)).toEqual({ buyers: ['ms-r1', 'ms-r2'], refusal: 'the process own' });
  }, 120_000);
});
