// What the engine refuses among the waiting elements, naming each (docs/adr/0126-timers-and-messages.md,
// docs/adr/0127-jobs-and-external-tasks.md).
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';

const doc = (body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:t">
<process id="p" isExecutable="true"><startEvent id="s" /><sequenceFlow id="f0" sourceRef="s" targetRef="t" />
<userTask id="t" name="Task" atrium:approvers="initiator" /><sequenceFlow id="f1" sourceRef="t" targetRef="e" /><endEvent id="e" />${body}</process>${extra}</definitions>`;
const refused = async (body: string, extra = '') =>
  (await readProcess(doc(body, extra), 'p')).problems.map((p) => `${p.key.split('.').pop()} ${p.element}`);

describe('waiting elements', () => {
  it('reads a boundary timer in working time and arms nothing it cannot honour', async () => {
    const read = await readProcess(
      doc(`<boundaryEvent id="b" attachedToRef="t" cancelActivity="false" atrium:workingTime="true"><timerEventDefinition><timeDuration>PT4H</timeDuration></timerEventDefinition></boundaryEvent>
      <sequenceFlow id="f2" sourceRef="b" targetRef="e" />`),
      'p',
    );
    expect(read.problems).toEqual([]);
    expect(read.definition!.nodes.t.boundaries).toEqual(['b']);
    expect(read.definition!.nodes.b).toMatchObject({
      kind: 'boundary',
      interrupting: false,
      event: { type: 'timer', timer: { duration: 'PT4H', workingTime: true } },
    });
  });

  it('reads the variable a conditional event watches and the kinds of change, refusing a kind it does not know', async () => {
    const conditional = (attrs: string) =>
      `<boundaryEvent id="b" attachedToRef="t" cancelActivity="false"><conditionalEventDefinition ${attrs}><condition>\${late}</condition></conditionalEventDefinition></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`;
    const eventOf = async (attrs: string) =>
      (await readProcess(doc(conditional(attrs)), 'p')).definition!.nodes.b.event;
    expect(await eventOf('camunda:variableName=" late " camunda:variableEvents="create, update"')).toEqual({
      type: 'conditional',
      condition: "'late'",
      variable: 'late',
      changes: ['create', 'update'],
    });
    expect(await eventOf('camunda:variableEvents="delete"')).toEqual({
      type: 'conditional',
      condition: "'late'",
      changes: ['delete'],
    });
    expect(await eventOf('')).toEqual({ type: 'conditional', condition: "'late'" });
    expect(await refused(conditional('camunda:variableName="late" camunda:variableEvents="create,change"'))).toEqual([
      'badEventCondition b',
    ]);
  });

  it('refuses what it cannot honour, naming the element', async () => {
    expect(
      await refused(
        `<boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`,
      ),
    ).toEqual(['timerCycle b']);
    expect(
      await refused(
        `<boundaryEvent id="b" attachedToRef="t"><errorEventDefinition /></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`,
      ),
    ).toEqual(['boundaryOn b']);
    expect(
      await refused(
        `<boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeDuration>\${due.plusDays(1)}</timeDuration></timerEventDefinition></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`,
      ),
    ).toEqual(['badTimer b']);
    expect(
      await refused(
        `<boundaryEvent id="b" attachedToRef="t"><conditionalEventDefinition /></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`,
      ),
    ).toEqual(['noEventCondition b']);
    // A condition as a reminder runs (docs/adr/0194-conditional-boundaries-non-interrupting.md); one with no condition does not.
    expect(
      await refused(
        `<boundaryEvent id="b" attachedToRef="t" cancelActivity="false"><conditionalEventDefinition><condition>\${late}</condition></conditionalEventDefinition></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`,
      ),
    ).toEqual([]);
    expect(
      await refused(
        `<boundaryEvent id="b" attachedToRef="t" cancelActivity="false"><conditionalEventDefinition /></boundaryEvent><sequenceFlow id="f2" sourceRef="b" targetRef="e" />`,
      ),
    ).toEqual(['noEventCondition b']);
    expect(
      await refused(
        `<serviceTask id="j" name="Book" camunda:class="org.acme.Book" /><sequenceFlow id="f3" sourceRef="s" targetRef="j" /><sequenceFlow id="f4" sourceRef="j" targetRef="e" />`,
      ),
    ).toEqual(['codeToTopic j']);
  });

  it('an event-based gateway leads to catch events only', async () => {
    expect(
      await refused(
        `<eventBasedGateway id="g" /><sequenceFlow id="f3" sourceRef="s" targetRef="g" /><sequenceFlow id="f4" sourceRef="g" targetRef="t" />
      <sequenceFlow id="f5" sourceRef="g" targetRef="c" /><intermediateCatchEvent id="c"><messageEventDefinition messageRef="m" /></intermediateCatchEvent><sequenceFlow id="f6" sourceRef="c" targetRef="e" />`,
        '<message id="m" name="go" />',
      ),
    ).toEqual(['eventGatewayTarget g']);
  });
});
