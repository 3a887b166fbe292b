// Input/output mappings as the install reads them (docs/adr/0216-input-output-mappings.md): what runs on
// user and external tasks, plain service tasks and catch events (docs/adr/0221-sub-process-variable-scopes.md,
// docs/adr/0238-catch-event-input-mappings.md),
// Camunda 7's call activities (docs/adr/0226-call-activity-input-output-parameters.md), what is refused
// naming the element, and where they are still only warned about; a multi-instance sub-process's as its instances'
// (docs/adr/0233-multi-instance-sub-process-mappings.md).
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';

const doc = (task: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" id="d" targetNamespace="urn:t">
<bpmn:process id="p" isExecutable="true"><bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t" />
${task}<bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e" /><bpmn:endEvent id="e" /></bpmn:process></bpmn:definitions>`;
const c7 = (params: string, type = 'userTask', attrs = 'camunda:assignee="demo"') =>
  `<bpmn:${type} id="t" name="Check" ${attrs}><bpmn:extensionElements><camunda:inputOutput>${params}</camunda:inputOutput></bpmn:extensionElements></bpmn:${type}>`;
const read = async (task: string) => {
  const r = await readProcess(doc(task), 'p');
  return {
    problems: r.problems.map((p) => `${p.key.split('.').pop()} ${String(p.params.element)}`),
    cautions: r.cautions.map((c) => `${c.key.split('.').pop()} ${String(c.params.part)}`),
    io: r.definition?.nodes.t.io,
  };
};

describe('input/output mappings', () => {
  it('reads Camunda 7 parameters: expressions, plain text and an empty one', async () => {
    const { problems, cautions, io } = await read(
      c7(`<camunda:inputParameter name="limit">5000</camunda:inputParameter><camunda:inputParameter name="total">#{amount * 2}</camunda:inputParameter>
      <camunda:inputParameter name="none" /><camunda:outputParameter name="ok">\${total &lt; limit}</camunda:outputParameter>`),
    );
    expect({ problems, cautions }).toEqual({ problems: [], cautions: [] });
    expect(io).toEqual({
      inputs: [
        { target: 'limit', value: { literal: '5000' } },
        { target: 'total', value: { rule: "('amount' * 2)" } },
        { target: 'none', value: { literal: null } },
      ],
      outputs: [{ target: 'ok', value: { rule: "('total' < 'limit')" } }],
    });
  });

  it('reads Camunda 8 mappings on a job worker task; with outputs only they are set', async () => {
    const { problems, io } = await read(
      `<bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="rate" /><zeebe:ioMapping>
      <zeebe:input source="=order.amount" target="amount" /><zeebe:input source="EUR" target="currency" /><zeebe:output source="=rate" target="rate" /></zeebe:ioMapping></bpmn:extensionElements></bpmn:serviceTask>`,
    );
    expect(problems).toEqual([]);
    expect(io).toEqual({
      inputs: [
        { target: 'amount', value: { rule: 'feelPath(\'order\', "amount")' } },
        { target: 'currency', value: { literal: 'EUR' } },
      ],
      outputs: [{ target: 'rate', value: { rule: "'rate'" } }],
      outputsOnly: true,
    });
  });

  it('refuses what it cannot evaluate, naming the element', async () => {
    const refused = async (params: string) => (await read(c7(params))).problems;
    expect(
      await refused(
        '<camunda:inputParameter name="x"><camunda:script scriptFormat="groovy">1 + 1</camunda:script></camunda:inputParameter>',
      ),
    ).toEqual(['ioMapping Check (t)']);
    expect(
      await refused(
        '<camunda:inputParameter name="x"><camunda:list><camunda:value>a</camunda:value></camunda:list></camunda:inputParameter>',
      ),
    ).toEqual(['ioMapping Check (t)']);
    expect(await refused('<camunda:inputParameter name="x">Hello ${name}</camunda:inputParameter>')).toEqual([
      'badExpression Check (t)',
    ]);
    expect(await refused('<camunda:outputParameter name="x">${a.size()}</camunda:outputParameter>')).toEqual([
      'badExpression Check (t)',
    ]);
    const nested = `<bpmn:userTask id="t" name="Check"><bpmn:extensionElements><zeebe:assignmentDefinition assignee="demo" /><zeebe:ioMapping><zeebe:output source="=x" target="order.checked" /></zeebe:ioMapping></bpmn:extensionElements></bpmn:userTask>`;
    expect((await read(nested)).problems).toEqual(['ioMapping Check (t)']);
  });

  it('reads them on a plain service task the engine runs (docs/adr/0221-sub-process-variable-scopes.md)', async () => {
    const plain = await read(c7('<camunda:inputParameter name="x">1</camunda:inputParameter>', 'serviceTask', ''));
    expect(plain).toEqual({
      problems: [],
      cautions: [],
      io: { inputs: [{ target: 'x', value: { literal: '1' } }], outputs: [] },
    });
  });

  it("reads both vendors' inputs and outputs on an intermediate catch event (docs/adr/0238-catch-event-input-mappings.md)", async () => {
    const timer = '<bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition>';
    const caught = (mapping: string) =>
      `<bpmn:intermediateCatchEvent id="t" name="Check"><bpmn:extensionElements>${mapping}</bpmn:extensionElements>${timer}</bpmn:intermediateCatchEvent>`;
    const outputs = await read(caught('<zeebe:ioMapping><zeebe:output source="=1" target="x" /></zeebe:ioMapping>'));
    expect(outputs).toEqual({
      problems: [],
      cautions: [],
      io: { inputs: [], outputs: [{ target: 'x', value: { rule: '1' } }], outputsOnly: true },
    });
    const zeebe = await read(
      caught(
        '<zeebe:ioMapping><zeebe:input source="=1" target="x" /><zeebe:output source="=x" target="y" /></zeebe:ioMapping>',
      ),
    );
    expect(zeebe).toEqual({
      problems: [],
      cautions: [],
      io: {
        inputs: [{ target: 'x', value: { rule: '1' } }],
        outputs: [{ target: 'y', value: { rule: "'x'" } }],
        outputsOnly: true,
      },
    });
    const camunda = await read(
      caught(
        '<camunda:inputOutput><camunda:inputParameter name="wait">PT2H</camunda:inputParameter><camunda:outputParameter name="late">${true}</camunda:outputParameter></camunda:inputOutput>',
      ),
    );
    expect(camunda).toEqual({
      problems: [],
      cautions: [],
      io: {
        inputs: [{ target: 'wait', value: { literal: 'PT2H' } }],
        outputs: [{ target: 'late', value: { rule: 'true' } }],
      },
    });
    // What cannot be evaluated is refused there as on a task.
    const script = await read(
      caught(
        '<camunda:inputOutput><camunda:inputParameter name="x"><camunda:script scriptFormat="groovy">1</camunda:script></camunda:inputParameter></camunda:inputOutput>',
      ),
    );
    expect(script.problems).toEqual(['ioMapping Check (t)']);
  });

  it('reads Zeebe outputs on a boundary event and warns, by name, about what neither vendor applies there', async () => {
    const bounded = (mapping: string) =>
      doc(
        `<bpmn:userTask id="t" name="Check" camunda:assignee="demo" /><bpmn:boundaryEvent id="b" name="Late" attachedToRef="t"><bpmn:extensionElements>${mapping}</bpmn:extensionElements><bpmn:outgoing>bf</bpmn:outgoing><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent><bpmn:sequenceFlow id="bf" sourceRef="b" targetRef="be" /><bpmn:endEvent id="be" />`,
      );
    const readBoundary = async (mapping: string) => {
      const r = await readProcess(bounded(mapping), 'p');
      return {
        problems: r.problems.map((p) => p.key),
        cautions: r.cautions.map((c) => `${c.key.split('.').pop()} ${String(c.params.part)} ${String(c.params.value)}`),
        io: r.definition?.nodes.b.io,
      };
    };
    // Zeebe applies no input on a boundary event: its outputs run, its input is named as not honoured.
    expect(
      await readBoundary(
        '<zeebe:ioMapping><zeebe:input source="=1" target="x" /><zeebe:output source="=2" target="y" /></zeebe:ioMapping>',
      ),
    ).toEqual({
      problems: [],
      cautions: ['mapping zeebe:input x'],
      io: { inputs: [], outputs: [{ target: 'y', value: { rule: '2' } }], outputsOnly: true },
    });
    // Camunda 7 maps nothing on a boundary event.
    expect(
      await readBoundary(
        '<camunda:inputOutput><camunda:outputParameter name="y">${1}</camunda:outputParameter></camunda:inputOutput>',
      ),
    ).toEqual({ problems: [], cautions: ['mapping camunda:inputOutput '], io: undefined });
  });

  it("reads the mappings of a multi-instance sub-process as its instances' (docs/adr/0233-multi-instance-sub-process-mappings.md)", async () => {
    const xml = doc(
      `<bpmn:subProcess id="t"><bpmn:extensionElements><camunda:inputOutput><camunda:inputParameter name="x">\${item.owner}</camunda:inputParameter><camunda:outputParameter name="last">\${x}</camunda:outputParameter></camunda:inputOutput></bpmn:extensionElements><bpmn:multiInstanceLoopCharacteristics camunda:collection="\${xs}" camunda:elementVariable="item" /><bpmn:startEvent id="i" /><bpmn:sequenceFlow id="i1" sourceRef="i" targetRef="ie" /><bpmn:endEvent id="ie" /></bpmn:subProcess>`,
    );
    const r = await readProcess(xml, 'p');
    expect(r.cautions).toEqual([]);
    const node = r.definition!.nodes.t;
    // Not the scope token of a sub-process that runs once: the instances' own.
    expect(node.io).toBeUndefined();
    expect(node.multi?.io).toEqual({
      inputs: [{ target: 'x', value: { rule: "'item.owner'" } }],
      outputs: [{ target: 'last', value: { rule: "'x'" } }],
    });
  });

  it("reads Camunda 7's parameters on a call activity and its local in/out (docs/adr/0226-call-activity-input-output-parameters.md)", async () => {
    const r = await readProcess(
      doc(`<bpmn:callActivity id="t" name="Check" calledElement="other"><bpmn:extensionElements>
      <camunda:in variables="all" local="true" /><camunda:in source="amount" target="total" />
      <camunda:in sourceExpression="\${limit}" target="cap" local="true" />
      <camunda:out source="verdict" target="verdict" local="true" /><camunda:out variables="all" />
      <camunda:inputOutput><camunda:inputParameter name="limit">5000</camunda:inputParameter>
      <camunda:outputParameter name="ok">\${verdict}</camunda:outputParameter></camunda:inputOutput>
      </bpmn:extensionElements></bpmn:callActivity>`),
      'p',
    );
    expect({ problems: r.problems, cautions: r.cautions }).toEqual({ problems: [], cautions: [] });
    const node = r.definition!.nodes.t;
    expect(node.io).toEqual({
      inputs: [{ target: 'limit', value: { literal: '5000' } }],
      outputs: [{ target: 'ok', value: { rule: "'verdict'" } }],
    });
    expect(node.call).toEqual({
      process: 'other',
      inAll: false,
      inAllLocal: true,
      in: [
        { source: 'amount', target: 'total' },
        { source: 'limit', target: 'cap', local: true },
      ],
      outAll: true,
      out: [{ source: 'verdict', target: 'verdict', local: true }],
      // Camunda 7 maps `out` back when a boundary catches the called instance's error (docs/adr/0233-multi-instance-sub-process-mappings.md).
      outOnError: true,
    });
    // Camunda 8's mapping on a call activity stays what goes in and out of the called instance.
    const c8 = await readProcess(
      doc(`<bpmn:callActivity id="t"><bpmn:extensionElements><zeebe:calledElement processId="other" propagateAllChildVariables="false" />
      <zeebe:ioMapping><zeebe:input source="=amount" target="total" /></zeebe:ioMapping></bpmn:extensionElements></bpmn:callActivity>`),
      'p',
    );
    expect(c8.definition!.nodes.t.io).toBeUndefined();
    expect(c8.definition!.nodes.t.call?.in).toEqual([{ source: 'amount', target: 'total' }]);
  });
});
