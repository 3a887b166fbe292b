// The gateways an instance's diagram marks done: those between a node it left and a node it reached.
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';
import { passedGateways } from '../../../../src/core/workflow/passed-gateways.ts';

const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression>${condition}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="p" name="P" isExecutable="true">
    <startEvent id="start" />${flow('f1', 'start', 'split')}
    <parallelGateway id="split" />${flow('f2', 'split', 'manager')}${flow('f3', 'split', 'finance')}
    <userTask id="manager" name="M" atrium:approvers="user:m" />${flow('f4', 'manager', 'join')}
    <userTask id="finance" name="F" atrium:approvers="user:f" />${flow('f5', 'finance', 'join')}
    <parallelGateway id="join" />${flow('f6', 'join', 'amount')}
    <exclusiveGateway id="amount" default="small" />${flow('big', 'amount', 'ceo', 'amount > 1000')}${flow('small', 'amount', 'end')}
    <userTask id="ceo" name="C" atrium:approvers="user:c" />${flow('f7', 'ceo', 'end')}
    <endEvent id="end" />
  </process>
</definitions>`;

describe('passed gateways', () => {
  it('marks only the gateways between a node left and a node reached, through chains of gateways', async () => {
    const { definition } = await readProcess(xml, 'p');
    // Waiting at both branches: only the split is behind the instance.
    expect(passedGateways(definition!, ['start'], ['manager', 'finance'])).toEqual(['split']);
    // One branch done, the other waiting: the join is not passed yet.
    expect(passedGateways(definition!, ['start', 'manager'], ['finance'])).toEqual(['split']);
    // Both done, waiting at the CEO: the join and the choice (one after the other) are passed.
    expect(passedGateways(definition!, ['start', 'manager', 'finance'], ['ceo'])).toEqual(['amount', 'join', 'split']);
    // Completed on the small branch: the same gateways, reached through the end.
    expect(passedGateways(definition!, ['start', 'manager', 'finance', 'end'], [])).toEqual([
      'amount',
      'join',
      'split',
    ]);
    expect(passedGateways(definition!, [], ['start'])).toEqual([]);
  });
});
