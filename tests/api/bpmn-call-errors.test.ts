// A BPMN error a worker reports at an external task of a called process, that nothing in the
// called process catches, goes to the error boundary event of the call activity that started it
// (docs/adr/0189-bpmn-errors-cross-call-activities.md): the caller takes the boundary's path, the called
// instance ends with what ran in it. Uncaught (no boundary, or one for another code) it stays an incident
// of the task, as an error reported in a process nobody called. Through the runtime REST on both databases; the drawings are the corpus files
// c7-credit-application and c7-credit-check-called, and a process written here that calls the first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { callOf, camundaDrawn, drawnCorpus, installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { calledInstances, historyOf, instanceOf, openTaskNodes, tasksOf } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const FILES = ['c7-credit-application.bpmn', 'c7-credit-check-called.bpmn'];
/** A process calling the credit application, leaving by its boundary on CREDIT_REJECTED. */
const LOAN = {
  loanFile: `
    <bpmn:startEvent id="s" />${flow('f1', 's', 'apply')}
    ${callOf('apply', 'creditApplication')}
    ${flow('f2', 'apply', 'filed')}<bpmn:endEvent id="filed" />
    <bpmn:boundaryEvent id="rejected" attachedToRef="apply"><bpmn:errorEventDefinition errorRef="eRejected" /></bpmn:boundaryEvent>
    ${flow('f3', 'rejected', 'closed')}<bpmn:endEvent id="closed" />
  `,
};
const drawn = (id: string, body: string) =>
  camundaDrawn(id, body, `\n  <bpmn:error id="eRejected" errorCode="CREDIT_REJECTED" />`);
const REASON = 'score below the bank’s floor';
const CHILD = { score: 'Activity_1c8r4kd', payslips: 'Activity_0w5n2tb' };
const CALLER = { call: 'Activity_0r7d2xk', rejected: 'Event_0m2c6ta', inform: 'Activity_1x6p0hn' };

interface Task {
  id: string;
  instanceId: string;
}

