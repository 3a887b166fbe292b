// An escalation nothing in a called process catches walks up the call activities as an error
// does (docs/adr/0195-escalations-walk-up-and-error-data.md): thrown by an end event or an intermediate
// throw event, caught by a boundary of a call activity further up; an interrupting one ends every
// instance on the way (`interrupted`), a non-interrupting one lets them run on while the catching caller
// takes its path. And an error end's `camunda:errorMessage`, read into the catching boundary's
// `camunda:errorMessageVariable`; an escalation boundary's `camunda:escalationCodeVariable`, also on a
// catch-all; a non-interrupting boundary of a multi-instance sub-process around a call activity.
// Through the runtime REST on both databases, processes written as Camunda Modeler writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { callOf, camundaDrawn, drawnCorpus, installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { calledInstances, historyOf, instanceOf, openTaskNodes, taskStatusesAt } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();

const drawn = (id: string, body: string) =>
  camundaDrawn(
    id,
    body,
    `
  <bpmn:escalation id="escLate" name="Late" escalationCode="LATE" />
  <bpmn:escalation id="escUrgent" name="Urgent" escalationCode="URGENT" />
  <bpmn:error id="eLow" name="Score low" errorCode="SCORE_LOW" camunda:errorMessage="Score below threshold" />`,
  );

const task = (id: string) => `<bpmn:userTask id="${id}" name="${id}" camunda:candidateGroups="finance" />`;
const lateOn = (id: string, on: string, interrupting: boolean, definition = 'escalationRef="escLate"') =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${on}" cancelActivity="${interrupting}"><bpmn:escalationEventDefinition ${definition} /></bpmn:boundaryEvent>`;
/** A catch-all escalation boundary (no escalationRef) telling the caught code in `code`. */
const anyOn = (id: string, on: string) => lateOn(id, on, false, 'camunda:escalationCodeVariable="code"');
const lateEnd = (id: string) =>
  `<bpmn:endEvent id="${id}"><bpmn:escalationEventDefinition escalationRef="escLate" /></bpmn:endEvent>`;
const lateThrow = (id: string, escalation = 'escLate') =>
  `<bpmn:intermediateThrowEvent id="${id}"><bpmn:escalationEventDefinition escalationRef="${escalation}" /></bpmn:intermediateThrowEvent>`;
/** A caller of `called` whose call activity `apply` may have a boundary `late` leading to the task `chase`. */
const caller = (called: string, boundary = '') =>
  `<bpmn:startEvent id="s" />${flow('f1', 's', 'apply')}${callOf('apply', called)}${flow('f2', 'apply', 'filed')}<bpmn:endEvent id="filed" />
    ${boundary}${boundary ? `${flow('f3', 'late', 'chase')}${task('chase')}${flow('f4', 'chase', 'chased')}<bpmn:endEvent id="chased" />` : ''}`;

