// External tasks and conditional events inside a multi-instance sub-process, and a conditional
// boundary on it (docs/adr/0184-workers-and-conditions-inside-multi-instance.md), through the runtime REST on
// both databases. Drawings in Camunda 7 (`camunda:type="external"`) and Camunda 8 (`zeebe:taskDefinition`)
// form, and the corpus file c7-supplier-credit-checks run to its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { camundaDrawn, drawnCorpus, installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { historyOf, instanceOf, openTaskNodes } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();

const external = (id: string, topic: string) =>
  `<bpmn:serviceTask id="${id}" name="${id}" camunda:type="external" camunda:topic="${topic}" />`;
const conditional = (text: string) =>
  `<bpmn:conditionalEventDefinition><bpmn:condition>${text}</bpmn:condition></bpmn:conditionalEventDefinition>`;

/** Camunda 7, parallel over suppliers: a worker rates each; NO_RATING is caught on the task (by hand),
 *  FRAUD on the sub-process (the round stops); `stopAll` set by anyone stops it too (a condition on it). */
const RATE_C7 = `<bpmn:startEvent id="s" />${flow('f1', 's', 'x')}
  <bpmn:subProcess id="x" name="Rate each"><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${suppliers}" camunda:elementVariable="supplier" />
    <bpmn:startEvent id="xs" />${flow('i1', 'xs', 'rate')}${external('rate', 'rate-c7')}${flow('i2', 'rate', 'xe')}<bpmn:endEvent id="xe" />
    <bpmn:boundaryEvent id="norating" attachedToRef="rate"><bpmn:errorEventDefinition errorRef="eNo" camunda:errorCodeVariable="ratingError" /></bpmn:boundaryEvent>${flow('i3', 'norating', 'hand')}
    <bpmn:userTask id="hand" name="Rate by hand" camunda:candidateGroups="finance" />${flow('i4', 'hand', 'xe2')}<bpmn:endEvent id="xe2" />
  </bpmn:subProcess>${flow('f2', 'x', 'e')}<bpmn:endEvent id="e" />
  <bpmn:boundaryEvent id="fraud" attachedToRef="x"><bpmn:errorEventDefinition errorRef="eFraud" camunda:errorCodeVariable="stopCode" camunda:errorMessageVariable="stopReason" /></bpmn:boundaryEvent>${flow('f3', 'fraud', 'stopped')}<bpmn:endEvent id="stopped" />
  <bpmn:boundaryEvent id="halt" attachedToRef="x">${conditional('${stopAll == true}')}</bpmn:boundaryEvent>${flow('f4', 'halt', 'halted')}<bpmn:endEvent id="halted" />`;
/** The errors the rating round names. */
const RATE_ERRORS = '<bpmn:error id="eNo" errorCode="NO_RATING" /><bpmn:error id="eFraud" errorCode="FRAUD" />';

/** Camunda 7, parallel over parts beside a dispatcher's approval: each instance waits until its part is
 *  cleared (`cleared == part`: the process's variable against the instance's element), then a worker
 *  packs it; a part named in `skip` leaves its packing by a conditional boundary inside. */
const PACK_C7 = `<bpmn:startEvent id="s" />${flow('f1', 's', 'fork')}<bpmn:parallelGateway id="fork" />${flow('f2', 'fork', 'x')}${flow('f3', 'fork', 'dispatch')}
  <bpmn:userTask id="dispatch" name="Dispatch" camunda:candidateGroups="finance" />${flow('f4', 'dispatch', 'join')}
  <bpmn:subProcess id="x" name="Each part"><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${parts}" camunda:elementVariable="part" />
    <bpmn:startEvent id="xs" />${flow('i1', 'xs', 'clear')}
    <bpmn:intermediateCatchEvent id="clear">${conditional('${cleared == part}')}</bpmn:intermediateCatchEvent>${flow('i2', 'clear', 'pack')}
    ${external('pack', 'pack-c7')}${flow('i3', 'pack', 'xe')}<bpmn:endEvent id="xe" />
    <bpmn:boundaryEvent id="skipped" attachedToRef="pack">${conditional('${skip == part}')}</bpmn:boundaryEvent>${flow('i4', 'skipped', 'xskip')}<bpmn:endEvent id="xskip" />
  </bpmn:subProcess>${flow('f5', 'x', 'join')}<bpmn:parallelGateway id="join" />${flow('f6', 'join', 'e')}<bpmn:endEvent id="e" />`;

