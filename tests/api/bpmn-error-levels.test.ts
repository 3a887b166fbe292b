// A BPMN error the call activity that started its instance does not catch goes further out, as
// Camunda 7 has it (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md): to a sub-process around
// that call activity in the caller, then to the caller's own call activity, and so on; every instance
// left on the way ends, and each call activity left gets an `interrupted` entry in its caller. Uncaught
// anywhere, nothing changes (0189): an incident for a worker's error, a plain end for an error end. Also
// the timer and message boundaries of a call activity, which interrupt it the same way. Through the
// runtime REST on both databases, with processes written as Camunda Modeler writes them around the
// corpus's credit check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { callOf, camundaDrawn, drawnCorpus, installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { calledInstances, historyOf, instanceOf, openTaskNodes, tasksOf } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();

/** A process as Camunda Modeler saves it, with the error CREDIT_REJECTED and the message it catches. */
const drawn = (id: string, body: string) =>
  camundaDrawn(
    id,
    body,
    `
  <bpmn:error id="eRejected" name="Credit rejected" errorCode="CREDIT_REJECTED" />
  <bpmn:message id="mWithdrawn" name="ApplicationWithdrawn" />`,
  );

const rejectedOn = (id: string, on: string) =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${on}"><bpmn:errorEventDefinition errorRef="eRejected" camunda:errorCodeVariable="caughtCode" /></bpmn:boundaryEvent>`;
const inform = (id: string) => `<bpmn:userTask id="${id}" name="Inform applicant" camunda:candidateGroups="finance" />`;

const PROCESSES: Record<string, string> = {
  // The middle level: its call activity has no boundary.
  creditRelay: `<bpmn:startEvent id="s" />${flow('f1', 's', 'relay')}${callOf('relay', 'creditCheck')}${flow('f2', 'relay', 'relayed')}<bpmn:endEvent id="relayed" />`,
  // Two levels above the worker: its call activity catches the error.
  loanDesk: `<bpmn:startEvent id="s" />${flow('f1', 's', 'apply')}${callOf('apply', 'creditRelay')}${flow('f2', 'apply', 'filed')}<bpmn:endEvent id="filed" />
    ${rejectedOn('rejected', 'apply')}${flow('f3', 'rejected', 'inform')}${inform('inform')}${flow('f4', 'inform', 'closed')}<bpmn:endEvent id="closed" />`,
  // The call activity sits in a sub-process whose boundary catches the error.
  creditReview: `<bpmn:startEvent id="s" />${flow('f1', 's', 'review')}
    <bpmn:subProcess id="review" name="Review"><bpmn:startEvent id="rs" />${flow('r1', 'rs', 'check')}${callOf('check', 'creditCheck')}${flow('r2', 'check', 're')}<bpmn:endEvent id="re" /></bpmn:subProcess>
    ${flow('f2', 'review', 'reviewed')}<bpmn:endEvent id="reviewed" />
    ${rejectedOn('reviewRejected', 'review')}${flow('f3', 'reviewRejected', 'inform')}${inform('inform')}${flow('f4', 'inform', 'declined')}<bpmn:endEvent id="declined" />`,
  // Nothing catches anything.
  loanPlain: `<bpmn:startEvent id="s" />${flow('f1', 's', 'apply')}${callOf('apply', 'creditRelay')}${flow('f2', 'apply', 'filed')}<bpmn:endEvent id="filed" />`,
  // An error end event reached at once, two levels below a call activity that catches it.
  quickReject: `<bpmn:startEvent id="s" />${flow('f1', 's', 'no')}<bpmn:endEvent id="no"><bpmn:errorEventDefinition errorRef="eRejected" /></bpmn:endEvent>`,
  quickRelay: `<bpmn:startEvent id="s" />${flow('f1', 's', 'relay')}${callOf('relay', 'quickReject')}${flow('f2', 'relay', 'relayed')}<bpmn:endEvent id="relayed" />`,
  quickDesk: `<bpmn:startEvent id="s" />${flow('f1', 's', 'apply')}${callOf('apply', 'quickRelay')}${flow('f2', 'apply', 'filed')}<bpmn:endEvent id="filed" />
    ${rejectedOn('rejected', 'apply')}${flow('f3', 'rejected', 'inform')}${inform('inform')}${flow('f4', 'inform', 'closed')}<bpmn:endEvent id="closed" />`,
  // A message boundary on the call activity.
  creditWatch: `<bpmn:startEvent id="s" />${flow('f1', 's', 'check')}${callOf('check', 'creditCheck')}${flow('f2', 'check', 'checked')}<bpmn:endEvent id="checked" />
    <bpmn:boundaryEvent id="withdrawn" attachedToRef="check"><bpmn:messageEventDefinition messageRef="mWithdrawn" /></bpmn:boundaryEvent>${flow('f3', 'withdrawn', 'dropped')}<bpmn:endEvent id="dropped" />`,
  // The call activity runs once per applicant in a multi-instance sub-process whose boundary catches the error.
  loanRound: `<bpmn:startEvent id="s" />${flow('f1', 's', 'round')}
    <bpmn:subProcess id="round" name="Round"><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${applicants}" camunda:elementVariable="applicant" />
      <bpmn:startEvent id="rs" />${flow('r1', 'rs', 'apply')}${callOf('apply', 'creditRelay')}${flow('r2', 'apply', 're')}<bpmn:endEvent id="re" /></bpmn:subProcess>
    ${flow('f2', 'round', 'filed')}<bpmn:endEvent id="filed" />
    ${rejectedOn('roundRejected', 'round')}${flow('f3', 'roundRejected', 'inform')}${inform('inform')}${flow('f4', 'inform', 'closed')}<bpmn:endEvent id="closed" />`,
  quickPlain: `<bpmn:startEvent id="s" />${flow('f1', 's', 'apply')}${callOf('apply', 'quickRelay')}${flow('f2', 'apply', 'filed')}<bpmn:endEvent id="filed" />`,
};
const SCORE = 'Activity_1c8r4kd';
const PAYSLIPS = 'Activity_0w5n2tb';

