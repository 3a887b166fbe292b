// Conditional events (docs/adr/0139-call-activities-and-conditional-events.md) run through the runtime REST on both databases:
// a conditional catch event waits until an action makes its condition hold over the instance's
// variables (or is passed at once when it already holds), an interrupting conditional boundary event
// leaves its approval, cancelling its task, when its condition holds, and a non-interrupting one starts
// its path beside its approval each time its condition becomes true
// (docs/adr/0194-conditional-boundaries-non-interrupting.md), also on and inside a multi-instance
// sub-process; a condition naming its variable (`camunda:variableName`, `camunda:variableEvents`) looked
// at only after an action that set it so. The drawings are corpus files, and some written here as
// Camunda Modeler writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { flow, makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { camundaDrawn, drawnCorpus, installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { activeTokenNodes, historyOf, loopTokens, openTaskNodes, tasksOf } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
const corpus = (await readCorpus()).filter((c) =>
  ['c7-conditional-claim.bpmn', 'c7-contract-negotiation.bpmn'].includes(c.file),
);
const REVIEW = 'Activity_1r6m2qd';
const NEGOTIATE = 'Activity_0m4j6ke';
const RAISED = 'Event_0q8d4tn';
const ANSWER = 'Activity_0t5h9wz';

const condition = (text: string) => `<bpmn:condition xsi:type="bpmn:tFormalExpression">${text}</bpmn:condition>`;
const reminder = (id: string, on: string, text: string) =>
  `<bpmn:boundaryEvent id="${id}" cancelActivity="false" attachedToRef="${on}"><bpmn:conditionalEventDefinition>${condition(text)}</bpmn:conditionalEventDefinition></bpmn:boundaryEvent>`;
/** A check per item in a multi-instance sub-process: an item equal to `flag` is noted inside its instance
 *  (a reminder on its check), and `urgent` asks for an escalation beside the whole round (one on it). */
const ROUND = `<bpmn:startEvent id="s" />${flow('f1', 's', 'x')}
    <bpmn:subProcess id="x" name="Each item"><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${items}" camunda:elementVariable="item" />
      <bpmn:startEvent id="xs" />${flow('i1', 'xs', 'check')}<bpmn:userTask id="check" name="Check" camunda:candidateGroups="legal" />${flow('i2', 'check', 'xe')}<bpmn:endEvent id="xe" />
      ${reminder('flagged', 'check', '${flag == item}')}${flow('i3', 'flagged', 'noted')}<bpmn:endEvent id="noted" />
    </bpmn:subProcess>${flow('f2', 'x', 'e')}<bpmn:endEvent id="e" />
    ${reminder('urgent', 'x', '${urgent == true}')}${flow('f3', 'urgent', 'escalate')}<bpmn:userTask id="escalate" name="Escalate" camunda:candidateGroups="purchasing" />${flow('f4', 'escalate', 'ue')}<bpmn:endEvent id="ue" />
  `;

const task = (id: string, group: string) =>
  `<bpmn:userTask id="${id}" name="${id}" camunda:candidateGroups="${group}" />`;
/** Conditions that watch one variable (docs/adr/0194-conditional-boundaries-non-interrupting.md): a catch
 *  event looked at only when `approved` was set, a reminder on `hold` only when `note` was created; the
 *  finance edits change the variables, the purchasing tasks (r2's) wait. */
const WATCH = `<bpmn:startEvent id="s" />${flow('f1', 's', 'g')}<bpmn:parallelGateway id="g" />
    ${flow('a1', 'g', 'ready')}<bpmn:intermediateCatchEvent id="ready"><bpmn:conditionalEventDefinition camunda:variableName="approved">${condition('${amount > 100 && approved == true}')}</bpmn:conditionalEventDefinition></bpmn:intermediateCatchEvent>
    ${flow('a2', 'ready', 'pay')}${task('pay', 'purchasing')}${flow('a3', 'pay', 'ae')}<bpmn:endEvent id="ae" />
    ${flow('b1', 'g', 'hold')}${task('hold', 'purchasing')}${flow('b2', 'hold', 'be')}<bpmn:endEvent id="be" />
    <bpmn:boundaryEvent id="noted" cancelActivity="false" attachedToRef="hold"><bpmn:conditionalEventDefinition camunda:variableName="note" camunda:variableEvents="create">${condition("${note == 'x'}")}</bpmn:conditionalEventDefinition></bpmn:boundaryEvent>
    ${flow('b3', 'noted', 'read')}${task('read', 'purchasing')}${flow('b4', 'read', 'ne')}<bpmn:endEvent id="ne" />
    ${flow('c1', 'g', 'edit1')}${task('edit1', 'finance')}${flow('c2', 'edit1', 'edit2')}${task('edit2', 'finance')}${flow('c3', 'edit2', 'edit3')}${task('edit3', 'finance')}${flow('c4', 'edit3', 'ce')}<bpmn:endEvent id="ce" />
  `;