const PROCESSES: Record<string, string> = {
  // The escalation end is reached after a user task (an action of the called instance's own).
  lateReview: `<bpmn:startEvent id="s" />${flow('f1', 's', 'review')}${task('review')}${flow('f2', 'review', 'overdue')}${lateEnd('overdue')}`,
  lateRelay: `<bpmn:startEvent id="s" />${flow('f1', 's', 'relay')}${callOf('relay', 'lateReview')}${flow('f2', 'relay', 'relayed')}<bpmn:endEvent id="relayed" />`,
  lateDesk: caller('lateRelay', lateOn('late', 'apply', true)),
  // An intermediate throw at once, then a task: the path goes on after it.
  lateNotice: `<bpmn:startEvent id="s" />${flow('f1', 's', 'notify')}${lateThrow('notify')}${flow('f2', 'notify', 'confirm')}${task('confirm')}${flow('f3', 'confirm', 'done')}<bpmn:endEvent id="done" />`,
  noticeRelay: `<bpmn:startEvent id="s" />${flow('f1', 's', 'relay')}${callOf('relay', 'lateNotice')}${flow('f2', 'relay', 'relayed')}<bpmn:endEvent id="relayed" />`,
  noticeDesk: caller('noticeRelay', lateOn('late', 'apply', false)),
  noticePlain: caller('noticeRelay'),
  // The same throw, one level below an interrupting boundary: the called instance ends at it.
  noticeStop: caller('lateNotice', lateOn('late', 'apply', true)),
  // An intermediate throw after a task: the top is locked and taken on in the called instance's action.
  laterNotice: `<bpmn:startEvent id="s" />${flow('f1', 's', 'review')}${task('review')}${flow('f2', 'review', 'notify')}${lateThrow('notify')}${flow('f3', 'notify', 'confirm')}${task('confirm')}${flow('f4', 'confirm', 'done')}<bpmn:endEvent id="done" />`,
  laterRelay: `<bpmn:startEvent id="s" />${flow('f1', 's', 'relay')}${callOf('relay', 'laterNotice')}${flow('f2', 'relay', 'relayed')}<bpmn:endEvent id="relayed" />`,
  laterDesk: caller('laterRelay', lateOn('late', 'apply', false)),
  // A throw inside a sub-process of the same instance, caught on the sub-process.
  ...Object.fromEntries(
    [true, false].map((interrupting) => [
      interrupting ? 'insideStop' : 'insideNote',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'work')}<bpmn:subProcess id="work"><bpmn:startEvent id="ws" />${flow('w1', 'ws', 'notify')}${lateThrow('notify')}
        ${flow('w2', 'notify', 'confirm')}${task('confirm')}${flow('w3', 'confirm', 'we')}<bpmn:endEvent id="we" /></bpmn:subProcess>${flow('f2', 'work', 'filed')}<bpmn:endEvent id="filed" />
        ${lateOn('late', 'work', interrupting)}${flow('f3', 'late', 'chase')}${task('chase')}${flow('f4', 'chase', 'chased')}<bpmn:endEvent id="chased" />`,
    ]),
  ),
  // The caught escalation's code in a variable of the catching caller: a coded interrupting boundary
  // two levels up, and a catch-all non-interrupting one (docs/adr/0195-escalations-walk-up-and-error-data.md).
  lateCoded: caller(
    'lateRelay',
    lateOn('late', 'apply', true, 'escalationRef="escLate" camunda:escalationCodeVariable="escalated"'),
  ),
  urgentNotice: `<bpmn:startEvent id="s" />${flow('f1', 's', 'notify')}${lateThrow('notify', 'escUrgent')}${flow('f2', 'notify', 'confirm')}${task('confirm')}${flow('f3', 'confirm', 'done')}<bpmn:endEvent id="done" />`,
  urgentDesk: caller('urgentNotice', anyOn('late', 'apply')),
  // A multi-instance sub-process around a call activity whose process throws twice, at its start and after a
  // task; the non-interrupting boundary on the sub-process catches every throw of every instance.
  urgentTwice: `<bpmn:startEvent id="s" />${flow('f1', 's', 'notify')}${lateThrow('notify', 'escUrgent')}${flow('f2', 'notify', 'review')}${task('review')}
    ${flow('f3', 'review', 'again')}${lateThrow('again', 'escUrgent')}${flow('f4', 'again', 'done')}<bpmn:endEvent id="done" />`,
  eachDesk: `<bpmn:startEvent id="s" />${flow('f1', 's', 'each')}<bpmn:subProcess id="each"><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${items}" camunda:elementVariable="item" />
      <bpmn:startEvent id="es" />${flow('e1', 'es', 'ask')}${callOf('ask', 'urgentTwice')}${flow('e2', 'ask', 'ee')}<bpmn:endEvent id="ee" /></bpmn:subProcess>
    ${flow('f2', 'each', 'filed')}<bpmn:endEvent id="filed" />${anyOn('late', 'each')}${flow('f3', 'late', 'chase')}${task('chase')}${flow('f4', 'chase', 'chased')}<bpmn:endEvent id="chased" />`,
  // An error end whose bpmn:error declares its message.
  lowScore: `<bpmn:startEvent id="s" />${flow('f1', 's', 'low')}<bpmn:endEvent id="low"><bpmn:errorEventDefinition errorRef="eLow" /></bpmn:endEvent>`,
  scoreDesk: caller(
    'lowScore',
    `<bpmn:boundaryEvent id="late" attachedToRef="apply"><bpmn:errorEventDefinition errorRef="eLow" camunda:errorCodeVariable="code" camunda:errorMessageVariable="why" /></bpmn:boundaryEvent>`,
  ),
};

describe.each(targets)('Escalations walking up the call activities, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'es');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, await drawnCorpus(PROCESSES, drawn), ['finance']);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (processId: string) => runtime.start(processId, 'es-init', { formData: { amount: 9000 } });
  const status = async (id: string) => (await instanceOf(server.db, id)).status;
  const onlyChild = async (id: string) => {
    const children = await calledInstances(server.db, id);
    expect(children).toHaveLength(1);
    return children[0].id;
  };

  it('an interrupting boundary two levels up: every instance on the way ends interrupted, the top takes its path', async () => {
    const top = await start('lateDesk');
    const middle = await onlyChild(top);
    const leaf = await onlyChild(middle);
    expect(await runtime.submit('lateReview', leaf, 'es-r1')).toBe('completed');
    expect(await historyOf(server.db, leaf)).toEqual(['start s', 'submit review', 'complete overdue']);
    expect(await status(middle)).toBe('completed');
    // The call activity's entry, then the instance's closing one at it (docs/adr/0194-conditional-boundaries-non-interrupting.md).
    expect(await historyOf(server.db, middle)).toEqual(['start s', 'interrupted relay', 'interrupted relay']);
    expect(await status(top)).toBe('running');
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto late', 'interrupted apply']);
    expect((await runtime.diagram('lateDesk', top, 'es-init')).interrupted).toEqual(['apply']);
    expect(await runtime.submit('lateDesk', top, 'es-r1')).toBe('completed');
    expect((await historyOf(server.db, top)).at(-1)).toBe('complete chased');
  });

  it('a non-interrupting boundary two levels up, thrown in the same action: the top takes its path, the calls run on', async () => {
    const top = await start('noticeDesk');
    const middle = await onlyChild(top);
    const leaf = await onlyChild(middle);
    expect(await historyOf(server.db, leaf)).toEqual(['start s', 'auto notify']);
    expect(await openTaskNodes(server.db, leaf)).toEqual(['confirm']);
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto late']);
    for (const id of [top, middle, leaf]) expect(await status(id)).toBe('running');
    // The called instances complete as drawn; the top goes on after its call activity too.
    expect(await runtime.submit('lateNotice', leaf, 'es-r1')).toBe('completed');
    expect(await status(middle)).toBe('completed');
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto late', 'auto apply', 'auto filed']);
    expect(await runtime.submit('noticeDesk', top, 'es-r1')).toBe('completed');
  });

  it("a non-interrupting boundary two levels up, thrown in the called instance's own action", async () => {
    const top = await start('laterDesk');
    const middle = await onlyChild(top);
    const leaf = await onlyChild(middle);
    expect(await runtime.submit('laterNotice', leaf, 'es-r1')).toBe('running');
    expect(await historyOf(server.db, leaf)).toEqual(['start s', 'submit review', 'auto notify']);
    expect(await openTaskNodes(server.db, leaf)).toEqual(['confirm']);
    expect(await historyOf(server.db, middle)).toEqual(['start s']);
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto late']);
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    for (const id of [top, middle]) expect(await status(id)).toBe('running');
  });

  it('an interrupting boundary on the direct call activity ends the called instance at the throw event', async () => {
    const top = await start('noticeStop');
    const leaf = await onlyChild(top);
    expect(await status(leaf)).toBe('completed');
    expect(await openTaskNodes(server.db, leaf)).toEqual([]);
    expect(await historyOf(server.db, leaf)).toEqual(['start s', 'auto notify', 'interrupted notify']);
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto late', 'interrupted apply']);
  });

  it("a throw event caught by its sub-process's boundary: interrupting stops its path, non-interrupting lets it go on", async () => {
    const stopped = await start('insideStop');
    expect(await openTaskNodes(server.db, stopped)).toEqual(['chase']);
    expect(await historyOf(server.db, stopped)).toEqual([
      'start s',
      'auto ws',
      'auto notify',
      'interrupted work',
      'auto late',
    ]);
    const noted = await start('insideNote');
    expect(await openTaskNodes(server.db, noted)).toEqual(['chase', 'confirm']);
    expect(await historyOf(server.db, noted)).toEqual(['start s', 'auto ws', 'auto notify', 'auto late']);
  });

  it('an escalation nothing catches: the throw event passes on, no caller moves', async () => {
    const top = await start('noticePlain');
    const middle = await onlyChild(top);
    const leaf = await onlyChild(middle);
    expect(await historyOf(server.db, leaf)).toEqual(['start s', 'auto notify']);
    expect(await openTaskNodes(server.db, leaf)).toEqual(['confirm']);
    expect(await historyOf(server.db, top)).toEqual(['start s']);
    expect(await historyOf(server.db, middle)).toEqual(['start s']);
  });

  it("an error end's camunda:errorMessage is set into the catching boundary's errorMessageVariable", async () => {
    const top = await start('scoreDesk');
    const leaf = await onlyChild(top);
    expect(await status(leaf)).toBe('completed');
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    const { form_data } = await instanceOf(server.db, top);
    expect(form_data).toMatchObject({ code: 'SCORE_LOW', why: 'Score below threshold' });
    expect(await historyOf(server.db, top)).toEqual(['start s', 'auto late', 'interrupted apply']);
  });

  it("an escalation boundary's camunda:escalationCodeVariable gets the caught code, two levels up", async () => {
    const top = await start('lateCoded');
    const leaf = await onlyChild(await onlyChild(top));
    expect((await instanceOf(server.db, top)).form_data).not.toHaveProperty('escalated');
    expect(await runtime.submit('lateReview', leaf, 'es-r1')).toBe('completed');
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    expect((await instanceOf(server.db, top)).form_data).toMatchObject({ escalated: 'LATE' });
  });

  it('a catch-all escalation boundary tells in its variable which code was thrown', async () => {
    const top = await start('urgentDesk');
    const leaf = await onlyChild(top);
    expect(await openTaskNodes(server.db, leaf)).toEqual(['confirm']);
    expect(await openTaskNodes(server.db, top)).toEqual(['chase']);
    expect((await instanceOf(server.db, top)).form_data).toMatchObject({ code: 'URGENT' });
    expect((await instanceOf(server.db, leaf)).form_data).not.toHaveProperty('code');
  });

  it('a non-interrupting boundary on a multi-instance sub-process takes its path once per throw of a called process, the instances running on', async () => {
    const top = await runtime.start('eachDesk', 'es-init', { formData: { items: ['a', 'b'] } });
    const leaves = (await calledInstances(server.db, top)).map((c) => c.id);
    expect(leaves).toHaveLength(2);
    // Both called instances threw at their start, in the starting action: two paths of the boundary.
    expect(await taskStatusesAt(server.db, top, 'chase')).toEqual(['open', 'open']);
    expect((await instanceOf(server.db, top)).form_data).toMatchObject({ code: 'URGENT' });
    for (const leaf of leaves) expect(await openTaskNodes(server.db, leaf)).toEqual(['review']);
    // Each throws again in its own action: one more path each, its sub-process instance ending after it.
    expect(await runtime.submit('urgentTwice', leaves[0], 'es-r1')).toBe('completed');
    expect(await taskStatusesAt(server.db, top, 'chase')).toEqual(['open', 'open', 'open']);
    expect(await status(top)).toBe('running');
    expect(await historyOf(server.db, top)).not.toContain('auto filed');
    expect(await status(leaves[1])).toBe('running');
    expect(await runtime.submit('urgentTwice', leaves[1], 'es-r1')).toBe('completed');
    expect(await taskStatusesAt(server.db, top, 'chase')).toEqual(['open', 'open', 'open', 'open']);
    // Every instance done, the sub-process goes on; the boundary's four tasks wait.
    expect(await historyOf(server.db, top)).toContain('auto filed');
    expect(await status(top)).toBe('running');
    // The boundary's paths run at the process's level: done one by one, the last completes the instance.
    for (const left of ['running', 'running', 'running', 'completed'])
      expect(await runtime.submit('eachDesk', top, 'es-r1')).toBe(left);
  });
});
