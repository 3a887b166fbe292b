// Input/output mappings of embedded sub-processes (docs/adr/0221-sub-process-variable-scopes.md), through
// the runtime REST on both databases, in files Camunda Modeler exports: c8-shipment-inspection
// (`zeebe:ioMapping`) and c7-contract-review (`camunda:inputOutput`). The inputs are the sub-process's own
// variables: the assignee, the form, a gateway and a worker inside see them; a variable set inside whose
// name the sub-process holds stays there; the process gets the outputs when the sub-process completes,
// and nothing of its scope when an error boundary interrupts it.
import { describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { camundaDrawn, drawnCorpus } from './helpers/corpus-world.ts';
import { activeTokenNodes, historyOf, instanceOf, loopTokens, openTaskAssignees } from './helpers/instance-readers.ts';
import { audit, regions, signing } from './helpers/mapped-drawings.ts';
import { mappingWorld } from './helpers/mapping-world.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';

const targets = await databaseTargets();
const c8 = await fixtureDrawing('io-mappings', 'c8-shipment-inspection.bpmn');
const c7 = await fixtureDrawing('io-mappings', 'c7-contract-review.bpmn');
const [step] = await drawnCorpus(
  {
    // A plain service task the engine runs itself, computing a variable through its mappings.
    orderTotals: `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:serviceTask id="Activity_0t4g1kz" name="Compute total">
    <bpmn:extensionElements>
      <camunda:inputOutput>
        <camunda:inputParameter name="net">\${order.amount}</camunda:inputParameter>
        <camunda:outputParameter name="gross">\${net + order.tax}</camunda:outputParameter>
      </camunda:inputOutput>
    </bpmn:extensionElements>
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
  </bpmn:serviceTask>
  <bpmn:endEvent id="Event_0r2k8ds"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0t4g1kz" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_0t4g1kz" targetRef="Event_0r2k8ds" />`,
  },
  camundaDrawn,
);

describe.each(targets)('input/output mappings of sub-processes, on $name', (target) => {
  const sp = mappingWorld(target, 'sp', [c8, c7, step, regions, signing, audit]);
  const { variables, formOf, work } = sp;

  it('installs the six files with no mapping warned about', () => {
    for (const file of [c8, c7, step, regions, signing, audit]) {
      expect(file.read.problems).toEqual([]);
      expect(file.read.cautions.map((c) => c.key)).toEqual([]);
    }
  });

  it('Camunda 8: the inputs assign, route and reach the worker inside; a held name stays inside; the outputs reach the process', async () => {
    const shipment = { inspector: 'sp-r1', weight: 42 };
    const id = await sp.runtime.start(c8.processId, 'sp-init', { formData: { shipment } });
    expect(await openTaskAssignees(sp.server.db, id)).toEqual(['Activity_0g5r2kd:sp-r1']);
    expect(await activeTokenNodes(sp.server.db, id)).toEqual(['Activity_0g5r2kd', 'Activity_1n4t8qz']);
    expect(await formOf(c8.processId, id, 'sp-r1')).toEqual({
      shipment,
      inspector: 'sp-r1',
      heavy: true,
      verdict: 'pending',
    });
    await sp.runtime.submit(c8.processId, id, 'sp-r1', { formData: { verdict: 'pass', remark: 'sealed' } });
    // `verdict` is the sub-process's; `remark` goes on to the process.
    expect(await variables(id)).toEqual({ shipment, remark: 'sealed' });
    const { seen, status } = await work('weigh-shipment', id, { verdict: 'fail', weightKg: 44 });
    expect(seen).toMatchObject({ shipment, remark: 'sealed', inspector: 'sp-r1', heavy: true, verdict: 'pass' });
    expect(status).toBe('completed');
    expect(await variables(id)).toEqual({
      shipment,
      remark: 'sealed',
      weightKg: 44,
      inspectionPassed: false,
      inspectedBy: 'sp-r1',
    });
    expect(await activeTokenNodes(sp.server.db, id)).toEqual([]);
  }, 120_000);

  it("Camunda 8: a light shipment passes the gateway inside on the sub-process's own `heavy`", async () => {
    const shipment = { inspector: 'sp-r2', weight: 12 };
    const id = await sp.runtime.start(c8.processId, 'sp-init', { formData: { shipment } });
    await sp.runtime.submit(c8.processId, id, 'sp-r2', { formData: { verdict: 'pass' } });
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ shipment, inspectionPassed: true, inspectedBy: 'sp-r2' });
  }, 120_000);

  it('Camunda 7: the reviewer is an input, the decision a local the task sets; the outputs reach the process', async () => {
    const contract = { lawyer: 'sp-lead', value: 9000 };
    const id = await sp.runtime.start(c7.processId, 'sp-init', { formData: { contract } });
    expect(await openTaskAssignees(sp.server.db, id)).toEqual(['Activity_1s8k3fu:sp-lead']);
    expect(await formOf(c7.processId, id, 'sp-lead')).toEqual({ contract, reviewer: 'sp-lead', approved: null });
    await sp.runtime.submit(c7.processId, id, 'sp-lead', { formData: { approved: true, note: 'fine' } });
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ contract, note: 'fine', legalOk: true, reviewedBy: 'sp-lead' });
    expect((await historyOf(sp.server.db, id)).slice(-2)).toEqual(['auto Activity_0l3g7pa', 'complete Event_1e3z8oq']);
  }, 120_000);

  it('Camunda 7: an error boundary interrupting the sub-process sets no output and leaves no scope behind', async () => {
    const contract = { lawyer: 'sp-lead', value: 500 };
    const id = await sp.runtime.start(c7.processId, 'sp-init', { formData: { contract } });
    await sp.runtime.submit(c7.processId, id, 'sp-lead', { formData: { approved: false } });
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ contract });
    expect(await activeTokenNodes(sp.server.db, id)).toEqual([]);
    expect(await historyOf(sp.server.db, id)).toContain('interrupted Activity_0l3g7pa');
  }, 120_000);

  it('a plain service task sets its output over its input, the input staying its own', async () => {
    const order = { amount: 100, tax: 10 };
    const id = await sp.runtime.start(step.processId, 'sp-init', { formData: { order } });
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ order, gross: 110 });
  }, 120_000);

  it('inside each instance of a multi-instance sub-process, the mapped sub-process has a scope of its own', async () => {
    const id = await sp.runtime.start(regions.processId, 'sp-init', { formData: { regions: ['sp-r1', 'sp-r2'] } });
    expect(await openTaskAssignees(sp.server.db, id)).toEqual(['Activity_1h5d9wq:sp-r1', 'Activity_1h5d9wq:sp-r2']);
    expect(await loopTokens(sp.server.db, id)).toEqual([
      'Activity_0m6s1vd@0',
      'Activity_0m6s1vd@1',
      'Activity_1h5d9wq@0',
      'Activity_1h5d9wq@1',
      'Activity_1q8r2mx',
    ]);
    expect(await formOf(regions.processId, id, 'sp-r2')).toMatchObject({ lead: 'sp-r2' });
    await sp.runtime.submit(regions.processId, id, 'sp-r2', {});
    expect(await variables(id)).toEqual({ regions: ['sp-r1', 'sp-r2'], lastLead: 'sp-r2' });
    expect(await formOf(regions.processId, id, 'sp-r1')).toMatchObject({ lead: 'sp-r1' });
    await sp.runtime.submit(regions.processId, id, 'sp-r1', {});
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({ regions: ['sp-r1', 'sp-r2'], lastLead: 'sp-r1' });
  }, 120_000);

  it('after a multi-instance sub-process inside a mapped one completes, the next task reads the scope', async () => {
    const id = await sp.runtime.start(audit.processId, 'sp-init', {
      formData: { audit: { lead: 'sp-lead' }, regions: ['sp-r1', 'sp-r2'] },
    });
    await sp.runtime.submit(audit.processId, id, 'sp-r1', {});
    await sp.runtime.submit(audit.processId, id, 'sp-r2', {});
    expect(await openTaskAssignees(sp.server.db, id)).toEqual(['Activity_1s7n3au:sp-lead']);
    await sp.runtime.submit(audit.processId, id, 'sp-lead', {});
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await variables(id)).toEqual({
      audit: { lead: 'sp-lead' },
      regions: ['sp-r1', 'sp-r2'],
      auditedBy: 'sp-lead',
    });
  }, 120_000);

  it('a submission that entered a mapped sub-process is taken back with its scope; one that completed it is not', async () => {
    const contract = { lawyer: 'sp-lead' };
    const id = await sp.runtime.start(signing.processId, 'sp-init', { formData: { contract } });
    const retract = (userCode: string) =>
      sp.runtime.call('runtime/retracement', { flowId: signing.processId, instanceId: id, userCode });
    await sp.runtime.submit(signing.processId, id, 'sp-r1', {});
    expect(await activeTokenNodes(sp.server.db, id)).toEqual(['Activity_0t9e2mk', 'Activity_1c4k7ch']);
    const back = await retract('sp-r1');
    expect(back.reply.errcode, back.reply.errmsg).toBe(0);
    expect(await activeTokenNodes(sp.server.db, id)).toEqual(['Activity_0p1r3ep']);
    await sp.runtime.submit(signing.processId, id, 'sp-r1', {});
    await sp.runtime.submit(signing.processId, id, 'sp-lead', {});
    expect(await variables(id)).toEqual({ contract, checkedBy: 'sp-lead' });
    const refused = await retract('sp-lead');
    expect(refused.reply.errcode).not.toBe(0);
    expect(refused.reply.errmsg).toBe(
      'The submission completed a sub-process that set its output mappings: it cannot be taken back.',
    );
    expect(await openTaskAssignees(sp.server.db, id)).toEqual(['Activity_1s2g8nx:sp-r2']);
    await sp.runtime.submit(signing.processId, id, 'sp-r2', {});
    expect(await instanceOf(sp.server.db, id)).toMatchObject({ status: 'completed' });
    expect(await activeTokenNodes(sp.server.db, id)).toEqual([]);
  }, 120_000);
});
