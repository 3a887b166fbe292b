// Zeebe's output mappings on catch events (docs/adr/0221-sub-process-variable-scopes.md), through the
// runtime REST on both databases: an error boundary inside an instance of a multi-instance sub-process
// propagates what it caught out of the instance under the name its output gives (what it caught stays
// its own), and a message catch event sets its output in place of the message's variables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesIn, readProcess } from '../../src/core/workflow/process-definition.ts';
import type { CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { instanceOf, loopTokens } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** As Camunda Modeler 8 saves it (diagram interchange left out). */
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" xmlns:modeler="http://camunda.org/schema/modeler/1.0" id="Definitions_0b4k7sq" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.31.0" modeler:executionPlatform="Camunda Cloud" modeler:executionPlatformVersion="8.6.0">
  <bpmn:process id="bookingRun" name="Booking run" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_0a1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:subProcess id="Activity_1b7k3xw" name="Book each buyer">
      <bpmn:incoming>Flow_0a1</bpmn:incoming>
      <bpmn:outgoing>Flow_0a2</bpmn:outgoing>
      <bpmn:multiInstanceLoopCharacteristics>
        <bpmn:extensionElements>
          <zeebe:loopCharacteristics inputCollection="=buyers" inputElement="buyer" />
        </bpmn:extensionElements>
      </bpmn:multiInstanceLoopCharacteristics>
      <bpmn:startEvent id="Event_0s9d2kq"><bpmn:outgoing>Flow_0b1</bpmn:outgoing></bpmn:startEvent>
      <bpmn:serviceTask id="Activity_0k2m8vd" name="Book order">
        <bpmn:extensionElements>
          <zeebe:taskDefinition type="book-order" retries="3" />
        </bpmn:extensionElements>
        <bpmn:incoming>Flow_0b1</bpmn:incoming>
        <bpmn:outgoing>Flow_0b2</bpmn:outgoing>
      </bpmn:serviceTask>
      <bpmn:boundaryEvent id="Event_1r4x0nw" name="Out of stock" attachedToRef="Activity_0k2m8vd">
        <bpmn:extensionElements>
          <zeebe:ioMapping>
            <zeebe:output source="=reason" target="lastRefusal" />
          </zeebe:ioMapping>
        </bpmn:extensionElements>
        <bpmn:outgoing>Flow_0b3</bpmn:outgoing>
        <bpmn:errorEventDefinition id="ErrorEventDefinition_0m3c8ve" errorRef="Error_0n7w1sd" />
      </bpmn:boundaryEvent>
      <bpmn:endEvent id="Event_0e5g2hb" name="Booked"><bpmn:incoming>Flow_0b2</bpmn:incoming></bpmn:endEvent>
      <bpmn:endEvent id="Event_1v8q3lc" name="Refused"><bpmn:incoming>Flow_0b3</bpmn:incoming></bpmn:endEvent>
      <bpmn:sequenceFlow id="Flow_0b1" sourceRef="Event_0s9d2kq" targetRef="Activity_0k2m8vd" />
      <bpmn:sequenceFlow id="Flow_0b2" sourceRef="Activity_0k2m8vd" targetRef="Event_0e5g2hb" />
      <bpmn:sequenceFlow id="Flow_0b3" sourceRef="Event_1r4x0nw" targetRef="Event_1v8q3lc" />
    </bpmn:subProcess>
    <bpmn:intermediateCatchEvent id="Event_0p6t1jf" name="Payment received">
      <bpmn:extensionElements>
        <zeebe:ioMapping>
          <zeebe:output source="=amount" target="paid" />
        </zeebe:ioMapping>
      </bpmn:extensionElements>
      <bpmn:incoming>Flow_0a2</bpmn:incoming>
      <bpmn:outgoing>Flow_0a3</bpmn:outgoing>
      <bpmn:messageEventDefinition id="MessageEventDefinition_1g2u4po" messageRef="Message_2c1m9ra" />
    </bpmn:intermediateCatchEvent>
    <bpmn:endEvent id="Event_1c0y5ws"><bpmn:incoming>Flow_0a3</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_0a1" sourceRef="StartEvent_1" targetRef="Activity_1b7k3xw" />
    <bpmn:sequenceFlow id="Flow_0a2" sourceRef="Activity_1b7k3xw" targetRef="Event_0p6t1jf" />
    <bpmn:sequenceFlow id="Flow_0a3" sourceRef="Event_0p6t1jf" targetRef="Event_1c0y5ws" />
  </bpmn:process>
  <bpmn:error id="Error_0n7w1sd" name="No stock" errorCode="NO_STOCK" />
  <bpmn:message id="Message_2c1m9ra" name="payment-received">
    <bpmn:extensionElements>
      <zeebe:subscription correlationKey="=orderId" />
    </bpmn:extensionElements>
  </bpmn:message>
</bpmn:definitions>`;

const targets = await databaseTargets();
const [{ id: processId }] = await processesIn(xml);
const drawn: CorpusFile = { file: 'booking-run.bpmn', processId, xml, read: await readProcess(xml, processId) };

interface Task {
  id: string;
  instanceId: string;
  variables: Record<string, unknown>;
}

describe.each(targets)('output mappings of catch events, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'co');
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    await installCorpus(server.db, world, [drawn], []);
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const call = <T>(path: string, body: unknown, flowId?: string) =>
    runtime.call<T>(path, { userCode: 'co-init', body, flowId });
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data as Record<string, unknown>;

  it('installs with no mapping warned about', () => {
    expect(drawn.read.problems).toEqual([]);
    expect(drawn.read.cautions.map((c) => c.key)).toEqual([]);
  });

  it('a refusal caught inside an instance goes out under its output; the payment message sets only its output', async () => {
    const id = await runtime.start(processId, 'co-init', { formData: { buyers: ['ann', 'bob'], orderId: 'O-5' } });
    const fetched = await call<Task[]>('external-task/fetch-and-lock', {
      workerId: 'co-worker',
      maxTasks: 10,
      topics: [{ topicName: 'book-order', lockDuration: 30_000 }],
    });
    expect(fetched.reply.errcode, fetched.reply.errmsg).toBe(0);
    const [ann, bob] = fetched.reply
      .data!.filter((t) => t.instanceId === id)
      .sort((a, b) => String(a.variables.buyer).localeCompare(String(b.variables.buyer)));
    const refused = await call('external-task/bpmn-error', {
      id: bob.id,
      workerId: 'co-worker',
      errorCode: 'NO_STOCK',
      variables: { reason: 'bob: out of stock' },
    });
    expect(refused.reply.errcode, refused.reply.errmsg).toBe(0);
    // Only the output left the instance; what the boundary caught (`reason`) stays its own.
    expect(await variables(id)).toEqual({ buyers: ['ann', 'bob'], orderId: 'O-5', lastRefusal: 'bob: out of stock' });
    expect(await loopTokens(server.db, id)).toEqual(['Activity_0k2m8vd@0', 'Activity_1b7k3xw']);
    const booked = await call('external-task/complete', { id: ann.id, workerId: 'co-worker', variables: {} });
    expect(booked.reply.errcode, booked.reply.errmsg).toBe(0);
    const paid = await call(
      'runtime/message',
      {
        messageName: 'payment-received',
        instanceId: id,
        variables: { amount: 120, payer: 'bank' },
      },
      processId,
    );
    expect(paid.reply.errcode, paid.reply.errmsg).toBe(0);
    expect(await instanceOf(server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({
      buyers: ['ann', 'bob'],
      orderId: 'O-5',
      lastRefusal: 'bob: out of stock',
      paid: 120,
    });
  }, 120_000);
});
