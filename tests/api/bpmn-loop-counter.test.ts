// The loopCounter a multi-instance activity's instances see, numbered as the engine the file was drawn
// for numbers it (docs/adr/0228-loop-counter-by-vendor.md), through the runtime REST on both databases:
// a Camunda 7 drawing's first instance sees 0, a Camunda 8 (Zeebe) drawing's 1, at an approval (its
// input mappings and output element) and inside a sub-process (a condition routing on it).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../src/core/workflow/process-definition.ts';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';

const targets = await databaseTargets();
/** A process whose version is written as the reader wrote it before it recorded the numbering. */
const OLD_GRAPH = 'Process_f1rst0ld';
const corpus = await readCorpus();
const drawn = (file: string) => corpus.find((c) => c.file === file)!;

/** Camunda 7's countersign, each board member's task given its seat. */
const c7Seats = () =>
  redrawn(drawn('c7-countersign.bpmn'), { file: 'c7-board-seats.bpmn', processId: 'boardSeats', name: 'Board seats' }, [
    [
      'camunda:assignee="${approver}">',
      'camunda:assignee="${approver}"><bpmn:extensionElements><camunda:inputOutput><camunda:inputParameter name="seat">${loopCounter}</camunda:inputParameter></camunda:inputOutput></bpmn:extensionElements>',
    ],
  ]);
/** Camunda 8's committee vote, each task given its seat and each instance giving its seat as its output. */
const c8Seats = () =>
  redrawn(
    drawn('c8-committee-decisions.bpmn'),
    { file: 'c8-committee-counted.bpmn', processId: 'Process_c0unt3d', name: 'Committee counted' },
    [
      [
        '<zeebe:assignmentDefinition assignee="=approver" />',
        '<zeebe:assignmentDefinition assignee="=approver" /><zeebe:ioMapping><zeebe:input source="=loopCounter" target="seat" /></zeebe:ioMapping>',
      ],
      ['outputElement="=approved"', 'outputElement="=loopCounter"'],
    ],
  );
/** Camunda 8's regional review, the first region's instance approved by its loopCounter alone. */
const c8Regions = (processId = 'Process_f1rstrg') =>
  redrawn(
    drawn('c8-regional-review.bpmn'),
    { file: `${processId}.bpmn`, processId, name: `First region ${processId}` },
    [['=approved = true</bpmn:conditionExpression>', '=loopCounter = 1</bpmn:conditionExpression>']],
  );

/** The regional review with a sign-off message awaited in each region's instance after its review. */
const c8SignOff = () =>
  redrawn(
    drawn('c8-regional-review.bpmn'),
    { file: 'c8-region-sign-off.bpmn', processId: 'Process_s1gn0ff', name: 'Region sign-off' },
    [
      ['<bpmn:incoming>Flow_1b8f5ne</bpmn:incoming>', '<bpmn:incoming>Flow_s1gn0ff</bpmn:incoming>'],
      [
        '<bpmn:sequenceFlow id="Flow_1b8f5ne" sourceRef="Activity_1m4d7rk" targetRef="Gateway_0z6h1uy" />',
        `<bpmn:sequenceFlow id="Flow_1b8f5ne" sourceRef="Activity_1m4d7rk" targetRef="Event_s1gn0ff" />
      <bpmn:intermediateCatchEvent id="Event_s1gn0ff" name="Signed off">
        <bpmn:incoming>Flow_1b8f5ne</bpmn:incoming>
        <bpmn:outgoing>Flow_s1gn0ff</bpmn:outgoing>
        <bpmn:messageEventDefinition id="MessageEventDefinition_s1gn0ff" messageRef="Message_s1gn0ff" />
      </bpmn:intermediateCatchEvent>
      <bpmn:sequenceFlow id="Flow_s1gn0ff" sourceRef="Event_s1gn0ff" targetRef="Gateway_0z6h1uy" />`,
      ],
      [
        '</bpmn:process>',
        `</bpmn:process>
  <bpmn:message id="Message_s1gn0ff" name="regionSignedOff">
    <bpmn:extensionElements>
      <zeebe:subscription correlationKey="=regionManager" />
    </bpmn:extensionElements>
  </bpmn:message>`,
      ],
    ],
  );

