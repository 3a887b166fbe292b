// Reading BPMN 2.0 into what the engine runs (docs/adr/0043-bpmn-process-definitions.md): every node type, approvers in Atrium's form and in
// Camunda Modeler's, conditions in the rule language, and each thing the engine refuses, by element.
import { describe, expect, it } from 'vitest';
import { parseApprovers, readProcess } from '../../../../src/core/workflow/process-definition.ts';

const BPMN =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"';
const doc = (body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${BPMN} xmlns:atrium="urn:atrium:bpmn" ${extra} id="d" targetNamespace="urn:test">
  <process id="p" name="Test process" isExecutable="true">${body}</process>
</definitions>`;
const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression>${condition}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;
const problemsOf = async (xml: string) =>
  (await readProcess(xml, 'p')).problems.map((p) => [p.element, p.key.replace('workflow.problem.', '')]);

describe('reading a process definition', () => {
  it("reads a gateway marked atrium:choice as the acting user's choice: its flows need no condition", async () => {
    const body = (
      mark: string,
    ) => `<startEvent id="s" />${flow('f1', 's', 'a')}<userTask id="a" name="A" atrium:approvers="user:x" />${flow('f2', 'a', 'g')}
      <exclusiveGateway id="g" ${mark} />${flow('toB', 'g', 'b')}${flow('toEnd', 'g', 'e')}<userTask id="b" name="B" atrium:approvers="user:y" />${flow('f3', 'b', 'e')}<endEvent id="e" />`;
    const chosen = await readProcess(doc(body('atrium:choice="true"')), 'p');
    expect(chosen.problems).toEqual([]);
    expect(chosen.definition!.nodes.g).toMatchObject({ kind: 'exclusive', choice: true, outgoing: ['toB', 'toEnd'] });
    // Unmarked (or marked false), the same gateway has flows the engine could not decide between.
    expect(await problemsOf(doc(body('')))).toEqual([['g', 'noCondition']]);
    expect(await problemsOf(doc(body('atrium:choice="false"')))).toEqual([['g', 'noCondition']]);
  });

  it('reads every node type: start, approvals (any and all), auto tasks, both gateways, the end', async () => {
    const { definition, problems } = await readProcess(
      doc(`
        <startEvent id="start" name="Request" />
        ${flow('f1', 'start', 'split')}
        <parallelGateway id="split" />
        ${flow('f2', 'split', 'manager')}
        ${flow('f3', 'split', 'notify')}
        <userTask id="manager" name="Manager" atrium:approvers="superior; role:hr" />
        <serviceTask id="notify" name="Notify" />
        ${flow('f4', 'manager', 'join')}
        ${flow('f5', 'notify', 'join')}
        <parallelGateway id="join" />
        ${flow('f6', 'join', 'amount')}
        <exclusiveGateway id="amount" default="small" />
        ${flow('small', 'amount', 'end')}
        ${flow('large', 'amount', 'board', 'amount &gt; 10000')}
        <userTask id="board" name="Board" atrium:approvers="user:ceo;user:cfo"><multiInstanceLoopCharacteristics /></userTask>
        ${flow('f7', 'board', 'end')}
        <endEvent id="end" name="Done" />`),
      'p',
    );
    expect(problems).toEqual([]);
    const nodes = definition!.nodes;
    expect(definition!.start).toBe('start');
    expect(Object.fromEntries(Object.values(nodes).map((n) => [n.id, n.kind]))).toEqual({
      start: 'start',
      split: 'parallel',
      manager: 'manual',
      notify: 'auto',
      join: 'parallel',
      amount: 'exclusive',
      board: 'manual',
      end: 'complete',
    });
    expect(nodes.manager).toMatchObject({
      approval: 'any',
      approvers: [{ kind: 'superior' }, { kind: 'role', role: 'hr' }],
    });
    expect(nodes.board).toMatchObject({
      approval: 'all',
      approvers: [
        { kind: 'user', loginno: 'ceo' },
        { kind: 'user', loginno: 'cfo' },
      ],
    });
    expect(nodes.amount).toMatchObject({ defaultFlow: 'small', outgoing: ['small', 'large'] });
    expect(definition!.flows.large).toMatchObject({ source: 'amount', target: 'board', condition: 'amount > 10000' });
    expect(nodes.join.incoming).toEqual(['f4', 'f5']);
  });

  it('runs a file drawn in Camunda Modeler: its namespaces, diagram and assignee / candidate properties', async () => {
    const camunda = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:modeler="http://camunda.org/schema/modeler/1.0" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.31.0" modeler:executionPlatform="Camunda Platform" modeler:executionPlatformVersion="7.22.0">
  <bpmn:process id="p" name="Drawn" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_1" />
    <bpmn:userTask id="Activity_1" name="Approve" camunda:assignee="acme01" camunda:candidateGroups="hr, finance"><bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="Event_1"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Activity_1" targetRef="Event_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="p">
    <bpmndi:BPMNShape id="_BPMNShape_StartEvent_2" bpmnElement="StartEvent_1"><dc:Bounds x="179" y="99" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1"><di:waypoint x="215" y="117" /><di:waypoint x="270" y="117" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
    const read = await readProcess(camunda, 'p');
    expect(read.problems).toEqual([]);
    expect(read.definition!.nodes.Activity_1).toMatchObject({
      kind: 'manual',
      name: 'Approve',
      approvers: [
        { kind: 'user', loginno: 'acme01' },
        { kind: 'group', name: 'hr' },
        { kind: 'group', name: 'finance' },
      ],
    });
    expect(read.definition!.nodes.Event_1.incoming).toEqual(['Flow_2']); // declared <incoming> children are not counted twice
    // An expression naming one variable is read from the instance's variables; a method call is refused.
    const variable = camunda.replace('camunda:assignee="acme01"', 'camunda:assignee="${manager}"');
    expect((await readProcess(variable, 'p')).definition!.nodes.Activity_1.approvers![0]).toEqual({
      kind: 'expression',
      expression: "'manager'",
      as: 'user',
    });
    const call = camunda.replace('camunda:assignee="acme01"', 'camunda:assignee="${people.managerOf(initiator)}"');
    expect(await problemsOf(call)).toEqual([['Activity_1', 'badApprover']]);
  });

  it('refuses, by element, what the engine cannot run', async () => {
    const base = (middle: string) =>
      doc(
        `<startEvent id="start" />${flow('f1', 'start', 'x')}${middle}${flow('f2', 'x', 'end')}<endEvent id="end" />`,
      );
    expect(await problemsOf(base('<complexGateway id="x" />'))).toEqual([['x', 'unsupported']]);
    // A conditional event needs a condition the rule language reads (docs/adr/0139-call-activities-and-conditional-events.md).
    expect(
      await problemsOf(base('<intermediateCatchEvent id="x"><conditionalEventDefinition /></intermediateCatchEvent>')),
    ).toEqual([['x', 'noEventCondition']]);
    expect(
      await problemsOf(
        base(
          '<intermediateCatchEvent id="x"><conditionalEventDefinition><condition>${claim.isWithdrawn()}</condition></conditionalEventDefinition></intermediateCatchEvent>',
        ),
      ),
    ).toEqual([['x', 'badEventCondition']]);
    expect(
      await problemsOf(
        base(
          '<intermediateCatchEvent id="x"><conditionalEventDefinition><condition>${ready}</condition></conditionalEventDefinition></intermediateCatchEvent>',
        ),
      ),
    ).toEqual([]);
    // A call activity names the process it calls by id, and maps variables by name (docs/adr/0139-call-activities-and-conditional-events.md).
    expect(await problemsOf(base('<callActivity id="x" calledElement="other" />'))).toEqual([]);
    expect(await problemsOf(base('<callActivity id="x" />'))).toEqual([['x', 'calledNone']]);
    expect(await problemsOf(base('<callActivity id="x" calledElement="${which}" />'))).toEqual([
      ['x', 'calledExpression'],
    ]);
    const mapping = (m: string) =>
      doc(
        `<startEvent id="start" />${flow('f1', 'start', 'x')}<callActivity id="x" calledElement="other"><extensionElements>${m}</extensionElements></callActivity>${flow('f2', 'x', 'end')}<endEvent id="end" />`,
        'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"',
      );
    expect(await problemsOf(mapping('<camunda:in sourceExpression="${a + b}" target="c" />'))).toEqual([
      ['x', 'callMapping'],
    ]);
    expect(await problemsOf(mapping('<camunda:in source="a" target="c" /><camunda:out variables="all" />'))).toEqual(
      [],
    );
    expect(
      await problemsOf(base('<userTask id="x" atrium:approvers="superior"><standardLoopCharacteristics /></userTask>')),
    ).toEqual([['x', 'loop']]);
    expect(
      await problemsOf(
        base(
          '<userTask id="x" atrium:approvers="superior"><multiInstanceLoopCharacteristics isSequential="true" /></userTask>',
        ),
      ),
    ).toEqual([]); // a sequence of the approvers named (docs/adr/0125-multi-instance-approvals.md)
    expect(
      await problemsOf(
        base(
          '<userTask id="x" atrium:approvers="superior"><multiInstanceLoopCharacteristics><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics></userTask>',
        ),
      ),
    ).toEqual([]); // three of the approvers named (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md)
    expect(
      await problemsOf(
        base(
          '<userTask id="x" atrium:approvers="superior"><multiInstanceLoopCharacteristics><loopCardinality>three</loopCardinality></multiInstanceLoopCharacteristics></userTask>',
        ),
      ),
    ).toEqual([['x', 'loop']]);
    // A task that names nobody installs: its approvers are set per enterprise (docs/adr/0119-approvers-set-in-the-console.md).
    const open = await readProcess(base('<userTask id="x" name="Check" />'), 'p');
    expect(open.problems).toEqual([]);
    expect(open.definition!.nodes.x.openApprovers).toBe(true);
    expect(open.cautions.map((c) => [c.element, c.key, c.params.element])).toEqual([
      ['x', 'workflow.warning.approversOpen', 'Check (x)'],
    ]);
    expect(await problemsOf(base('<userTask id="x" atrium:approvers="boss:anna" />'))).toEqual([['x', 'badApprover']]);
    const timer = doc(
      `<startEvent id="start"><timerEventDefinition /></startEvent>${flow('f1', 'start', 'end')}<endEvent id="end" />`,
    );
    expect(await problemsOf(timer)).toEqual([['start', 'badTimer']]);
  });

  it('reads a process that starts by a timer: a date, a duration or a cycle (docs/adr/0147-timer-start-events.md)', async () => {
    const starting = (definition: string, attrs = '') =>
      doc(
        `<startEvent id="start"${attrs}><timerEventDefinition>${definition}</timerEventDefinition></startEvent>${flow('f1', 'start', 'end')}<endEvent id="end" />`,
      );
    for (const [element, timer] of [
      ['<timeCycle>R/PT1H</timeCycle>', { cycle: 'R/PT1H' }],
      ['<timeCycle>R3/2026-12-01T09:00:00Z/P1D</timeCycle>', { cycle: 'R3/2026-12-01T09:00:00Z/P1D' }],
      ['<timeDate>2026-12-01T09:00:00Z</timeDate>', { date: '2026-12-01T09:00:00Z' }],
      ['<timeDuration>PT5M</timeDuration>', { duration: 'PT5M' }],
    ] as const) {
      const read = await readProcess(starting(element), 'p');
      expect(read.problems).toEqual([]);
      expect(read.definition!.nodes.start.event).toEqual({ type: 'timer', timer });
    }
    expect(await problemsOf(starting('<timeCycle>0 0 9 * * ?</timeCycle>'))).toEqual([['start', 'badTimer']]);
    expect(
      await problemsOf(starting('<timeCycle>R/PT1H</timeCycle>', ' xmlns:own="urn:own" own:workingTime="true"')),
    ).toEqual([['start', 'startWorkingTime']]);
  });

  it('refuses a graph that cannot run: starts, ends, dead ends, unreachable nodes, branches without a condition', async () => {
    expect(
      await problemsOf(
        doc(
          `<startEvent id="a" /><startEvent id="b" />${flow('f1', 'a', 'end')}${flow('f2', 'b', 'end')}<endEvent id="end" />`,
        ),
      ),
    ).toEqual([['p', 'oneStart']]);
    expect(
      await problemsOf(
        doc(`<startEvent id="start" />${flow('f1', 'start', 'x')}<userTask id="x" atrium:approvers="superior" />`),
      ),
    ).toEqual([
      ['p', 'noEnd'],
      ['x', 'deadEnd'],
    ]);
    expect(
      await problemsOf(
        doc(
          `<startEvent id="start" />${flow('f1', 'start', 'end')}<userTask id="x" atrium:approvers="superior" />${flow('f2', 'x', 'end')}<endEvent id="end" />`,
        ),
      ),
    ).toEqual([['x', 'unreachable']]);
    const gateway = (second: string) =>
      doc(
        `<startEvent id="start" />${flow('f1', 'start', 'g')}<exclusiveGateway id="g" />${flow('a', 'g', 'end', 'days &gt; 3')}${second}<endEvent id="end" />`,
      );
    expect(await problemsOf(gateway(flow('b', 'g', 'end')))).toEqual([['g', 'noCondition']]);
    expect(await problemsOf(gateway(flow('b', 'g', 'end', 'days &gt;')))).toEqual([['b', 'badCondition']]);
  });

  it('says when the text is not BPMN or holds no such process', async () => {
    expect((await readProcess('not xml', 'p')).notBpmn).toBeTruthy();
    expect((await readProcess(doc('<startEvent id="s" />'), 'other')).missing).toBe(true);
  });
});

describe('approver rules', () => {
  it('reads each kind and names what it cannot read', () => {
    expect(parseApprovers('user:acme01; role:hr ;department:SALES; superior; expression:amount > 100')).toEqual({
      rules: [
        { kind: 'user', loginno: 'acme01' },
        { kind: 'role', role: 'hr' },
        { kind: 'department', code: 'SALES' },
        { kind: 'superior' },
        { kind: 'expression', expression: 'amount > 100' },
      ],
      bad: [],
    });
    expect(parseApprovers('user:; superior:x; expression:amount >; someone').bad).toEqual([
      'user:',
      'superior:x',
      'expression:amount >',
      'someone',
    ]);
  });

  it('refuses a loop of gateways and automatic tasks with no approval in it, naming its nodes in order', async () => {
    const loop = await readProcess(
      doc(`<startEvent id="s" />${flow('f1', 's', 'g1')}<exclusiveGateway id="g1" default="back" />${flow('toEnd', 'g1', 'e', 'amount > 10')}${flow('back', 'g1', 'g2')}
        <exclusiveGateway id="g2" />${flow('f2', 'g2', 'auto')}<serviceTask id="auto" />${flow('f3', 'auto', 'g1')}<endEvent id="e" />`),
      'p',
    );
    expect(loop.definition).toBeUndefined();
    expect(loop.problems).toEqual([
      {
        element: 'auto',
        key: 'workflow.problem.engineLoop',
        params: { element: 'auto', name: 'auto', type: '', nodes: 'auto → g1 → g2 → auto' },
      },
    ]);
    const self = await problemsOf(
      doc(
        `<startEvent id="s" />${flow('f1', 's', 'j')}<parallelGateway id="j" />${flow('f2', 'j', 'j')}${flow('f3', 'j', 'e')}<endEvent id="e" />`,
      ),
    );
    expect(self).toEqual([['j', 'engineLoop']]);
    // A loop through an approval stops at the approval each time round: it is a rework loop, not a fault.
    const rework = await readProcess(
      doc(`<startEvent id="s" />${flow('f1', 's', 'g1')}<exclusiveGateway id="g1" />${flow('f2', 'g1', 'a')}<userTask id="a" atrium:approvers="user:x" />${flow('f3', 'a', 'g2')}
        <exclusiveGateway id="g2" default="again" />${flow('done', 'g2', 'e', 'ok == true')}${flow('again', 'g2', 'g1')}<endEvent id="e" />`),
      'p',
    );
    expect(rework.problems).toEqual([]);
  });
});
