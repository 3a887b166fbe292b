// Reading the structural elements (docs/adr/0124-embedded-sub-processes-and-ends.md,
// docs/adr/0125-multi-instance-approvals.md): sub-processes flat with their level, what end and
// boundary events throw and catch, multi-instance approvals in each modeler's spelling, and what is
// refused, by element and why.
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';

const doc = (body: string, roots = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" id="d" targetNamespace="urn:test">
  <process id="p" isExecutable="true">${body}</process>${roots}
</definitions>`;
const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;
const around = (middle: string) =>
  `<startEvent id="s" />${flow('f1', 's', 'x')}${middle}${flow('f2', 'x', 'e')}<endEvent id="e" />`;
const problemsOf = async (xml: string) =>
  (await readProcess(xml, 'p')).problems.map((p) => [
    p.element,
    p.key.replace('workflow.problem.', ''),
    p.params.reason,
  ]);

describe('structural elements', () => {
  it("reads the variables an error boundary sets with the caught code and message, on a call activity or a worker's task", async () => {
    const names = ' camunda:errorCodeVariable="code" camunda:errorMessageVariable=" why "';
    const { definition, problems } = await readProcess(
      doc(
        `<startEvent id="s" />${flow('f1', 's', 'c')}<callActivity id="c" calledElement="other" />${flow('f2', 'c', 'w')}
        <serviceTask id="w" camunda:type="external" camunda:topic="t" />${flow('f3', 'w', 'e')}<endEvent id="e" />
        <boundaryEvent id="onCall" attachedToRef="c"><errorEventDefinition errorRef="err"${names} /></boundaryEvent>${flow('f4', 'onCall', 'e1')}<endEvent id="e1" />
        <boundaryEvent id="onTask" attachedToRef="w"><errorEventDefinition camunda:errorCodeVariable="code" /></boundaryEvent>${flow('f5', 'onTask', 'e2')}<endEvent id="e2" />
        <boundaryEvent id="bare" attachedToRef="w"><errorEventDefinition errorRef="err" /></boundaryEvent>${flow('f6', 'bare', 'e3')}<endEvent id="e3" />`,
        '<error id="err" errorCode="E1" />',
      ),
      'p',
    );
    expect(problems).toEqual([]);
    expect(definition!.nodes.onCall).toMatchObject({
      catches: 'error',
      code: 'E1',
      errorVariables: { code: 'code', message: 'why' },
    });
    expect(definition!.nodes.onTask.errorVariables).toEqual({ code: 'code' });
    expect(definition!.nodes.bare.errorVariables).toBeUndefined();
  });

  it('reads the variable an escalation boundary sets with the caught code, with or without the escalation it names', async () => {
    const { definition, problems } = await readProcess(
      doc(
        `<startEvent id="s" />${flow('f1', 's', 'c')}<callActivity id="c" calledElement="other" />${flow('f2', 'c', 'e')}<endEvent id="e" />
        <boundaryEvent id="coded" attachedToRef="c"><escalationEventDefinition escalationRef="late" camunda:escalationCodeVariable=" code " /></boundaryEvent>${flow('f3', 'coded', 'e1')}<endEvent id="e1" />
        <boundaryEvent id="any" attachedToRef="c" cancelActivity="false"><escalationEventDefinition camunda:escalationCodeVariable="which" camunda:errorMessageVariable="why" /></boundaryEvent>${flow('f4', 'any', 'e2')}<endEvent id="e2" />
        <boundaryEvent id="bare" attachedToRef="c" cancelActivity="false"><escalationEventDefinition escalationRef="late" /></boundaryEvent>${flow('f5', 'bare', 'e3')}<endEvent id="e3" />`,
        '<escalation id="late" escalationCode="LATE" />',
      ),
      'p',
    );
    expect(problems).toEqual([]);
    expect(definition!.nodes.coded).toMatchObject({
      catches: 'escalation',
      code: 'LATE',
      errorVariables: { code: 'code' },
    });
    // An escalation has no message: an error's message variable on it is not read.
    expect(definition!.nodes.any.errorVariables).toEqual({ code: 'which' });
    expect(definition!.nodes.bare.errorVariables).toBeUndefined();
  });

  it('reads nested sub-processes flat, each node with the sub-process it is drawn in', async () => {
    const { definition, problems } = await readProcess(
      doc(
        around(`<subProcess id="x" name="Outer"><startEvent id="xs" />${flow('i1', 'xs', 'y')}
          <subProcess id="y"><startEvent id="ys" />${flow('j1', 'ys', 't')}<userTask id="t" camunda:assignee="ann" />${flow('j2', 't', 'ye')}<endEvent id="ye"><terminateEventDefinition /></endEvent></subProcess>
          ${flow('i2', 'y', 'xe')}<endEvent id="xe" /></subProcess>`),
      ),
      'p',
    );
    expect(problems).toEqual([]);
    expect(definition!.nodes.x).toMatchObject({ kind: 'subprocess', start: 'xs' });
    expect(definition!.nodes.y).toMatchObject({ kind: 'subprocess', start: 'ys', parent: 'x' });
    expect(definition!.nodes.t).toMatchObject({ kind: 'manual', parent: 'y' });
    expect(definition!.nodes.ye).toMatchObject({ kind: 'complete', end: 'terminate', parent: 'y' });
    expect(definition!.start).toBe('s');
  });

  it('refuses a sub-process without one start, and an event the engine does not run', async () => {
    expect(
      await problemsOf(doc(around(`<subProcess id="x"><userTask id="t" camunda:assignee="a" /></subProcess>`))),
    ).toEqual([
      ['x', 'oneStart', undefined],
      ['t', 'deadEnd', undefined],
      ['t', 'unreachable', undefined],
    ]);
    expect(await problemsOf(doc(around('<endEvent id="x"><signalEventDefinition /></endEvent>')))).toContainEqual([
      'x',
      'eventDefinition',
      undefined,
    ]);
  });

  it('reads error and escalation codes on ends and boundary events; an escalation boundary may not interrupt', async () => {
    const { definition, problems } = await readProcess(
      doc(
        around(`<subProcess id="x"><startEvent id="xs" />${flow('i1', 'xs', 'xe')}<endEvent id="xe"><errorEventDefinition errorRef="err" /></endEvent></subProcess>
          <boundaryEvent id="b" attachedToRef="x"><errorEventDefinition errorRef="err" /></boundaryEvent>${flow('f3', 'b', 'e')}
          <boundaryEvent id="c" attachedToRef="x" cancelActivity="false"><escalationEventDefinition /></boundaryEvent>${flow('f4', 'c', 'e')}`),
        '<error id="err" errorCode="MISSING" />',
      ),
      'p',
    );
    expect(problems).toEqual([]);
    expect(definition!.nodes.xe).toMatchObject({ end: 'error', code: 'MISSING' });
    expect(definition!.nodes.b).toMatchObject({
      kind: 'boundary',
      attachedTo: 'x',
      catches: 'error',
      code: 'MISSING',
      interrupting: true,
    });
    expect(definition!.nodes.c).toMatchObject({ catches: 'escalation', interrupting: false });
    expect(definition!.nodes.c.code).toBeUndefined();
  });

  it("reads an error's camunda:errorMessage and an escalation's intermediate throw; other throw events stay refused", async () => {
    const { definition, problems } = await readProcess(
      doc(
        `<startEvent id="s" />${flow('f1', 's', 'x')}<intermediateThrowEvent id="x"><escalationEventDefinition escalationRef="late" /></intermediateThrowEvent>
        ${flow('f2', 'x', 'e')}<endEvent id="e"><errorEventDefinition errorRef="err" /></endEvent>`,
        '<escalation id="late" escalationCode="LATE" /><error id="err" errorCode="LOW" camunda:errorMessage="Score too low" />',
      ),
      'p',
    );
    expect(problems).toEqual([]);
    expect(definition!.nodes.x).toMatchObject({ kind: 'auto', throws: 'escalation', code: 'LATE' });
    expect(definition!.nodes.e).toMatchObject({ end: 'error', code: 'LOW', errorMessage: 'Score too low' });
    expect(
      await problemsOf(
        doc(around('<intermediateThrowEvent id="x"><signalEventDefinition /></intermediateThrowEvent>')),
      ),
    ).toContainEqual(['x', 'unsupported', undefined]);
  });

  it('reads an inclusive gateway whose flows need no condition', async () => {
    const { problems, definition } = await readProcess(
      doc(
        `<startEvent id="s" />${flow('f1', 's', 'g')}<inclusiveGateway id="g" />${flow('a', 'g', 'j')}${flow('b', 'g', 'j')}<inclusiveGateway id="j" />${flow('f2', 'j', 'e')}<endEvent id="e" />`,
      ),
      'p',
    );
    expect(problems).toEqual([]);
    expect(definition!.nodes.g.kind).toBe('inclusive');
  });

  it('reads multi-instance approvals over a collection in Camunda 7 and 8 spelling, with a completion condition', async () => {
    const c7 = await readProcess(
      doc(
        around(`<userTask id="x" camunda:assignee="\${approver}"><multiInstanceLoopCharacteristics isSequential="true" camunda:collection="\${approvers}" camunda:elementVariable="approver">
          <completionCondition>\${nrOfCompletedInstances / nrOfInstances &gt;= 0.5}</completionCondition></multiInstanceLoopCharacteristics></userTask>`),
      ),
      'p',
    );
    expect(c7.problems).toEqual([]);
    expect(c7.definition!.nodes.x).toMatchObject({
      approval: 'all',
      approvers: [{ kind: 'expression', expression: "'approvers'", as: 'user' }],
      multi: {
        sequential: true,
        collection: "'approvers'",
        completion: "(('nrOfCompletedInstances' / 'nrOfInstances') >= 0.5)",
      },
    });
    const c8 = await readProcess(
      doc(
        around(`<userTask id="x"><extensionElements><zeebe:assignmentDefinition assignee="=member" /></extensionElements>
          <multiInstanceLoopCharacteristics><extensionElements><zeebe:loopCharacteristics inputCollection="=members" inputElement="member" /></extensionElements></multiInstanceLoopCharacteristics></userTask>`),
      ),
      'p',
    );
    expect(c8.definition!.nodes.x.multi).toEqual({
      sequential: false,
      collection: "'members'",
      elementVariable: 'member',
    });
  });

  it('refuses a multi-instance the engine cannot run, saying why', async () => {
    const loop = (attrs: string, inner = '') =>
      doc(
        around(
          `<userTask id="x" camunda:assignee="\${approver}"><multiInstanceLoopCharacteristics ${attrs}>${inner}</multiInstanceLoopCharacteristics></userTask>`,
        ),
      );
    expect(await problemsOf(loop('camunda:collection="${list}" camunda:elementVariable="item"'))).toEqual([
      ['x', 'loop', 'elementVariable item is not the assignee'],
    ]);
    // A collection is any expression read (docs/adr/0239-feel-zoned-times-and-functions.md); one that is
    // not is refused saying why.
    expect(await problemsOf(loop('camunda:collection="${a.b}" camunda:elementVariable="approver"'))).toEqual([]);
    expect(await problemsOf(loop('camunda:collection="${a.b()}" camunda:elementVariable="approver"'))).toEqual([
      ['x', 'loop', 'collection ${a.b()}: methods are not read here: b(…)'],
    ]);
    expect(await problemsOf(loop('camunda:collection="list" camunda:elementVariable="approver"'))).toEqual([]);
    expect(await problemsOf(loop('camunda:collection="a b" camunda:elementVariable="approver"'))).toEqual([
      ['x', 'loop', 'collection a b'],
    ]);
    // A count is a whole number or an expression (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md).
    expect(await problemsOf(loop('', '<loopCardinality>3</loopCardinality>'))).toEqual([]);
    expect(await problemsOf(loop('', '<loopCardinality>three</loopCardinality>'))).toEqual([
      ['x', 'loop', 'loopCardinality three'],
    ]);
    expect(
      await problemsOf(doc(around('<serviceTask id="x"><multiInstanceLoopCharacteristics /></serviceTask>'))),
    ).toEqual([['x', 'loop', 'ServiceTask']]);
    // Nothing on the loop is passed over silently (docs/adr/0202-multi-instance-output-collections.md):
    // Flowable's collecting of variables is refused, an async flag warned about, naming the activity.
    const aggregated = loop(
      'camunda:collection="${approvers}" camunda:elementVariable="approver"',
      '<extensionElements><flowable:variableAggregation target="reviews" /></extensionElements>',
    ).replace('xmlns:zeebe=', 'xmlns:flowable="http://flowable.org/bpmn" xmlns:zeebe=');
    expect(await problemsOf(aggregated)).toEqual([['x', 'loop', 'flowable:variableAggregation']]);
    const flagged = await readProcess(
      loop('camunda:collection="${approvers}" camunda:elementVariable="approver" camunda:asyncBefore="true"'),
      'p',
    );
    expect(flagged.problems).toEqual([]);
    expect(flagged.cautions.map((c) => [c.element, c.key, c.params.part])).toEqual([
      ['x', 'workflow.warning.async', 'camunda:asyncBefore'],
    ]);
  });
  it("reads Camunda 8's output collection on a multi-instance approval and refuses it where it is not collected", async () => {
    // docs/adr/0202-multi-instance-output-collections.md
    const zeebeLoop = (loop: string, assignee = '=approver') =>
      `<userTask id="x" name="Vote"><extensionElements><zeebe:assignmentDefinition assignee="${assignee}" /></extensionElements>
        <multiInstanceLoopCharacteristics><extensionElements><zeebe:loopCharacteristics ${loop} /></extensionElements></multiInstanceLoopCharacteristics></userTask>`;
    const input = 'inputCollection="=approvers" inputElement="approver"';
    const refusals = async (xml: string) =>
      (await readProcess(xml, 'p')).problems.map((p) => [p.element, p.key.replace('workflow.problem.', ''), p.params]);
    const read = await readProcess(
      doc(around(zeebeLoop(`${input} outputCollection="decisions" outputElement="=approved"`))),
      'p',
    );
    expect(read.problems).toEqual([]);
    expect(read.definition!.nodes.x.multi!.output).toEqual({
      collection: 'decisions',
      element: "'approved'",
      local: 'approved',
      elementVariable: 'approver',
    });
    // An expression over several variables keeps none of them in the instance.
    const over = await readProcess(
      doc(around(zeebeLoop(`${input} outputCollection="ok" outputElement="= approved and amount &lt; 100"`))),
      'p',
    );
    expect(over.definition!.nodes.x.multi!.output).toEqual({
      collection: 'ok',
      element: "('approved' and ('amount' < 100))",
      elementVariable: 'approver',
    });
    // One half without the other, each naming the element and the half it has.
    expect(await refusals(doc(around(zeebeLoop(`${input} outputCollection="decisions"`))))).toEqual([
      [
        'x',
        'outputHalf',
        expect.objectContaining({
          element: 'Vote (x)',
          part: 'outputCollection="decisions"',
          missing: 'outputElement',
        }),
      ],
    ]);
    expect(await refusals(doc(around(zeebeLoop(`${input} outputElement="=approved"`))))).toEqual([
      ['x', 'outputHalf', expect.objectContaining({ part: 'outputElement="=approved"', missing: 'outputCollection' })],
    ]);
    // What is not read: a collection that is no variable name, an element that is no expression or calls a function not read.
    expect(
      await refusals(doc(around(zeebeLoop(`${input} outputCollection="=decisions" outputElement="=approved"`)))),
    ).toEqual([
      [
        'x',
        'outputBad',
        expect.objectContaining({ part: 'outputCollection="=decisions"', reason: 'not a variable name' }),
      ],
    ]);
    expect(await refusals(doc(around(zeebeLoop(`${input} outputCollection="d" outputElement="approved"`))))).toEqual([
      ['x', 'outputBad', expect.objectContaining({ part: 'outputElement="approved"', reason: 'not an =… expression' })],
    ]);
    expect(
      (await refusals(doc(around(zeebeLoop(`${input} outputCollection="d" outputElement="=sort(approved)"`)))))[0][1],
    ).toBe('outputBad');
    // On a sub-process over a collection the output is read as on an approval, the variable named alone
    // being the instance's own (docs/adr/0212-multi-instance-sub-process-outputs.md); over a count it is refused.
    const subProcess = (loop: string) => `<startEvent id="s" />${flow('f1', 's', 'x')}<subProcess id="x" name="Review">
        <multiInstanceLoopCharacteristics><extensionElements><zeebe:loopCharacteristics ${loop} outputCollection="d" outputElement="=ok" /></extensionElements></multiInstanceLoopCharacteristics>
        <startEvent id="i1" />${flow('i2', 'i1', 't')}<userTask id="t"><extensionElements><zeebe:assignmentDefinition assignee="=approver" /></extensionElements></userTask>${flow('i3', 't', 'i4')}<endEvent id="i4" />
      </subProcess>${flow('f2', 'x', 'e')}<endEvent id="e" />`;
    const collecting = await readProcess(doc(subProcess(input)), 'p');
    expect(collecting.problems).toEqual([]);
    expect(collecting.definition!.nodes.x.multi!.output).toEqual({
      collection: 'd',
      element: "'ok'",
      local: 'ok',
      elementVariable: 'approver',
    });
    const counted = subProcess('').replace(
      '<multiInstanceLoopCharacteristics>',
      '<multiInstanceLoopCharacteristics><loopCardinality>3</loopCardinality>',
    );
    expect(await refusals(doc(counted))).toEqual([
      ['x', 'outputWhere', expect.objectContaining({ element: 'Review (x)', part: 'outputCollection="d"' })],
    ]);
    // An approval's list inside a multi-instance sub-process is collected only as a variable of the
    // sub-process's instance (its output element names it alone); else it is refused naming both.
    const inside = (around: string) => `<startEvent id="s" />${flow('f1', 's', 'x')}<subProcess id="x" name="Review">
        <multiInstanceLoopCharacteristics><extensionElements><zeebe:loopCharacteristics inputCollection="=rounds" inputElement="round" ${around} /></extensionElements></multiInstanceLoopCharacteristics>
        <startEvent id="i1" />${flow('i2', 'i1', 't')}${zeebeLoop(`${input} outputCollection="d" outputElement="=ok"`).replace('id="x" name="Vote"', 'id="t"')}${flow('i3', 't', 'i4')}<endEvent id="i4" />
      </subProcess>${flow('f2', 'x', 'e')}<endEvent id="e" />`;
    expect(await refusals(doc(inside('')))).toEqual([
      [
        't',
        'outputInLoop',
        expect.objectContaining({ element: 't', part: 'outputCollection="d"', loop: 'Review (x)' }),
      ],
    ]);
    expect(await refusals(doc(inside('outputCollection="rounds" outputElement="=other"')))).toEqual([
      ['t', 'outputInLoop', expect.objectContaining({ element: 't', loop: 'Review (x)' })],
    ]);
    expect(await refusals(doc(inside('outputCollection="allRounds" outputElement="=d"')))).toEqual([]);
  });

  it('reads a multi-instance sub-process over a collection and refuses what cannot run inside one', async () => {
    const loop = (
      inside: string,
      attributes = 'camunda:collection="${reviewers}" camunda:elementVariable="reviewer"',
    ) =>
      doc(
        around(`<subProcess id="x" name="Round"><multiInstanceLoopCharacteristics isSequential="true" ${attributes}>
          <completionCondition>\${nrOfCompletedInstances / nrOfInstances >= 0.5}</completionCondition></multiInstanceLoopCharacteristics>
          <startEvent id="xs" />${flow('i1', 'xs', 't')}${inside}<endEvent id="xe" /></subProcess>`),
      );
    const review = `<userTask id="t" camunda:assignee="\${reviewer}" />${flow('i2', 't', 'xe')}`;
    const { definition, problems } = await readProcess(loop(review), 'p');
    expect(problems).toEqual([]);
    expect(definition!.nodes.x.multi).toEqual({
      sequential: true,
      collection: "'reviewers'",
      completion: "(('nrOfCompletedInstances' / 'nrOfInstances') >= 0.5)",
      elementVariable: 'reviewer',
    });
    expect(await problemsOf(loop(review, 'camunda:collection="${reviewers}"'))).toEqual([
      ['x', 'loop', 'elementVariable '],
    ]);
    expect(await problemsOf(loop(review, 'camunda:elementVariable="reviewer"'))).toEqual([
      ['x', 'loop', 'no collection'],
    ]);
    // A timer inside runs per instance (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md).
    const timer = `<userTask id="t" camunda:assignee="\${reviewer}" />${flow('i2', 't', 'w')}<intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>${flow('i3', 'w', 'xe')}`;
    expect((await readProcess(loop(timer), 'p')).problems).toEqual([]);
    // A worker's task runs per instance, with an error boundary and a conditional catch
    // (docs/adr/0184-workers-and-conditions-inside-multi-instance.md).
    const worker = await readProcess(
      loop(
        `<userTask id="t" camunda:assignee="\${reviewer}" />${flow('i2', 't', 'w')}<serviceTask id="w" camunda:type="external" camunda:topic="check" />${flow('i3', 'w', 'c')}
        <intermediateCatchEvent id="c"><conditionalEventDefinition><condition>\${ready}</condition></conditionalEventDefinition></intermediateCatchEvent>${flow('i5', 'c', 'xe')}
        <boundaryEvent id="wb" attachedToRef="w"><errorEventDefinition /></boundaryEvent>${flow('i6', 'wb', 'xe')}`,
      ),
      'p',
    );
    expect(worker.problems).toEqual([]);
    // A call activity inside calls once per instance (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md).
    const calls = `<userTask id="t" camunda:assignee="\${reviewer}" />${flow('i2', 't', 'c')}<callActivity id="c" calledElement="audit" />${flow('i3', 'c', 'xe')}`;
    expect((await readProcess(loop(calls), 'p')).problems).toEqual([]);
    // Terminate, error and escalation ends end or leave one instance (docs/adr/0170-multi-instance-ends-boundaries-nested.md).
    const ends = (definition: string) =>
      loop(
        `<userTask id="t" camunda:assignee="\${reviewer}" />${flow('i2', 't', 'g')}<exclusiveGateway id="g" default="i3" />${flow('i3', 'g', 'xe')}
        <sequenceFlow id="i4" sourceRef="g" targetRef="xt"><conditionExpression>\${stop}</conditionExpression></sequenceFlow>
        <endEvent id="xt">${definition}</endEvent>`,
      );
    expect((await readProcess(ends('<terminateEventDefinition />'), 'p')).problems).toEqual([]);
    expect((await readProcess(ends('<escalationEventDefinition />'), 'p')).problems).toEqual([]);
    // On the sub-process itself: timers, messages and conditions (on the token holding its instances,
    // ADRs 0178 and 0184) and what its ends throw.
    const attached = (event: string, extra = '') =>
      loop(review).replace(
        '<endEvent id="e" />',
        `<endEvent id="e" /><boundaryEvent id="b" name="Late" attachedToRef="x"${extra}>${event}</boundaryEvent>${flow('bf', 'b', 'be')}<endEvent id="be" />`,
      );
    const timer7 = '<timerEventDefinition><timeDuration>P7D</timeDuration></timerEventDefinition>';
    expect((await readProcess(attached(timer7), 'p')).problems).toEqual([]);
    expect((await readProcess(attached(timer7, ' cancelActivity="false"'), 'p')).problems).toEqual([]);
    expect((await readProcess(attached('<escalationEventDefinition />'), 'p')).problems).toEqual([]);
    const messaged = await readProcess(
      attached('<messageEventDefinition messageRef="m" />').replace(
        '</definitions>',
        '<message id="m" name="cancelled" /></definitions>',
      ),
      'p',
    );
    expect(messaged.problems).toEqual([]);
    const conditional = await readProcess(
      attached('<conditionalEventDefinition><condition>${stop}</condition></conditionalEventDefinition>'),
      'p',
    );
    expect(conditional.problems).toEqual([]);
    // A non-interrupting condition runs, fired each time it becomes true (docs/adr/0194-conditional-boundaries-non-interrupting.md).
    const reminding = await readProcess(
      attached(
        '<conditionalEventDefinition><condition>${stop}</condition></conditionalEventDefinition>',
        ' cancelActivity="false"',
      ),
      'p',
    );
    expect(reminding.problems).toEqual([]);
    expect(reminding.definition!.nodes.b).toMatchObject({ interrupting: false, event: { type: 'conditional' } });
    // A plain sub-process nested in an instance runs, and so does a multi-instance one
    // (docs/adr/0197-multi-instance-sub-processes-nested.md); a third level is refused naming it, with its
    // own message.
    const repeated = (over: string, as: string) =>
      `<multiInstanceLoopCharacteristics camunda:collection="\${${over}}" camunda:elementVariable="${as}" />`;
    const nested = (loopMarker: string, inside = '') =>
      loop(
        `<userTask id="t" camunda:assignee="\${reviewer}" />${flow('i2', 't', 'n')}<subProcess id="n" name="Inner">${loopMarker}
        <startEvent id="ns" />${flow('n1', 'ns', inside ? 'm' : 'ne')}${inside}<endEvent id="ne" /></subProcess>${flow('i3', 'n', 'xe')}`,
      );
    expect((await readProcess(nested(''), 'p')).problems).toEqual([]);
    expect((await readProcess(nested(repeated('parts', 'part')), 'p')).problems).toEqual([]);
    const third = await readProcess(
      nested(
        repeated('parts', 'part'),
        `<subProcess id="m" name="Innermost">${repeated('pieces', 'piece')}<startEvent id="ms" />${flow('m1', 'ms', 'me')}
        <endEvent id="me" /></subProcess>${flow('n2', 'm', 'ne')}`,
      ),
      'p',
    );
    expect(third.problems.map((p) => [p.key, p.params.element, p.params.loop])).toEqual([
      ['workflow.problem.loopInLoop', 'Innermost (m)', 'Inner (n)'],
    ]);
    // A multi-instance approval inside runs: a countersign per instance.
    const countersign = `<userTask id="t" camunda:assignee="\${member}"><multiInstanceLoopCharacteristics camunda:collection="\${members}" camunda:elementVariable="member" /></userTask>${flow('i2', 't', 'xe')}`;
    expect((await readProcess(loop(countersign), 'p')).problems).toEqual([]);
    // A count instead of a collection: a number, or an expression; the element variable is then optional.
    const counted = await readProcess(
      loop(
        `<userTask id="t" camunda:candidateGroups="legal" />${flow('i2', 't', 'xe')}`,
        '><loopCardinality>${rounds + 1}</loopCardinality',
      ),
      'p',
    );
    expect(counted.problems).toEqual([]);
    expect(counted.definition!.nodes.x.multi).toMatchObject({ sequential: true, cardinality: "('rounds' + 1)" });
  });
});
