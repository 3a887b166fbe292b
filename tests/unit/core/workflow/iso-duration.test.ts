// ISO 8601 as BPMN timers write it (docs/adr/0126-timers-and-messages.md).
import { describe, expect, it } from 'vitest';
import { addDuration, parseCycle, parseDateTime, parseDuration } from '../../../../src/core/workflow/iso-duration.ts';

describe('ISO 8601 timers', () => {
  it('reads durations and adds them', () => {
    const at = new Date('2026-01-31T10:00:00Z');
    expect(addDuration(at, parseDuration('PT1H30M')!).toISOString()).toBe('2026-01-31T11:30:00.000Z');
    expect(addDuration(at, parseDuration('P1M')!).toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(addDuration(at, parseDuration('P2W')!).toISOString()).toBe('2026-02-14T10:00:00.000Z');
    expect(addDuration(at, parseDuration('PT0.5S')!).toISOString()).toBe('2026-01-31T10:00:00.500Z');
    for (const bad of ['P', 'PT', '3 days', 'P1H', '${due}', '=duration'])
      expect(parseDuration(bad), bad).toBeUndefined();
  });

  it('reads cycles and date-times with their offset', () => {
    expect(parseCycle('R3/PT1H')).toMatchObject({ repeat: 3 });
    expect(parseCycle('R/P1D')).toMatchObject({ repeat: null });
    expect(parseCycle('R0/PT1H')).toBeUndefined();
    for (const still of ['R/PT0S', 'R3/PT0.0S', 'R/P0D']) expect(parseCycle(still), still).toBeUndefined();
    expect(parseCycle('0 0 9 * * ?')).toBeUndefined();
    expect(parseCycle('R2/2026-12-01T09:00:00Z/P1D')).toEqual({
      repeat: 2,
      interval: { years: 0, months: 0, weeks: 0, days: 1, hours: 0, minutes: 0, seconds: 0 },
      start: new Date('2026-12-01T09:00:00Z'),
    });
    expect(parseCycle('R/2026-12-01T09:00:00/P1D')).toBeUndefined(); // a local time is no instant
    expect(parseDateTime('2026-12-01T09:00:00+08:00')?.toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(parseDateTime('2026-12-01T09:00:00')).toBeUndefined();
  });
});
