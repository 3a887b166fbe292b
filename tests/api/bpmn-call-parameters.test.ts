// Camunda 7's input/output parameters on a call activity (docs/adr/0226-call-activity-input-output-parameters.md),
// through the runtime REST on both databases, in a caller and a called process drawn as Camunda Modeler 7
// saves them and installed in one application: the input parameters are the call activity's own
// variables, kept on its token, which `camunda:in` reads (by name, and `variables="all" local="true"`);
// `camunda:out local="true"` makes one more of them, an `out` whose target it holds stays its own; the
// output parameters, evaluated over them when the called instance completes, reach the process (inside
// a multi-instance sub-process, over the instance's element too), and none does when an error boundary
// interrupts the call activity.
import { describe, expect, it } from 'vitest';
import type { CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { camundaDrawn, drawnCorpus } from './helpers/corpus-world.ts';
import {
  activeTokenNodes,
  calledInstances,
  historyOf,
  instanceOf,
  openTaskAssignees,
} from './helpers/instance-readers.ts';
import { mappingWorld } from './helpers/mapping-world.ts';

const targets = await databaseTargets();
const OVER_BUDGET = '<bpmn:error id="Error_0k3p1vb" name="Over budget" errorCode="OVER_BUDGET" />';
const CALLER = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:callActivity id="Activity_0b7k2tr" name="Book travel" calledElement="travelBooking">
    <bpmn:extensionElements>
      <camunda:in source="budget" target="limit" />
      <camunda:in variables="all" local="true" />
      <camunda:in source="destination" target="city" />
      <camunda:out source="quote" target="quote" local="true" />
      <camunda:out source="handledBy" target="booker" />
      <camunda:out source="confirmation" target="confirmation" />
      <camunda:inputOutput>
        <camunda:inputParameter name="budget">\${trip.nights * trip.rate}</camunda:inputParameter>
        <camunda:inputParameter name="booker">\${trip.agent}</camunda:inputParameter>
        <camunda:outputParameter name="bookedTotal">\${quote}</camunda:outputParameter>
        <camunda:outputParameter name="bookedBy">\${booker}</camunda:outputParameter>
      </camunda:inputOutput>
    </bpmn:extensionElements>
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
  </bpmn:callActivity>
  <bpmn:boundaryEvent id="Event_1d0v3hq" name="Over budget" attachedToRef="Activity_0b7k2tr">
    <bpmn:outgoing>Flow_3</bpmn:outgoing>
    <bpmn:errorEventDefinition id="ErrorEventDefinition_0q4z7mb" errorRef="Error_0k3p1vb" />
  </bpmn:boundaryEvent>
  <bpmn:endEvent id="Event_0w8n4sd" name="Booked"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
  <bpmn:endEvent id="Event_1j6c2ya" name="Refused"><bpmn:incoming>Flow_3</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0b7k2tr" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_0b7k2tr" targetRef="Event_0w8n4sd" />
  <sequenceFlow id="Flow_3" sourceRef="Event_1d0v3hq" targetRef="Event_1j6c2ya" />`;
const CALLED = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:userTask id="Activity_1p2x9fe" name="Quote the trip" camunda:assignee="\${booker}">
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
  </bpmn:userTask>
  <bpmn:exclusiveGateway id="Gateway_0r5m1kc" name="Within budget?">
    <bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing><bpmn:outgoing>Flow_4</bpmn:outgoing>
  </bpmn:exclusiveGateway>
  <bpmn:endEvent id="Event_0h2s6tw" name="Quoted"><bpmn:incoming>Flow_3</bpmn:incoming></bpmn:endEvent>
  <bpmn:endEvent id="Event_1m9f3rd" name="Too dear">
    <bpmn:incoming>Flow_4</bpmn:incoming>
    <bpmn:errorEventDefinition id="ErrorEventDefinition_1t6c0xe" errorRef="Error_0k3p1vb" />
  </bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_1p2x9fe" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_1p2x9fe" targetRef="Gateway_0r5m1kc" />
  <sequenceFlow id="Flow_3" name="yes" sourceRef="Gateway_0r5m1kc" targetRef="Event_0h2s6tw">
    <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${quote &lt;= limit}</bpmn:conditionExpression>
  </sequenceFlow>
  <sequenceFlow id="Flow_4" name="no" sourceRef="Gateway_0r5m1kc" targetRef="Event_1m9f3rd">
    <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${quote &gt; limit}</bpmn:conditionExpression>
  </sequenceFlow>`;
/** The call activity inside each instance of a parallel multi-instance sub-process: its input and its
 *  outputs read the instance's element. */
const ROUND = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:subProcess id="Activity_0e4m2ha" name="Each agent">
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
    <bpmn:multiInstanceLoopCharacteristics camunda:collection="\${agents}" camunda:elementVariable="agent" />
    <bpmn:startEvent id="Event_0n1"><bpmn:outgoing>Flow_3</bpmn:outgoing></bpmn:startEvent>
    <bpmn:callActivity id="Activity_1k7v0qs" name="Ask agent" calledElement="travelBooking">
      <bpmn:extensionElements>
        <camunda:in source="budget" target="limit" />
        <camunda:in variables="all" local="true" />
        <camunda:out source="quote" target="quote" local="true" />
        <camunda:inputOutput>
          <camunda:inputParameter name="booker">\${agent}</camunda:inputParameter>
          <camunda:outputParameter name="lastQuote">\${quote}</camunda:outputParameter>
          <camunda:outputParameter name="lastAgent">\${agent}</camunda:outputParameter>
        </camunda:inputOutput>
      </bpmn:extensionElements>
      <bpmn:incoming>Flow_3</bpmn:incoming><bpmn:outgoing>Flow_4</bpmn:outgoing>
    </bpmn:callActivity>
    <bpmn:endEvent id="Event_0n2"><bpmn:incoming>Flow_4</bpmn:incoming></bpmn:endEvent>
    <sequenceFlow id="Flow_3" sourceRef="Event_0n1" targetRef="Activity_1k7v0qs" />
    <sequenceFlow id="Flow_4" sourceRef="Activity_1k7v0qs" targetRef="Event_0n2" />
  </bpmn:subProcess>
  <bpmn:endEvent id="Event_1x3"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0e4m2ha" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_0e4m2ha" targetRef="Event_1x3" />`;
const files: CorpusFile[] = await drawnCorpus(
  { travelRequest: CALLER, travelBooking: CALLED, travelRound: ROUND },
  (id, body) => camundaDrawn(id, body, OVER_BUDGET),
);

describe.each(targets)("a call activity's input/output parameters, on $name", (target) => {
  const cp = mappingWorld(target, 'cp', files);
  const { variables } = cp;
  const callLocals = async (id: string) =>
    (
      await cp.server.db
        .selectFrom('flow_tokens')
        .select('locals')
        .where('instance_id', '=', id)
        .where('node_id', '=', 'Activity_0b7k2tr')
        .executeTakeFirst()
    )?.locals;
  const trip = { nights: 3, rate: 400, agent: 'cp-r1' };
  const started = async () => {
    const id = await cp.runtime.start('travelRequest', 'cp-init', { formData: { trip, destination: 'Lyon' } });
    const [child] = await calledInstances(cp.server.db, id);
    return { id, child };
  };

  it('installs both drawings with nothing warned about', () => {
    for (const file of files) expect(file.read.cautions.map((c) => `${c.key} ${String(c.params.part)}`)).toEqual([]);
  });

  it('passes its inputs in through camunda:in, keeps them its own, and sets its outputs over what came out', async () => {
    const { id, child } = await started();
    // Only what `in` names went in: the inputs by name and all of them through `local`.
    expect(child.form_data).toEqual({ limit: 1200, budget: 1200, booker: 'cp-r1', city: 'Lyon' });
    expect(await openTaskAssignees(cp.server.db, child.id)).toEqual(['Activity_1p2x9fe:cp-r1']);
    expect(await callLocals(id)).toEqual({ budget: 1200, booker: 'cp-r1' });
    expect(await variables(id)).toEqual({ trip, destination: 'Lyon' });
    await cp.runtime.submit('travelBooking', child.id, 'cp-r1', {
      formData: { quote: 1100, handledBy: 'cp-r2', confirmation: 'LY-77' },
    });
    expect(await instanceOf(cp.server.db, child.id)).toMatchObject({ status: 'completed' });
    expect(await instanceOf(cp.server.db, id)).toMatchObject({ status: 'completed' });
    // `quote` came out as the call activity's own, `handledBy` into `booker`, which it holds: only the
    // output parameters and the plain `out` reach the process.
    expect(await variables(id)).toEqual({
      trip,
      destination: 'Lyon',
      confirmation: 'LY-77',
      bookedTotal: 1100,
      bookedBy: 'cp-r2',
    });
    expect(await activeTokenNodes(cp.server.db, id)).toEqual([]);
    expect((await historyOf(cp.server.db, id)).slice(-2)).toEqual(['auto Activity_0b7k2tr', 'complete Event_0w8n4sd']);
  }, 120_000);

  it('sets no output when an error boundary interrupts it, and leaves nothing of its own behind', async () => {
    const { id, child } = await started();
    await cp.runtime.submit('travelBooking', child.id, 'cp-r1', { formData: { quote: 1500, handledBy: 'cp-r2' } });
    expect(await instanceOf(cp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await historyOf(cp.server.db, id)).toContain('interrupted Activity_0b7k2tr');
    const left = await variables(id);
    for (const name of ['bookedTotal', 'bookedBy', 'budget', 'booker', 'quote']) expect(left).not.toHaveProperty(name);
    expect(await activeTokenNodes(cp.server.db, id)).toEqual([]);
  }, 120_000);

  it("inside each instance of a multi-instance sub-process, reads the instance's element in and out", async () => {
    const id = await cp.runtime.start('travelRound', 'cp-init', {
      formData: { agents: ['cp-r1', 'cp-r2'], budget: 2000 },
    });
    const children = await calledInstances(cp.server.db, id);
    const childOf = (agent: string) => children.find((c) => (c.form_data as { booker?: string }).booker === agent)!;
    expect(childOf('cp-r2').form_data).toEqual({ limit: 2000, booker: 'cp-r2' });
    await cp.runtime.submit('travelBooking', childOf('cp-r2').id, 'cp-r2', { formData: { quote: 900 } });
    expect(await variables(id)).toEqual({
      agents: ['cp-r1', 'cp-r2'],
      budget: 2000,
      lastQuote: 900,
      lastAgent: 'cp-r2',
    });
    await cp.runtime.submit('travelBooking', childOf('cp-r1').id, 'cp-r1', { formData: { quote: 800 } });
    expect(await instanceOf(cp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({
      agents: ['cp-r1', 'cp-r2'],
      budget: 2000,
      lastQuote: 800,
      lastAgent: 'cp-r1',
    });
  }, 120_000);
});