/** Camunda 8, a worker notifying each recipient (`loop`: the loop's attributes, sequential or not). */
const c8 = (id: string, loop: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" xmlns:modeler="http://camunda.org/schema/modeler/1.0" id="d_${id}" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.31.0" modeler:executionPlatform="Camunda Cloud" modeler:executionPlatformVersion="8.6.0">
  <bpmn:process id="${id}" isExecutable="true">
    <bpmn:startEvent id="s"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:subProcess id="x" name="Notify each"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
      <bpmn:multiInstanceLoopCharacteristics${loop}><bpmn:extensionElements><zeebe:loopCharacteristics inputCollection="=recipients" inputElement="recipient" /></bpmn:extensionElements></bpmn:multiInstanceLoopCharacteristics>
      <bpmn:startEvent id="xs"><bpmn:outgoing>i1</bpmn:outgoing></bpmn:startEvent>
      <bpmn:serviceTask id="send" name="Send notice"><bpmn:extensionElements><zeebe:taskDefinition type="${id}-send" retries="2" /></bpmn:extensionElements><bpmn:incoming>i1</bpmn:incoming><bpmn:outgoing>i2</bpmn:outgoing></bpmn:serviceTask>
      <bpmn:endEvent id="xe"><bpmn:incoming>i2</bpmn:incoming></bpmn:endEvent>
      <bpmn:sequenceFlow id="i1" sourceRef="xs" targetRef="send" /><bpmn:sequenceFlow id="i2" sourceRef="send" targetRef="xe" />
    </bpmn:subProcess>
    <bpmn:endEvent id="e"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:boundaryEvent id="bounced" attachedToRef="x"><bpmn:outgoing>f3</bpmn:outgoing><bpmn:errorEventDefinition errorRef="eB" /></bpmn:boundaryEvent>
    <bpmn:endEvent id="undelivered"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="x" /><bpmn:sequenceFlow id="f2" sourceRef="x" targetRef="e" /><bpmn:sequenceFlow id="f3" sourceRef="bounced" targetRef="undelivered" />
  </bpmn:process>
  <bpmn:error id="eB" name="Bounced" errorCode="BOUNCED" />
</bpmn:definitions>`;

interface Task {
  id: string;
  instanceId: string;
  activityId: string;
  retries: number;
  variables: Record<string, unknown>;
}

describe.each(targets)('workers and conditions inside a multi-instance sub-process, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;
  let files: CorpusFile[];

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'mw');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    const inline = [
      ...(await drawnCorpus({ rateC7: RATE_C7 }, (id, body) => camundaDrawn(id, body, RATE_ERRORS))),
      ...(await drawnCorpus({ packC7: PACK_C7 }, camundaDrawn)),
      ...(await drawnCorpus({ notifyC8: '', notifySeqC8: ' isSequential="true"' }, c8)),
    ];
    const corpus = (await readCorpus()).filter((c) => c.file === 'c7-supplier-credit-checks.bpmn');
    files = [...inline, ...corpus];
    await installCorpus(server.db, world, files, ['finance', 'purchasing']);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const call = <T>(path: string, body: unknown) => runtime.call<T>(path, { userCode: 'mw-init', body });
  const start = (processId: string, formData: Record<string, unknown>) =>
    runtime.start(processId, 'mw-init', { formData });
  /** Locks every task of the topic in the instance, in loop order. */
  const fetch = async (topic: string, id: string, workerId = 'w1') => {
    const got = await call<Task[]>('external-task/fetch-and-lock', {
      workerId,
      maxTasks: 50,
      topics: [{ topicName: topic, lockDuration: 60_000 }],
    });
    expect(got.reply.errcode, got.reply.errmsg).toBe(0);
    return got.reply
      .data!.filter((t) => t.instanceId === id)
      .sort((a, b) => Number(a.variables.loopCounter) - Number(b.variables.loopCounter));
  };
  const complete = async (task: Task, variables: Record<string, unknown> = {}, workerId = 'w1') => {
    const done = await call<{ status: string }>('external-task/complete', { id: task.id, workerId, variables });
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
    return done.reply.data!.status;
  };
  const bpmnError = (task: Task, errorCode: string, workerId = 'w1') =>
    call<{ status: string; incident: boolean }>('external-task/bpmn-error', { id: task.id, workerId, errorCode });
  const status = async (id: string) => (await instanceOf(server.db, id)).status;
  const externalJobs = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_jobs as j')
        .innerJoin('flow_tokens as t', 't.id', 'j.token_id')
        .select(['j.node_id', 't.loop_index', 'j.failed_at'])
        .where('j.instance_id', '=', id)
        .where('j.kind', '=', 'external')
        .orderBy('t.loop_index')
        .execute()
    ).map((j) => `${j.node_id}@${j.loop_index}${j.failed_at ? ' incident' : ''}`);

  it('C7 parallel: one external task per instance, its element and loopCounter handed to the worker; each completion counts', async () => {
    const id = await start('rateC7', { suppliers: ['acme', 'bolt', 'crane'] });
    expect(await externalJobs(id)).toEqual(['rate@0', 'rate@1', 'rate@2']);
    const tasks = await fetch('rate-c7', id);
    expect(
      tasks.map((t) => [t.activityId, t.variables.supplier, t.variables.loopCounter, t.variables.nrOfInstances]),
    ).toEqual([
      ['rate', 'acme', 0, 3],
      ['rate', 'bolt', 1, 3],
      ['rate', 'crane', 2, 3],
    ]);
    // Locked: not offered to another worker.
    expect(await fetch('rate-c7', id, 'w2')).toEqual([]);
    expect(await complete(tasks[1], { boltScore: 7 })).toBe('running');
    expect(await externalJobs(id)).toEqual(['rate@0', 'rate@2']);
    expect(await complete(tasks[0])).toBe('running');
    expect(await complete(tasks[2], { craneScore: 5 })).toBe('completed');
    // Variables are merged into the process's, as an approval's inside are.
    expect((await instanceOf(server.db, id)).form_data).toMatchObject({ boltScore: 7, craneScore: 5 });
    expect(await historyOf(server.db, id)).toEqual([
      'start s',
      'auto xs',
      'auto xs',
      'auto xs',
      'auto rate',
      'auto xe',
      'auto rate',
      'auto xe',
      'auto rate',
      'auto xe',
      'auto x',
      'complete e',
    ]);
  });

  it('C7 parallel: a failure with retries is offered again, without retries is an incident of that instance only', async () => {
    const id = await start('rateC7', { suppliers: ['acme', 'bolt'] });
    const [a, b] = await fetch('rate-c7', id);
    const failed = await call('external-task/failure', { id: a.id, workerId: 'w1', retries: 1, errorMessage: 'down' });
    expect(failed.reply.data).toMatchObject({ retries: 1, incident: false });
    const again = await fetch('rate-c7', id, 'w3');
    expect(again.map((t) => [t.id, t.variables.supplier, t.retries])).toEqual([[a.id, 'acme', 1]]);
    const incident = await call('external-task/failure', {
      id: a.id,
      workerId: 'w3',
      retries: 0,
      errorMessage: 'still',
    });
    expect(incident.reply.data).toMatchObject({ retries: 0, incident: true });
    expect(await fetch('rate-c7', id, 'w4')).toEqual([]);
    expect(await complete(b)).toBe('running'); // the other instance is done; this one waits on its incident
    expect(await externalJobs(id)).toEqual(['rate@0 incident']);
    expect(await status(id)).toBe('running');
  });

  it('C7 parallel: a BPMN error caught on the task opens that instance’s hand rating; one caught on the sub-process cancels every instance’s task', async () => {
    const id = await start('rateC7', { suppliers: ['acme', 'bolt'] });
    const [a, b] = await fetch('rate-c7', id);
    const caught = await bpmnError(a, 'NO_RATING');
    expect(caught.reply.data).toMatchObject({ incident: false, status: 'running' });
    expect(await openTaskNodes(server.db, id)).toEqual(['hand']);
    const hand = await server.db
      .selectFrom('flow_tokens')
      .select('loop_index')
      .where('instance_id', '=', id)
      .where('node_id', '=', 'hand')
      .executeTakeFirstOrThrow();
    expect(hand.loop_index).toBe(0);
    // The boundary's camunda:errorCodeVariable (docs/adr/0189-bpmn-errors-cross-call-activities.md), drawn
    // inside the instance: that instance's own, on the holding token, not the process's
    // (docs/adr/0219-multi-instance-instance-scope-running-list-and-caught-errors.md).
    expect((await instanceOf(server.db, id)).form_data).not.toHaveProperty('ratingError');
    const holder = await server.db
      .selectFrom('flow_tokens')
      .select('loop_output')
      .where('instance_id', '=', id)
      .where('node_id', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(holder.loop_output).toEqual({ locals: { 0: { ratingError: 'NO_RATING' } } });
    expect(await externalJobs(id)).toEqual(['rate@1']);
    expect(await runtime.submit('rateC7', id, 'mw-r1')).toBe('running');
    expect(await complete(b)).toBe('completed');

    // FRAUD: no boundary of the task catches it, the one on the sub-process does.
    const id2 = await start('rateC7', { suppliers: ['acme', 'bolt'] });
    const [c, d] = await fetch('rate-c7', id2);
    const fraud = await bpmnError(c, 'FRAUD');
    expect(fraud.reply.data).toMatchObject({ incident: false, status: 'completed' });
    expect(await externalJobs(id2)).toEqual([]);
    // The sub-process's boundary sets its variables too; the worker sent no message (null, as Camunda 7).
    expect((await instanceOf(server.db, id2)).form_data).toMatchObject({ stopCode: 'FRAUD', stopReason: null });
    const late = await call('external-task/complete', { id: d.id, workerId: 'w1' });
    expect(late.reply.errcode).toBe(1404); // cancelled with its instance
    expect(await historyOf(server.db, id2)).toEqual([
      'start s',
      'auto xs',
      'auto xs',
      'auto rate',
      'interrupted x', // left by its error boundary (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md)
      'auto fraud',
      'complete stopped',
    ]);
    // A code nothing catches: an incident, as outside.
    const id3 = await start('rateC7', { suppliers: ['acme'] });
    const [f] = await fetch('rate-c7', id3);
    expect((await bpmnError(f, 'OTHER')).reply.data).toMatchObject({ incident: true });
  });

  it('C7: a conditional boundary on the sub-process, over the process variables, cancels the instances’ external tasks', async () => {
    const id = await start('rateC7', { suppliers: ['acme', 'bolt', 'crane'] });
    const [a, b] = await fetch('rate-c7', id);
    expect(await complete(a, { stopAll: false })).toBe('running');
    expect(await externalJobs(id)).toEqual(['rate@1', 'rate@2']);
    expect(await complete(b, { stopAll: true })).toBe('completed');
    expect(await externalJobs(id)).toEqual([]);
    // Left by its conditional boundary, the sub-process is interrupted, not completed (docs/adr/0194-conditional-boundaries-non-interrupting.md).
    const history = await historyOf(server.db, id);
    expect(history.slice(-3)).toEqual(['interrupted x', 'auto halt', 'complete halted']);
    expect(history).not.toContain('auto x');
    const diagram = await runtime.diagram('rateC7', id, 'mw-init');
    expect(diagram.interrupted).toEqual(['x']);
    expect(diagram.done).not.toContain('x');
  });

  it('C7: conditional catch events and boundaries inside evaluate each instance’s element over the process’s variables', async () => {
    const id = await start('packC7', { parts: ['a', 'b', 'c'], cleared: 'a' });
    const clearing = async () =>
      (
        await server.db
          .selectFrom('flow_tokens')
          .select('loop_index')
          .where('instance_id', '=', id)
          .where('node_id', '=', 'clear')
          .orderBy('loop_index')
          .execute()
      ).map((t) => t.loop_index);
    // a is cleared on arrival: its packing waits for a worker; b and c wait for their clearance.
    expect(await clearing()).toEqual([1, 2]);
    const [a] = await fetch('pack-c7', id);
    expect([a.variables.part, a.variables.loopCounter]).toEqual(['a', 0]);
    // The worker clears c: instance 2's catch event passes (in its own instance: its packing is its own), b still waits.
    expect(await complete(a, { cleared: 'c' })).toBe('running');
    expect(await clearing()).toEqual([1]);
    const [c] = await fetch('pack-c7', id);
    expect([c.variables.part, c.variables.loopCounter]).toEqual(['c', 2]);
    // The dispatcher skips c (its locked packing leaves by the boundary) and clears b.
    expect(await runtime.submit('packC7', id, 'mw-r1', { formData: { skip: 'c', cleared: 'b' } })).toBe('running');
    expect(await externalJobs(id)).toEqual(['pack@1']);
    expect((await call('external-task/complete', { id: c.id, workerId: 'w1' })).reply.errcode).toBe(1404);
    const [b] = await fetch('pack-c7', id);
    expect(b.variables.part).toBe('b');
    expect(await complete(b)).toBe('completed');
    const history = await historyOf(server.db, id);
    // The conditions that hold after one action fire in the tokens' order, which is the database's.
    expect(history.filter((h) => /clear|skipped|xskip|x$/.test(h)).sort()).toEqual([
      'auto clear',
      'auto clear',
      'auto clear',
      'auto skipped',
      'auto x',
      'auto xskip',
    ]);
  });

  it('C8 parallel: a job per instance; retries then an incident on one; a BPMN error on the sub-process ends the round', async () => {
    const id = await start('notifyC8', { recipients: ['ann', 'bob'] });
    const [a, b] = await fetch('notifyC8-send', id);
    expect([a.variables.recipient, a.retries, b.variables.recipient]).toEqual(['ann', 2, 'bob']);
    await call('external-task/failure', { id: a.id, workerId: 'w1', retries: 1, errorMessage: 'smtp' });
    const [again] = await fetch('notifyC8-send', id);
    expect(again.id).toBe(a.id);
    await call('external-task/failure', { id: a.id, workerId: 'w1', retries: 0, errorMessage: 'smtp' });
    expect(await externalJobs(id)).toEqual(['send@0 incident', 'send@1']);
    const bounced = await bpmnError(b, 'BOUNCED');
    expect(bounced.reply.data).toMatchObject({ incident: false, status: 'completed' });
    expect(await externalJobs(id)).toEqual([]); // the incident went with its instance
    expect((await historyOf(server.db, id)).slice(-2)).toEqual(['auto bounced', 'complete undelivered']);
  });

  it('C8 sequential: one job at a time, the next instance’s once the previous is completed', async () => {
    const id = await start('notifySeqC8', { recipients: ['ann', 'bob'] });
    const first = await fetch('notifySeqC8-send', id);
    // Zeebe counts its instances from 1 (docs/adr/0228-loop-counter-by-vendor.md).
    expect(first.map((t) => [t.variables.recipient, t.variables.loopCounter])).toEqual([['ann', 1]]);
    expect(await complete(first[0])).toBe('running');
    const second = await fetch('notifySeqC8-send', id);
    expect(second.map((t) => [t.variables.recipient, t.variables.loopCounter])).toEqual([['bob', 2]]);
    expect(await complete(second[0])).toBe('completed');
  });

  it('c7-supplier-credit-checks: one supplier rated by a worker, the other by hand after NO_RATING, then chosen', async () => {
    const processId = files.find((f) => f.file === 'c7-supplier-credit-checks.bpmn')!.processId;
    const id = await start(processId, { suppliers: ['acme', 'bolt'] });
    const [a, b] = await fetch('credit-rating', id);
    expect([a.variables.supplier, b.variables.supplier]).toEqual(['acme', 'bolt']);
    expect(await complete(a, { acmeRating: 'A' })).toBe('running');
    expect((await bpmnError(b, 'NO_RATING')).reply.data).toMatchObject({ incident: false });
    expect(await openTaskNodes(server.db, id)).toEqual(['Activity_1t6g0me']);
    expect(await runtime.submit(processId, id, 'mw-r1')).toBe('running');
    expect(await openTaskNodes(server.db, id)).toEqual(['Activity_0z4b7nx']);
    expect(await runtime.submit(processId, id, 'mw-r1')).toBe('completed');
  });
});