interface Task {
  id: string;
  instanceId: string;
}

describe.each(targets)('BPMN errors walking up the call activities, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target, { jobs: { intervalMs: 100 } }); // timers made due fire at once
    world = await makeEngineWorld(server.db, 'Acme', 'el');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    const written = await drawnCorpus(PROCESSES, drawn);
    const corpus = (await readCorpus()).filter((c) =>
      ['c7-credit-application.bpmn', 'c7-credit-check-called.bpmn'].includes(c.file),
    );
    await installCorpus(server.db, world, [...corpus, ...written], ['finance']);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const call = <T>(path: string, body: unknown) => runtime.call<T>(path, { userCode: 'el-init', body });
  const start = (processId: string) => runtime.start(processId, 'el-init', { formData: { amount: 9000 } });
  const status = async (id: string) => (await instanceOf(server.db, id)).status;
  const onlyChild = async (id: string) => {
    const children = await calledInstances(server.db, id);
    expect(children).toHaveLength(1);
    return children[0].id;
  };
  /** The worker reports CREDIT_REJECTED at the instance's credit scoring, with `variables`; answers
   *  whether it became an incident. */
  const rejectCredit = async (instanceId: string, variables?: Record<string, unknown>) => {
    const got = await call<Task[]>('external-task/fetch-and-lock', {
      workerId: 'scorer',
      maxTasks: 50,
      topics: [{ topicName: 'credit-score', lockDuration: 60_000 }],
    });
    expect(got.reply.errcode, got.reply.errmsg).toBe(0);
    const task = got.reply.data!.find((t) => t.instanceId === instanceId)!;
    const sent = await call<{ incident: boolean }>('external-task/bpmn-error', {
      id: task.id,
      workerId: 'scorer',
      errorCode: 'CREDIT_REJECTED',
      ...(variables ? { variables } : {}),
    });
    expect(sent.reply.errcode, sent.reply.errmsg).toBe(0);
    return sent.reply.data!.incident;
  };

  it("is caught two levels up: the middle instance ends interrupted, the top takes its call activity's boundary", async () => {
    const top = await start('loanDesk');
    const middle = await onlyChild(top);
    const child = await onlyChild(middle);
    expect(await rejectCredit(child, { score: 310 })).toBe(false);
    expect(await status(child)).toBe('completed');
    // The worker's variables are set where the error is caught (docs/adr/0195-escalations-walk-up-and-error-data.md).
    for (const id of [child, middle]) expect((await instanceOf(server.db, id)).form_data).not.toHaveProperty('score');
    expect(await tasksOf(server.db, child)).toEqual([`${PAYSLIPS}:cancelled`]);
    expect(await historyOf(server.db, child)).toEqual(['start StartEvent_1', `auto ${SCORE}`, `interrupted ${SCORE}`]);
    // The middle one reached no end: its call activity was interrupted, and so was it, there (docs/adr/0194-conditional-boundaries-non-interrupting.md).
    expect(await status(middle)).toBe('completed');
    expect(await historyOf(server.db, middle)).toEqual(['start s', 'interrupted relay', 'interrupted relay']);
    expect((await runtime.diagram('creditRelay', middle, 'el-init')).interrupted).toEqual(['relay']);
    // The top goes on from its boundary, with the error's code, its call activity drawn interrupted.
    expect(await status(top)).toBe('running');
    expect(await openTaskNodes(server.db, top)).toEqual(['inform']);
    expect((await instanceOf(server.db, top)).form_data).toMatchObject({ caughtCode: 'CREDIT_REJECTED', score: 310 });
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto rejected', 'interrupted apply']);
    const diagram = await runtime.diagram('loanDesk', top, 'el-init');
    expect(diagram.interrupted).toEqual(['apply']);
    expect(diagram.done).not.toContain('apply');
    expect(await runtime.submit('loanDesk', top, 'el-r1')).toBe('completed');
    expect((await historyOf(server.db, top)).at(-1)).toBe('complete closed');
  });

  it('is caught by a multi-instance sub-process around the call activity: the middle instance closes at its call activity', async () => {
    const top = await runtime.start('loanRound', 'el-init', { formData: { amount: 9000, applicants: ['ann', 'bob'] } });
    const middles = await calledInstances(server.db, top);
    expect(middles).toHaveLength(2);
    const [middle, other] = middles.map((m) => m.id);
    const child = await onlyChild(middle);
    const otherChild = await onlyChild(other);
    expect(await rejectCredit(child)).toBe(false);
    expect(await historyOf(server.db, child)).toEqual(['start StartEvent_1', `auto ${SCORE}`, `interrupted ${SCORE}`]);
    // Its closing entry names the call activity that passed the error on, as a worker's names its task.
    expect(await status(middle)).toBe('completed');
    expect(await historyOf(server.db, middle)).toEqual(['start s', 'interrupted relay', 'interrupted relay']);
    expect((await runtime.diagram('creditRelay', middle, 'el-init')).interrupted).toEqual(['relay']);
    // The other applicant's call is left with the round: its instances are deleted.
    expect([await status(other), await status(otherChild)]).toEqual(['deleted', 'deleted']);
    expect(await openTaskNodes(server.db, top)).toEqual(['inform']);
    expect(await historyOf(server.db, top)).toEqual([
      'start s',
      'auto rs',
      'auto rs',
      'interrupted apply',
      'interrupted apply',
      'interrupted round',
      'auto roundRejected',
    ]);
    expect((await runtime.diagram('loanRound', top, 'el-init')).interrupted).toEqual(['apply', 'round']);
  });

  it('is caught by a sub-process around the call activity in the caller', async () => {
    const id = await start('creditReview');
    const child = await onlyChild(id);
    expect(await rejectCredit(child, { score: 290 })).toBe(false);
    expect(await status(child)).toBe('completed');
    expect(await openTaskNodes(server.db, id)).toEqual(['inform']);
    expect((await instanceOf(server.db, id)).form_data).toMatchObject({ caughtCode: 'CREDIT_REJECTED', score: 290 });
    expect((await instanceOf(server.db, child)).form_data).not.toHaveProperty('score');
    expect(await historyOf(server.db, id)).toEqual([
      'start s',
      'auto rs',
      'interrupted check',
      'interrupted review',
      'auto reviewRejected',
    ]);
    expect((await runtime.diagram('creditReview', id, 'el-init')).interrupted).toEqual(['check', 'review']);
  });

  it('stays an incident of the task when nothing catches it across two levels, as before', async () => {
    const top = await start('loanPlain');
    const middle = await onlyChild(top);
    const child = await onlyChild(middle);
    expect(await rejectCredit(child)).toBe(true);
    for (const id of [top, middle, child]) expect(await status(id)).toBe('running');
    expect(await openTaskNodes(server.db, child)).toEqual([PAYSLIPS]);
    const [job] = await server.db
      .selectFrom('flow_jobs')
      .select(['failed_at', 'error'])
      .where('instance_id', '=', child)
      .execute();
    expect(job.failed_at).not.toBeNull();
    expect(job.error).toContain('no error boundary event catches it');
    expect(await historyOf(server.db, middle)).toEqual(['start s']);
    expect(await historyOf(server.db, top)).toEqual(['start s']);
  });

  it('walks an error end up in the action that reached it: caught two levels up, or a plain end when nothing catches it', async () => {
    const caught = await start('quickDesk');
    const middle = await onlyChild(caught);
    const thrower = await onlyChild(middle);
    expect(await historyOf(server.db, thrower)).toEqual(['start s', 'complete no']);
    expect(await historyOf(server.db, middle)).toEqual(['start s', 'interrupted relay', 'interrupted relay']);
    expect(await historyOf(server.db, caught)).toEqual(['start s', 'auto rejected', 'interrupted apply']);
    expect(await openTaskNodes(server.db, caught)).toEqual(['inform']);
    // Uncaught: the error end is a plain one, every level completes as drawn.
    const plain = await start('quickPlain');
    expect(await status(plain)).toBe('completed');
    expect(await historyOf(server.db, plain)).toEqual(['start s', 'auto apply', 'complete filed']);
    expect(await historyOf(server.db, await onlyChild(plain))).toEqual(['start s', 'auto relay', 'complete relayed']);
  });

  it("marks a call activity its message boundary left interrupted in the caller's history and diagram", async () => {
    const id = await start('creditWatch');
    const child = await onlyChild(id);
    const sent = await runtime.call('runtime/message', {
      flowId: 'creditWatch',
      userCode: 'el-init',
      body: { messageName: 'ApplicationWithdrawn', instanceId: id },
    });
    expect(sent.reply.errcode, sent.reply.errmsg).toBe(0);
    expect(await status(id)).toBe('completed');
    expect(await historyOf(server.db, id)).toEqual([
      'start s',
      'auto withdrawn',
      'interrupted check',
      'complete dropped',
    ]);
    expect(await status(child)).toBe('deleted');
    expect((await runtime.diagram('creditWatch', id, 'el-init')).interrupted).toEqual(['check']);
  });

  it("marks a call activity its timer boundary left interrupted in the caller's history and diagram", async () => {
    const id = await start('creditApplication');
    const child = await onlyChild(id);
    await sql`update flow_jobs set due_at = now() where instance_id = ${id} and node_id = 'Event_1t4r7yx'`.execute(
      server.db,
    );
    expect(await eventually(async () => (await status(id)) === 'completed', 10_000)).toBe(true);
    expect(await historyOf(server.db, id)).toEqual([
      'start StartEvent_1',
      'auto Event_1t4r7yx',
      'interrupted Activity_0r7d2xk',
      'complete Event_0c3h5mb',
    ]);
    expect(await status(child)).toBe('deleted');
    const diagram = await runtime.diagram('creditApplication', id, 'el-init');
    expect(diagram.interrupted).toEqual(['Activity_0r7d2xk']);
    expect(diagram.done).toEqual(expect.arrayContaining(['Event_1t4r7yx', 'Event_0c3h5mb']));
  });
});
