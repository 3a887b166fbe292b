// A timer's duration or date written as an expression (docs/adr/0217-feel-temporal-and-built-in-functions.md):
// read at install into the rule language, evaluated over the instance's variables when the timer is armed;
// an expression that gives nothing usable leaves the timer unarmed, saying why (an incident,
// docs/adr/0222-multi-instance-inputs-and-timer-incidents.md); a start timer written so is refused.
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';
import type { TimerSpec } from '../../../../src/core/workflow/process-types.ts';
import { armedTimer } from '../../../../src/server/workflow/waits/timer-due.ts';
import type { Db } from '../../../../src/server/db/schema.ts';

const c8 = (timer: string, start = '<startEvent id="s" />') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="urn:t">
<bpmn:process id="p" isExecutable="true">${start.replace(/<(\/?)startEvent/g, '<$1bpmn:startEvent')}<bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="w" />
<bpmn:intermediateCatchEvent id="w"><bpmn:timerEventDefinition>${timer}</bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="f1" sourceRef="w" targetRef="e" /><bpmn:endEvent id="e" /></bpmn:process></bpmn:definitions>`;

/** The timer the catch event `w` reads, or the problems of the file. */
async function timerOf(xml: string): Promise<TimerSpec | string[]> {
  const read = await readProcess(xml, 'p');
  if (read.problems.length) return read.problems.map((p) => `${p.key.split('.').pop()} ${p.element}`);
  const event = read.definition!.nodes.w.event;
  return event?.type === 'timer' ? event.timer : [];
}

const FROM = new Date('2026-11-30T09:00:00Z');
/** When a timer armed at FROM over `variables` fires (no working time: the database is not read), or
 *  why it cannot be armed. */
const due = async (timer: TimerSpec, variables: Record<string, unknown>) => {
  const armed = await armedTimer(undefined as unknown as Db, 'd', timer, FROM, variables);
  return 'unusable' in armed ? armed.unusable : armed.due.toISOString();
};

describe('timer expressions', () => {
  it('arms a duration an expression computes from the variables', async () => {
    const timer = (await timerOf(
      c8(
        '<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">=duration("PT" + string(hours) + "H")</bpmn:timeDuration>',
      ),
    )) as TimerSpec;
    expect(timer.durationExpression).toBeDefined();
    expect(await due(timer, { hours: 4 })).toBe('2026-11-30T13:00:00.000Z');
    expect(await due(timer, { hours: 30 })).toBe('2026-12-01T15:00:00.000Z');
    const days = (await timerOf(c8('<bpmn:timeDuration>=duration(wait) * 2</bpmn:timeDuration>'))) as TimerSpec;
    expect(await due(days, { wait: 'P1D' })).toBe('2026-12-02T09:00:00.000Z');
    // Nothing to wait for, or no duration: not armed, and why.
    expect(await due(timer, {})).toEqual({ reason: 'nothing' });
    expect(await due(days, { wait: 'soon' })).toEqual({ reason: 'nothing' });
    const plain = (await timerOf(c8('<bpmn:timeDuration>${wait}</bpmn:timeDuration>'))) as TimerSpec;
    expect(await due(plain, { wait: 'soon' })).toEqual({ reason: 'notDuration', value: 'soon' });
    expect(await due(plain, { wait: 3 })).toEqual({ reason: 'notDuration', value: '3' });
  });

  it('arms a date an expression computes, a local date-time or a date counted in UTC', async () => {
    const timer = (await timerOf(c8('<bpmn:timeDate>=date and time(dueDate)</bpmn:timeDate>'))) as TimerSpec;
    expect(await due(timer, { dueDate: '2026-12-03T17:30:00+01:00' })).toBe('2026-12-03T16:30:00.000Z');
    expect(await due(timer, { dueDate: '2026-12-03T17:30:00' })).toBe('2026-12-03T17:30:00.000Z');
    const dayBefore = (await timerOf(
      c8('<bpmn:timeDate>=date(dueDate) - duration("P1D")</bpmn:timeDate>'),
    )) as TimerSpec;
    expect(await due(dayBefore, { dueDate: '2026-12-24' })).toBe('2026-12-23T00:00:00.000Z');
    expect(await due(timer, { dueDate: 'soon' })).toEqual({ reason: 'nothing' });
    expect(await due(timer, {})).toEqual({ reason: 'nothing' });
    const plain = (await timerOf(c8('<bpmn:timeDate>${dueDate}</bpmn:timeDate>'))) as TimerSpec;
    expect(await due(plain, { dueDate: 'soon' })).toEqual({ reason: 'notDate', value: 'soon' });
  });

  it('refuses an expression the reader refuses, and a start timer written as an expression', async () => {
    expect(await timerOf(c8('<bpmn:timeDuration>=sort(x)</bpmn:timeDuration>'))).toEqual(['badTimer w']);
    const start =
      '<startEvent id="s"><bpmn:timerEventDefinition><bpmn:timeDuration>=duration(wait)</bpmn:timeDuration></bpmn:timerEventDefinition></startEvent>';
    expect(await timerOf(c8('<bpmn:timeDuration>PT1H</bpmn:timeDuration>', start))).toEqual(['startTimerExpression s']);
  });
});
