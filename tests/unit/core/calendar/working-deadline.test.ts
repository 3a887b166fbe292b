// When a working-time wait ends (docs/adr/0126-timers-and-messages.md): hours of working time skip the lunch break, the
// evening, the weekend and a holiday; days are working days at the same local time.
import { describe, expect, it } from 'vitest';
import { addWorkingDays, addWorkingTime } from '../../../../src/core/calendar/working-deadline.ts';
import { standardWeek, type WorkCalendar } from '../../../../src/core/calendar/work-calendar.ts';

const shanghai: WorkCalendar = {
  timeZone: 'Asia/Shanghai',
  week: standardWeek(),
  specialDays: [{ startDate: '2026-12-07', endDate: '2026-12-07', kind: 'holiday', name: 'Closed', ranges: [] }],
};

describe('working deadlines', () => {
  it('counts working hours only', () => {
    // Friday 2026-12-04 11:00 local (03:00Z): 1 h to lunch, 5 h in the afternoon, then Monday is a holiday.
    const from = new Date('2026-12-04T03:00:00Z');
    expect(addWorkingTime(shanghai, from, 2 * 3_600_000).toISOString()).toBe('2026-12-04T06:00:00.000Z'); // 14:00
    expect(addWorkingTime(shanghai, from, 8 * 3_600_000).toISOString()).toBe('2026-12-08T03:00:00.000Z'); // Tue 11:00
  });

  it('starts counting at the next working moment', () => {
    const saturday = new Date('2026-12-05T02:00:00Z');
    expect(addWorkingTime(shanghai, saturday, 3_600_000).toISOString()).toBe('2026-12-08T02:00:00.000Z'); // Tue 10:00
  });

  it('counts days as working days at the same local time', () => {
    const friday = new Date('2026-12-04T03:00:00Z');
    expect(addWorkingDays(shanghai, friday, 1).toISOString()).toBe('2026-12-08T03:00:00.000Z');
    expect(addWorkingDays(shanghai, friday, 2).toISOString()).toBe('2026-12-09T03:00:00.000Z');
  });
});