describe.each(targets)('loopCounter as the drawing’s engine numbers it, on $name', (target) => {
  const run = corpusRun(target, 'lc', async () => [
    await c7Seats(),
    await c8Seats(),
    await c8Regions(),
    await c8Regions(OLD_GRAPH),
    await c8SignOff(),
  ]);
  const { db, start, submit } = run;
  /** Each open task's own variables at `nodeId`, by its approver's login number. */
  const openLocals = async (id: string, nodeId: string) =>
    Object.fromEntries(
      (
        await db()
          .selectFrom('flow_tasks as t')
          .innerJoin('users as u', 'u.id', 't.assignee_id')
          .select(['u.loginno', 't.locals'])
          .where('t.instance_id', '=', id)
          .where('t.node_id', '=', nodeId)
          .where('t.status', '=', 'open')
          .execute()
      ).map((t) => [t.loginno, t.locals]),
    );

  it('at a Camunda 7 approval, the first instance sees 0', async () => {
    const id = await start('boardSeats', { approvers: ['lc-r1', 'lc-r2'], signers: ['lc-lead'] });
    expect(await openLocals(id, 'Activity_0x3k2lq')).toEqual({ 'lc-r1': { seat: 0 }, 'lc-r2': { seat: 1 } });
  }, 120_000);

  it('at a Camunda 8 approval, the first instance sees 1, in its inputs and its output element', async () => {
    const flow = 'Process_c0unt3d';
    const id = await start(flow, { approvers: ['lc-r1', 'lc-r2', 'lc-lead'] });
    expect(await openLocals(id, 'Activity_1h6r0ta')).toEqual({
      'lc-r1': { seat: 1 },
      'lc-r2': { seat: 2 },
      'lc-lead': { seat: 3 },
    });
    for (const user of ['lc-lead', 'lc-r1', 'lc-r2']) await submit(flow, id, user, { approved: true });
    const { form_data } = await db()
      .selectFrom('flow_instances')
      .select('form_data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(form_data.decisions).toEqual([1, 2, 3]);
  }, 120_000);

  it('inside a Camunda 8 sub-process, the first instance sees 1', async () => {
    const flow = 'Process_f1rstrg';
    const id = await start(flow, { regions: ['lc-r1', 'lc-r2'] });
    await submit(flow, id, 'lc-r1');
    await submit(flow, id, 'lc-r2');
    // The first region's instance (loopCounter 1) is approved; the second's explains its rejection.
    expect(await run.openTasks(id)).toEqual(['Activity_0p9t3vw:lc-r2']);
  }, 120_000);

  it('gives a version written before the numbering was recorded the numbering of its file', async () => {
    const drawnApp = await db()
      .selectFrom('app_processes')
      .select(['application_id', 'bpmn'])
      .where('id', '=', OLD_GRAPH)
      .executeTakeFirstOrThrow();
    const { definition } = await readProcess(drawnApp.bpmn, OLD_GRAPH);
    const multi = Object.values(definition!.nodes).filter((n) => n.multi);
    expect(multi.map((n) => n.multi!.loopCounterFrom)).toEqual([1]);
    for (const node of multi) delete node.multi!.loopCounterFrom;
    await db()
      .insertInto('process_versions')
      .values({
        id: randomUUID(),
        application_id: drawnApp.application_id,
        process_id: OLD_GRAPH,
        version: 1,
        bpmn: drawnApp.bpmn,
        graph: JSON.stringify(definition),
      })
      .execute();
    const id = await start(OLD_GRAPH, { regions: ['lc-r1', 'lc-r2'] });
    await submit(OLD_GRAPH, id, 'lc-r1');
    await submit(OLD_GRAPH, id, 'lc-r2');
    expect(await run.openTasks(id)).toEqual(['Activity_0p9t3vw:lc-r2']);
  }, 120_000);

  it('inside a Camunda 8 sub-process, a message naming loopCounter 1 reaches the first instance', async () => {
    const flow = 'Process_s1gn0ff';
    const id = await start(flow, { regions: ['lc-r1', 'lc-r2'] });
    await submit(flow, id, 'lc-r1', { approved: false });
    await submit(flow, id, 'lc-r2', { approved: false });
    const signOff = (keys: Record<string, unknown>) =>
      run.runtime().call('runtime/message', {
        flowId: flow,
        userCode: 'lc-init',
        body: { messageName: 'regionSignedOff', instanceId: id, localCorrelationKeys: keys },
      });
    // No instance counts 0 in a Zeebe drawing.
    expect((await signOff({ loopCounter: 0 })).reply.errcode).not.toBe(0);
    expect((await signOff({ loopCounter: 1 })).reply.errcode).toBe(0);
    expect(await run.openTasks(id)).toEqual(['Activity_0p9t3vw:lc-r1']);
  }, 120_000);
});
