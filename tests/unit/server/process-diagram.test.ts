// The drawing of a process version (docs/adr/0050-instance-process-diagram.md): a file with diagram interchange is drawn as written; one
// without (hand-written, no incoming/outgoing on its nodes) gets a shape for every node and an edge
// for every flow, parallel branches included, its process left as it was.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../src/core/workflow/process-definition.ts';
import { drawableBpmn } from '../../../src/server/workflow/process-diagram.ts';

const PARALLEL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="p" isExecutable="true">
    <startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="split" />
    <parallelGateway id="split" />
    <sequenceFlow id="a" sourceRef="split" targetRef="clerk" /><sequenceFlow id="b" sourceRef="split" targetRef="log" />
    <userTask id="clerk" name="Clerk" atrium:approvers="user:clerk" />
    <serviceTask id="log" name="Log" /><sequenceFlow id="b2" sourceRef="log" targetRef="lead" />
    <userTask id="lead" name="Lead" atrium:approvers="superior" />
    <sequenceFlow id="a2" sourceRef="clerk" targetRef="join" /><sequenceFlow id="b3" sourceRef="lead" targetRef="join" />
    <parallelGateway id="join" /><sequenceFlow id="f9" sourceRef="join" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>`;

const drawn = (xml: string, kind: 'BPMNShape' | 'BPMNEdge') =>
  [...xml.matchAll(new RegExp(`<bpmndi:${kind} id="[^"]+" bpmnElement="([^"]+)"`, 'g'))].map((m) => m[1]).sort();

describe('the drawing of a process', () => {
  it('lays out a file without a diagram: every node a shape, every flow an edge, the process unchanged', async () => {
    const xml = await drawableBpmn(PARALLEL);
    expect(drawn(xml, 'BPMNShape')).toEqual(['clerk', 'e', 'join', 'lead', 'log', 's', 'split']);
    expect(drawn(xml, 'BPMNEdge')).toEqual(['a', 'a2', 'b', 'b2', 'b3', 'f1', 'f9']);
    const [before, after] = await Promise.all([readProcess(PARALLEL, 'p'), readProcess(xml, 'p')]);
    expect(after.definition).toEqual(before.definition);
  });

  it('draws a file with a diagram (the demo packages) as written', async () => {
    const xml = readFileSync('packages/office/processes/leave-approval.bpmn', 'utf8');
    expect(await drawableBpmn(xml)).toBe(xml);
    expect(drawn(xml, 'BPMNShape')).toEqual(['end', 'hr', 'long', 'manager', 'start']);
  });
});