describe.each(targets)('conditional events on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'ce');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    // Negotiating is r2's, everything else r1's.
    const groups = ['approver', 'finance', 'legal', 'purchasing'];
    const drawn = await drawnCorpus({ checkRound: ROUND, watchDesk: WATCH }, camundaDrawn);
    await installCorpus(server.db, world, [...corpus, ...drawn], groups, (g) =>
      g === 'purchasing' ? world.users.r2 : world.users.r1,
    );
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const start = (formData: Record<string, unknown>) => runtime.start('claimSettlement', 'ce-init', { formData });
  const submit = (id: string, formData: Record<string, unknown>) =>
    runtime.submit('claimSettlement', id, 'ce-r1', { formData });
  const tokens = (id: string) => activeTokenNodes(server.db, id);
  const history = (id: string) => historyOf(server.db, id);
  const tasks = (id: string) => tasksOf(server.db, id);

  it('waits at a conditional catch event until an action makes its condition hold', async () => {
    const id = await start({});
    expect(await tokens(id)).toEqual(['Activity_0d4s7kx', 'Event_1c9x2ra']);
    const state = await server.db
      .selectFrom('flow_instances')
      .select('state_label')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(state.state_label).toBe('Collect documents, Documents complete');
    // The submission changes the variable: the condition holds, the catch event is passed, the join goes on.
    await submit(id, { documentsComplete: true });
    expect(await tokens(id)).toEqual(['Activity_1u7g0fb']);
    expect(await history(id)).toEqual(['start StartEvent_1', 'submit Activity_0d4s7kx', 'auto Event_1c9x2ra']);
    expect(await submit(id, {})).toBe('completed');
  }, 120_000);

  it('passes a conditional catch event at once when its condition already holds', async () => {
    const id = await start({ documentsComplete: true });
    expect(await tokens(id)).toEqual(['Activity_0d4s7kx']);
    expect(await history(id)).toEqual(['start StartEvent_1', 'auto Event_1c9x2ra']);
  }, 120_000);

  it('leaves an approval by its conditional boundary event, cancelling its task, when the condition holds', async () => {
    const id = await start({ documentsComplete: true });
    // "Pay claim" is entered with withdrawn already true: the boundary fires in the same action.
    expect(await submit(id, { withdrawn: true })).toBe('completed');
    expect(await tasks(id)).toEqual(['Activity_0d4s7kx:done', 'Activity_1u7g0fb:cancelled']);
    expect(await history(id)).toEqual([
      'start StartEvent_1',
      'auto Event_1c9x2ra',
      'submit Activity_0d4s7kx',
      'auto Event_0h3r5ju',
      'complete Event_0y5t9mb',
    ]);
  }, 120_000);

  it('starts a non-interrupting boundary path once each time its condition becomes true, the approval running on', async () => {
    const id = await runtime.start('contractNegotiation', 'ce-init', { formData: {} });
    const negotiate = (formData: Record<string, unknown>) =>
      runtime.submit('contractNegotiation', id, 'ce-r2', { formData: { agreed: false, ...formData } });
    const legal = () => runtime.submit('contractNegotiation', id, 'ce-r1', { formData: {} });
    const raised = async () => (await history(id)).filter((h) => h === `auto ${RAISED}`).length;
    expect(await tokens(id)).toEqual([NEGOTIATE, REVIEW]);
    // The question is raised: its path starts beside the review, which keeps its token and task.
    expect(await negotiate({ legalQuestion: true })).toBe('running');
    expect(await tokens(id)).toEqual([NEGOTIATE, ANSWER, REVIEW]);
    expect(await raised()).toBe(1);
    // Still true after another action that writes variables: not fired again.
    expect(await negotiate({ legalQuestion: true, note: 'x' })).toBe('running');
    expect(await raised()).toBe(1);
    // False, then true again: fired a second time.
    expect(await negotiate({ legalQuestion: false })).toBe('running');
    expect(await raised()).toBe(1);
    expect(await negotiate({ legalQuestion: true })).toBe('running');
    expect(await raised()).toBe(2);
    expect(await tokens(id)).toEqual([NEGOTIATE, ANSWER, ANSWER, REVIEW]);
    // Tasks opened in one action share their time: compared in node order.
    expect((await tasks(id)).sort()).toEqual([
      ...Array<string>(4).fill(`${NEGOTIATE}:done`),
      `${NEGOTIATE}:open`,
      `${ANSWER}:open`,
      `${ANSWER}:open`,
      `${REVIEW}:open`,
    ]);
    // The review completes as drawn; the answers' paths end on their own.
    expect(await negotiate({ agreed: true })).toBe('running');
    expect(await legal()).toBe('running');
    expect(await legal()).toBe('running');
    expect(await legal()).toBe('completed');
    expect(await history(id)).toEqual([
      'start StartEvent_1',
      `submit ${NEGOTIATE}`,
      `auto ${RAISED}`,
      `submit ${NEGOTIATE}`,
      `submit ${NEGOTIATE}`,
      `submit ${NEGOTIATE}`,
      `auto ${RAISED}`,
      `submit ${NEGOTIATE}`,
      `submit ${REVIEW}`,
      'auto Event_0v7b1ny',
      `submit ${ANSWER}`,
      'auto Event_1x2c7mb',
      `submit ${ANSWER}`,
      'complete Event_1x2c7mb',
    ]);
    const diagram = await runtime.diagram('contractNegotiation', id, 'ce-init');
    expect(diagram.interrupted).toEqual([]);
    expect(diagram.done).toEqual(expect.arrayContaining([REVIEW, RAISED, ANSWER]));
  }, 120_000);

  it('starts it at once when the condition holds as the approval is entered, and only then', async () => {
    const id = await runtime.start('contractNegotiation', 'ce-init', { formData: { legalQuestion: true } });
    expect(await tokens(id)).toEqual([NEGOTIATE, ANSWER, REVIEW]);
    expect(await history(id)).toEqual(['start StartEvent_1', `auto ${RAISED}`]);
    expect(await runtime.submit('contractNegotiation', id, 'ce-r2', { formData: { agreed: false } })).toBe('running');
    expect(await history(id)).toEqual(['start StartEvent_1', `auto ${RAISED}`, `submit ${NEGOTIATE}`]);
  }, 120_000);

  it('fires reminders on a multi-instance sub-process (outside its instances) and inside one (in its instance)', async () => {
    const id = await runtime.start('checkRound', 'ce-init', { formData: { items: ['a', 'b'], flag: 'b' } });
    // Instance b's check met its condition on arrival: its note's path ended inside that instance only.
    expect(await loopTokens(server.db, id)).toEqual(['check@0', 'check@1', 'x']);
    expect(await history(id)).toEqual(['start s', 'auto xs', 'auto xs', 'auto flagged', 'auto noted']);
    const check = (formData: Record<string, unknown>) => runtime.submit('checkRound', id, 'ce-r1', { formData });
    expect(await check({ urgent: true })).toBe('running');
    const left = await loopTokens(server.db, id);
    expect(left.filter((t) => t.startsWith('check@'))).toHaveLength(1);
    expect(left.filter((t) => !t.startsWith('check@'))).toEqual(['escalate', 'x']);
    // Still urgent, and b still flagged: neither fires again; the round completes beside the escalation.
    expect(await check({ urgent: true })).toBe('running');
    expect(await loopTokens(server.db, id)).toEqual(['escalate']);
    const entries = await history(id);
    expect(entries.filter((h) => h === 'auto urgent' || h === 'auto flagged')).toEqual(['auto flagged', 'auto urgent']);
    expect(entries.slice(-2)).toEqual(['auto x', 'auto e']);
    expect(await runtime.submit('checkRound', id, 'ce-r2', { formData: {} })).toBe('completed');
    expect((await history(id)).at(-1)).toBe('complete ue');
  }, 120_000);

  it('looks at a condition that names its variable only after an action that set it, and of the kinds named', async () => {
    const id = await runtime.start('watchDesk', 'ce-init', { formData: { approved: true, amount: 0 } });
    const edit = (formData: Record<string, unknown>) => runtime.submit('watchDesk', id, 'ce-r1', { formData });
    expect(await tokens(id)).toEqual(['edit1', 'hold', 'ready']);
    // The catch event's condition holds now, but `approved` was not set: it waits. `note` is created, its condition false.
    expect(await edit({ amount: 500, note: 'y' })).toBe('running');
    expect(await tokens(id)).toEqual(['edit2', 'hold', 'ready']);
    // `approved` set again (the same value: an update), the catch event is passed; `note` updated to what
    // the reminder's condition asks, but it watches only its creation.
    expect(await edit({ approved: true, note: 'x' })).toBe('running');
    expect(await tokens(id)).toEqual(['edit3', 'hold', 'pay']);
    expect(await history(id)).not.toContain('auto noted');
    expect(await openTaskNodes(server.db, id)).toEqual(['edit3', 'hold', 'pay']);
  });

  it("fires a reminder watching a variable's creation when an action creates it holding", async () => {
    const id = await runtime.start('watchDesk', 'ce-init', { formData: { approved: false, amount: 0 } });
    expect(await runtime.submit('watchDesk', id, 'ce-r1', { formData: { note: 'x' } })).toBe('running');
    expect(await history(id)).toContain('auto noted');
    expect(await openTaskNodes(server.db, id)).toEqual(['edit2', 'hold', 'read']);
    expect(await tokens(id)).toContain('ready');
  });
});