describe.each(targets)("a worker's BPMN error out of a called process, on $name", (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'ce');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    const loan = await drawnCorpus(LOAN, drawn);
    const corpus = (await readCorpus()).filter((c) => FILES.includes(c.file));
    await installCorpus(server.db, world, [...corpus, ...loan], ['finance']);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const call = <T>(path: string, body: unknown) => runtime.call<T>(path, { userCode: 'ce-init', body });
  const start = (processId: string) => runtime.start(processId, 'ce-init', { formData: { amount: 9000 } });
  const status = async (id: string) => (await instanceOf(server.db, id)).status;
  /** Locks the instance's credit scoring task for the worker. */
  const scoring = async (instanceId: string) => {
    const got = await call<Task[]>('external-task/fetch-and-lock', {
      workerId: 'scorer',
      maxTasks: 20,
      topics: [{ topicName: 'credit-score', lockDuration: 60_000 }],
    });
    expect(got.reply.errcode, got.reply.errmsg).toBe(0);
    return got.reply.data!.find((t) => t.instanceId === instanceId)!;
  };
  const bpmnError = async (task: Task, errorCode: string) => {
    const sent = await call<{ status: string; incident: boolean }>('external-task/bpmn-error', {
      id: task.id,
      workerId: 'scorer',
      errorCode,
      errorMessage: REASON,
    });
    expect(sent.reply.errcode, sent.reply.errmsg).toBe(0);
    return sent.reply.data!;
  };
  const jobsOf = (id: string) =>
    server.db
      .selectFrom('flow_jobs')
      .select(['node_id', 'kind', 'failed_at', 'error'])
      .where('instance_id', '=', id)
      .orderBy('node_id')
      .execute();
  const onlyChild = async (id: string) => {
    const children = await calledInstances(server.db, id);
    expect(children).toHaveLength(1);
    return children[0].id;
  };

  it("takes the call activity's error boundary: the called instance ends, its open task cancelled", async () => {
    const id = await start('creditApplication');
    const child = await onlyChild(id);
    expect(await openTaskNodes(server.db, child)).toEqual([CHILD.payslips]);
    // The caller waits on its call activity, with the timer of its boundary armed.
    expect((await jobsOf(id)).map((j) => `${j.node_id}:${j.kind}`)).toEqual(['Event_1t4r7yx:timer']);
    expect(await bpmnError(await scoring(child), 'CREDIT_REJECTED')).toMatchObject({ incident: false });
    // The called instance ended: its other branch's task cancelled, its history ends at the task interrupted.
    expect(await status(child)).toBe('completed');
    expect(await tasksOf(server.db, child)).toEqual([`${CHILD.payslips}:cancelled`]);
    expect(await jobsOf(child)).toEqual([]);
    expect(await historyOf(server.db, child)).toEqual([
      'start StartEvent_1',
      `auto ${CHILD.score}`,
      `interrupted ${CHILD.score}`,
    ]);
    // The caller went on from the boundary event: the applicant is informed; the timer went with the wait.
    expect(await status(id)).toBe('running');
    expect(await openTaskNodes(server.db, id)).toEqual([CALLER.inform]);
    expect(await jobsOf(id)).toEqual([]);
    expect(await historyOf(server.db, id)).toEqual([
      'start StartEvent_1',
      `auto ${CALLER.rejected}`,
      `interrupted ${CALLER.call}`,
    ]);
    // The boundary's camunda:errorCodeVariable and errorMessageVariable are set in the caller, not the called instance.
    expect((await instanceOf(server.db, id)).form_data).toEqual({
      amount: 9000,
      rejectionCode: 'CREDIT_REJECTED',
      rejectionReason: REASON,
    });
    expect((await instanceOf(server.db, child)).form_data).toEqual({ amount: 9000 });
    const { done, active, interrupted } = await runtime.diagram('creditApplication', id, 'ce-init');
    expect(active).toEqual([CALLER.inform]);
    // The call activity is drawn interrupted, not done (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md).
    expect(interrupted).toEqual([CALLER.call]);
    expect(done).not.toContain(CALLER.call);
    expect(done).toEqual(expect.arrayContaining(['StartEvent_1', CALLER.rejected]));
    expect(await runtime.submit('creditApplication', id, 'ce-r1')).toBe('completed');
    expect((await historyOf(server.db, id)).at(-1)).toBe('complete Event_0v1g8zr');
  });

  it('leaves an error of another code an incident of the task: the called instance and its caller wait on', async () => {
    const id = await start('creditApplication');
    const child = await onlyChild(id);
    expect(await bpmnError(await scoring(child), 'SCORING_DOWN')).toMatchObject({ incident: true });
    expect(await status(child)).toBe('running');
    expect(await openTaskNodes(server.db, child)).toEqual([CHILD.payslips]);
    const [job] = await jobsOf(child);
    expect(job).toMatchObject({ node_id: CHILD.score, kind: 'external' });
    expect(job.failed_at).not.toBeNull();
    expect(job.error).toContain('SCORING_DOWN');
    expect(await status(id)).toBe('running');
    expect(await openTaskNodes(server.db, id)).toEqual([]);
    expect(await historyOf(server.db, id)).toEqual(['start StartEvent_1']);
  });

  it('leaves an error with no caller to catch it an incident of the task, as before', async () => {
    const id = await start('creditCheck');
    expect(await bpmnError(await scoring(id), 'CREDIT_REJECTED')).toMatchObject({ incident: true });
    expect(await status(id)).toBe('running');
    expect((await jobsOf(id))[0].failed_at).not.toBeNull();
    expect(await openTaskNodes(server.db, id)).toEqual([CHILD.payslips]);
  });

  it('is caught by the nearest call activity: two levels down, the middle one catches it and the top waits on', async () => {
    // The top's boundary names no variables: the middle one's are set in the middle instance only.
    const top = await start('loanFile');
    const middle = await onlyChild(top);
    const child = await onlyChild(middle);
    expect(await bpmnError(await scoring(child), 'CREDIT_REJECTED')).toMatchObject({ incident: false });
    expect(await status(child)).toBe('completed');
    expect(await openTaskNodes(server.db, middle)).toEqual([CALLER.inform]);
    expect((await instanceOf(server.db, middle)).form_data).toMatchObject({ rejectionCode: 'CREDIT_REJECTED' });
    expect((await instanceOf(server.db, top)).form_data).toEqual({ amount: 9000 });
    expect(await status(top)).toBe('running');
    expect(await historyOf(server.db, top)).toEqual(['start s']);
    // The middle one completes by its declined end; the top goes on after its call activity.
    expect(await runtime.submit('creditApplication', middle, 'ce-r1')).toBe('completed');
    expect(await status(top)).toBe('completed');
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto apply', 'complete filed']);
  });
});
