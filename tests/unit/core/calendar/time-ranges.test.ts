// The time-range rules the work-week editor and the server share (docs/adr/0055-work-calendars.md).
import { describe, expect, it } from 'vitest';
import { rangeProblems } from '../../../../src/core/calendar/time-ranges.ts';
import { instantOf, localDateOf } from '../../../../src/core/calendar/zoned-time.ts';

describe('rangeProblems', () => {
  it('accepts ordered, separate HH:mm ranges, and 24:00 as an end', () => {
    expect(
      rangeProblems([
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '24:00' },
      ]),
    ).toEqual([]);
    expect(rangeProblems([])).toEqual([]);
  });

  it('names each bad range by index', () => {
    expect(rangeProblems([{ start: '9:00', end: '12:00' }])).toEqual([
      { index: 0, message: 'calendar.msg.timeFormat' },
    ]);
    expect(rangeProblems([{ start: '24:00', end: '24:00' }])).toEqual([
      { index: 0, message: 'calendar.msg.timeFormat' },
    ]);
    expect(rangeProblems([{ start: '10:00', end: '10:00' }])).toEqual([
      { index: 0, message: 'calendar.msg.startBeforeEnd' },
    ]);
    expect(
      rangeProblems([
        { start: '13:00', end: '18:00' },
        { start: '09:00', end: '13:30' },
      ]),
    ).toEqual([{ index: 1, message: 'calendar.msg.rangesOverlap' }]);
  });
});

describe('zoned time', () => {
  it('maps local wall times to instants, with DST gaps and repeats', () => {
    expect(new Date(instantOf('2026-11-25', 9 * 60, 'Asia/Shanghai')).toISOString()).toBe('2026-11-25T01:00:00.000Z');
    // Paris, 29 March 2026: 02:30 does not exist; read as 03:30 CEST.
    expect(new Date(instantOf('2026-03-29', 150, 'Europe/Paris')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Paris, 25 October 2026: 02:30 happens twice; the first (CEST) is taken.
    expect(new Date(instantOf('2026-10-25', 150, 'Europe/Paris')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localDateOf(Date.parse('2026-11-29T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-30');
  });
});
