// Call activities (docs/adr/0139-call-activities-and-conditional-events.md) run through the runtime REST on both databases:
// the called process is an instance of its own, linked to its caller; its variables go in and come back
// out as the drawing maps them; an error it throws is caught by the call activity's boundary event;
// deleting the caller deletes it; a process that calls itself stops at the depth limit, naming the call
// activity. The drawings are corpus files (tests/fixtures/bpmn/) and one written here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { calledInstances, historyOf, instanceOf, openTaskNodes } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const FILES = ['c8-call-activity', 'c8-purchase-check', 'c7-call-activity', 'c7-workplace-setup'];
/** A process whose call activity calls the process itself: only the depth limit stops it. */
const SELF_CALL: CorpusFile = {
  file: 'self-call.bpmn',
  processId: 'selfCall',
  xml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="urn:test">
  <process id="selfCall" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="again" />
    <callActivity id="again" name="Again" calledElement="selfCall" />
    <sequenceFlow id="f2" sourceRef="again" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`,
  read: { problems: [], cautions: [], warnings: [] },
};
/** What the instance query answers of the drawing: the nodes active and done. */
type Diagram = { diagram: { active: string[]; done: string[] } };
const corpus = [...(await readCorpus()).filter((c) => FILES.includes(c.file.replace('.bpmn', ''))), SELF_CALL];

describe.each(targets)('call activities on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'ca');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, corpus, ['purchasing', 'buyer', 'hr', 'it', 'support']);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (processId: string, formData: Record<string, unknown>) =>
    runtime.start(processId, 'ca-init', { formData });
  const submit = (processId: string, id: string, formData: Record<string, unknown> = {}) =>
    runtime.submit(processId, id, 'ca-r1', { formData });
  const instance = (id: string) => instanceOf(server.db, id);
  const called = (id: string) => calledInstances(server.db, id);
  const history = (id: string) => historyOf(server.db, id);
  const openTasks = (id: string) => openTaskNodes(server.db, id);

  it('runs the called process as its own instance and goes on with the variables it maps back', async () => {
    const id = await start('Process_0m3x8ka', { amount: 500, note: 'stays here' });
    const [child] = await called(id);
    // Only what the input mapping names goes in; the caller waits on its call activity.
    expect(child).toMatchObject({ status: 'running', form_data: { orderAmount: 500 }, call_depth: 1 });
    expect(await openTasks(child.id)).toEqual(['Activity_1m0d7se']);
    expect((await instance(id)).state_label).toBe('Check purchase');
    const seen = await runtime.call<Diagram>('query/instance', {
      method: 'GET',
      flowId: 'Process_0m3x8ka',
      userCode: 'ca-init',
      instanceId: id,
    });
    expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
    expect(seen.reply.data!.diagram.active).toEqual(['Activity_0v9y1tq']);
    await submit('purchaseCheck', child.id, { checked: true });
    expect((await instance(child.id)).status).toBe('completed');
    const caller = await instance(id);
    expect(caller.status).toBe('completed');
    // propagateAllChildVariables="false": only the output mapping comes back.
    expect(caller.form_data).toEqual({ amount: 500, note: 'stays here', purchaseChecked: true });
    expect(await history(id)).toEqual(['start StartEvent_1', 'auto Activity_0v9y1tq', 'complete Event_1q0j6zt']);
    expect(await history(child.id)).toEqual([
      'start StartEvent_1',
      'submit Activity_1m0d7se',
      'complete Event_1b3ojv4',
    ]);
    const after = await runtime.call<Diagram>('query/instance', {
      method: 'GET',
      flowId: 'Process_0m3x8ka',
      userCode: 'ca-init',
      instanceId: id,
    });
    expect(after.reply.data!.diagram.done).toContain('Activity_0v9y1tq');
  }, 120_000);

  it("catches the called process's error by the call activity's boundary event", async () => {
    const id = await start('Process_0m3x8ka', { amount: 20_000 });
    const [child] = await called(id);
    // The error end was reached in the caller's own start: both moved in that one action.
    expect(child.status).toBe('completed');
    expect(await history(child.id)).toEqual(['start StartEvent_1', 'complete Event_0w6g8yl']);
    expect(await openTasks(id)).toEqual(['Activity_17n4w3g']);
    // The boundary interrupted the call activity: it is not drawn done (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md).
    expect(await history(id)).toEqual(['start StartEvent_1', 'auto Event_0k2m7xw', 'interrupted Activity_0v9y1tq']);
    await submit('Process_0m3x8ka', id);
    expect((await instance(id)).status).toBe('completed');
  }, 120_000);

  it('deletes the called instance with its caller, and refuses to delete it alone or to retract what started it', async () => {
    const id = await start('onboarding', {});
    await submit('onboarding', id);
    const [child] = await called(id);
    const retracted = await runtime.call('runtime/retracement', {
      flowId: 'onboarding',
      userCode: 'ca-r1',
      instanceId: id,
    });
    expect(retracted.reply.errcode).toBe(1009);
    expect(retracted.reply.errmsg).toBe(
      'The submission started a called process, which runs as an instance of its own: it cannot be taken back.',
    );
    expect(await openTasks(child.id)).toEqual(['Activity_0x3k2pd', 'Activity_1fq6z0b']);
    const alone = await runtime.call('runtime/delete', {
      method: 'GET',
      flowId: 'workplaceSetup',
      userCode: 'ca-init',
      instanceId: child.id,
    });
    expect(alone.reply.errcode).toBe(1009);
    expect(alone.reply.errmsg).toBe(
      'A call activity of another instance started this one: delete that instance, which takes this one along.',
    );
    const removed = await runtime.call('runtime/delete', {
      method: 'GET',
      flowId: 'onboarding',
      userCode: 'ca-init',
      instanceId: id,
    });
    expect(removed.reply.errcode, removed.reply.errmsg).toBe(0);
    expect((await instance(child.id)).status).toBe('deleted');
    expect(await openTasks(child.id)).toEqual([]);
    expect(await history(child.id)).toEqual(['start StartEvent_1', 'delete']);
  }, 120_000);

  it('stops a process that calls itself at the depth limit, naming the call activity, and keeps nothing', async () => {
    const started = await runtime.call('runtime/start', {
      flowId: 'selfCall',
      userCode: 'ca-init',
      body: { formData: {} },
    });
    expect(started.reply.errcode).toBe(1009);
    expect(started.reply.errmsg).toBe(
      '"Again" would start a called process 10 levels below the first instance: the processes call each other without end.',
    );
    const left = await server.db
      .selectFrom('flow_instances')
      .select('id')
      .where('process_id', '=', 'selfCall')
      .execute();
    expect(left).toEqual([]);
  }, 120_000);
});
