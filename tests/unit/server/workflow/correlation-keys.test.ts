// Camunda 8's message correlation keys (docs/adr/0245-zeebe-correlation-keys.md): read at install from the
// message's `zeebe:subscription` into the rule language (a static text or an expression outside the subset
// refused, naming the element; a start event's key not read), and evaluated when the wait opens: a text or
// a number (as its text) keys it; nothing, a blank text, another kind of value or a key longer than a
// caller may send is why it cannot, an incident.
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';
import { correlationKey } from '../../../../src/server/workflow/waits/correlation-keys.ts';

const c8 = (key: string, start = '<bpmn:startEvent id="s" />') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" id="d" targetNamespace="urn:t">
<bpmn:process id="p" isExecutable="true">${start}<bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="w" />
<bpmn:intermediateCatchEvent id="w"><bpmn:messageEventDefinition messageRef="m" /></bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="f1" sourceRef="w" targetRef="e" /><bpmn:endEvent id="e" /></bpmn:process>
<bpmn:message id="m" name="paid"><bpmn:extensionElements><zeebe:subscription correlationKey="${key}" /></bpmn:extensionElements></bpmn:message>
</bpmn:definitions>`;

/** The nodes' events, or the file's problems. */
async function eventsOf(xml: string) {
  const read = await readProcess(xml, 'p');
  if (read.problems.length) return read.problems.map((p) => `${p.key.split('.').pop()} ${p.element}`);
  return Object.fromEntries(Object.values(read.definition!.nodes).flatMap((n) => (n.event ? [[n.id, n.event]] : [])));
}

describe('message correlation keys', () => {
  it('reads the key of the message a catch event waits for, and none of a message start event', async () => {
    expect(await eventsOf(c8('=order.id'))).toEqual({
      w: { type: 'message', message: 'paid', correlationKey: 'feelPath(\'order\', "id")' },
    });
    const started = c8(
      '=order.id',
      '<bpmn:startEvent id="s"><bpmn:messageEventDefinition messageRef="m" /></bpmn:startEvent>',
    );
    expect(await eventsOf(started)).toEqual({
      s: { type: 'message', message: 'paid' },
      w: { type: 'message', message: 'paid', correlationKey: 'feelPath(\'order\', "id")' },
    });
  });

  it('refuses a static key and an expression it cannot read, naming the element', async () => {
    expect(await eventsOf(c8('orderId'))).toEqual(['badCorrelationKey w']);
    expect(await eventsOf(c8('=order.id +'))).toEqual(['badCorrelationKey w']);
  });

  it('keys by a text or a number; nothing, a blank, another kind or an overlong key cannot', () => {
    expect(correlationKey("'order.id'", { order: { id: 'A-17' } })).toEqual({ key: 'A-17' });
    expect(correlationKey("'n'", { n: 4711 })).toEqual({ key: '4711' });
    expect(correlationKey("'n'", { n: 2.5 })).toEqual({ key: '2.5' });
    expect(correlationKey("'order.id'", {})).toEqual({ unusable: { reason: 'nothing' } });
    expect(correlationKey("'n'", { n: '  ' })).toEqual({ unusable: { reason: 'nothing' } });
    expect(correlationKey("'n'", { n: true })).toEqual({ unusable: { reason: 'notKey', value: 'true' } });
    expect(correlationKey("'n'", { n: { a: 1 } })).toEqual({ unusable: { reason: 'notKey', value: '{"a":1}' } });
    expect(correlationKey("'n'", { n: 'k'.repeat(200) })).toEqual({ key: 'k'.repeat(200) });
    expect(correlationKey("'n'", { n: 'k'.repeat(201) })).toEqual({
      unusable: { reason: 'tooLong', value: `${'k'.repeat(100)}…` },
    });
  });
});
