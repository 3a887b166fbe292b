// workingTimeBetween (docs/adr/0055-work-calendars.md): weekends, holidays, extra working days, intervals over several days,
// ranges touched part-way, time zones and the DST changes of Europe and America.
import { describe, expect, it } from 'vitest';
import { standardWeek, type SpecialDay, type WorkCalendar } from '../../../../src/core/calendar/work-calendar.ts';
import { workingHoursBetween, workingTimeBetween } from '../../../../src/core/calendar/working-time.ts';

const H = 3_600_000;
const calendar = (timeZone: string, specialDays: SpecialDay[] = []): WorkCalendar => ({
  timeZone,
  week: standardWeek(),
  specialDays,
});
const utc = (text: string) => new Date(`${text}Z`);
const shanghai = (text: string) => new Date(`${text}+08:00`);

describe('workingTimeBetween', () => {
  const sh = calendar('Asia/Shanghai');

  it('counts the ranges of one working day, and parts of ranges', () => {
    // Wednesday 2026-11-25.
    expect(workingTimeBetween(sh, shanghai('2026-11-25T00:00:00'), shanghai('2026-11-26T00:00:00'))).toBe(8 * H);
    expect(workingTimeBetween(sh, shanghai('2026-11-25T10:30:00'), shanghai('2026-11-25T14:00:00'))).toBe(2.5 * H);
    // The lunch break counts nothing.
    expect(workingTimeBetween(sh, shanghai('2026-11-25T12:00:00'), shanghai('2026-11-25T13:00:00'))).toBe(0);
    expect(workingTimeBetween(sh, shanghai('2026-11-25T17:59:00'), shanghai('2026-11-25T20:00:00'))).toBe(60_000);
  });

  it('is 0 for an empty or reversed interval', () => {
    expect(workingTimeBetween(sh, shanghai('2026-11-25T10:00:00'), shanghai('2026-11-25T10:00:00'))).toBe(0);
    expect(workingTimeBetween(sh, shanghai('2026-11-25T11:00:00'), shanghai('2026-11-25T10:00:00'))).toBe(0);
  });

  it('skips the weekend, across days', () => {
    // Friday 16:00 to Monday 10:00: 2 hours on Friday, 1 on Monday.
    expect(workingTimeBetween(sh, shanghai('2026-11-27T16:00:00'), shanghai('2026-11-30T10:00:00'))).toBe(3 * H);
    expect(workingTimeBetween(sh, shanghai('2026-11-28T00:00:00'), shanghai('2026-11-30T00:00:00'))).toBe(0);
    // Two whole weeks: 10 days of 8 hours.
    expect(workingTimeBetween(sh, shanghai('2026-11-02T00:00:00'), shanghai('2026-11-16T00:00:00'))).toBe(80 * H);
  });

  it('skips holidays and counts extra working days with their own ranges', () => {
    const cal = calendar('Asia/Shanghai', [
      { startDate: '2026-10-01', endDate: '2026-10-07', kind: 'holiday', name: 'National Day', ranges: [] },
      {
        startDate: '2026-10-10',
        endDate: '2026-10-10',
        kind: 'workday',
        name: 'Make-up',
        ranges: [{ start: '09:00', end: '12:00' }],
      },
    ]);
    // Wed 30 Sep to Mon 12 Oct: Wed 30 Sep (8) + Thu 8, Fri 9 (16) + Sat 10 make-up (3) + Mon 12 (8).
    expect(workingTimeBetween(cal, shanghai('2026-09-30T00:00:00'), shanghai('2026-10-13T00:00:00'))).toBe(35 * H);
    expect(workingTimeBetween(cal, shanghai('2026-10-10T11:00:00'), shanghai('2026-10-10T18:00:00'))).toBe(1 * H);
  });

  it('reads the ranges in the calendar zone, whatever the zone of the instants', () => {
    // 09:00–12:00 in Shanghai is 01:00–04:00 UTC.
    expect(workingTimeBetween(sh, utc('2026-11-25T00:00:00'), utc('2026-11-25T04:00:00'))).toBe(3 * H);
    const ny = calendar('America/New_York');
    // 09:00 New York (EST, UTC-5) is 14:00 UTC; the interval ends 15:30 UTC.
    expect(workingTimeBetween(ny, utc('2026-11-25T12:00:00'), utc('2026-11-25T15:30:00'))).toBe(1.5 * H);
    // A local day that is another date in UTC: Monday 2026-11-30 in Auckland starts on Sunday in UTC.
    const auckland = calendar('Pacific/Auckland');
    expect(workingTimeBetween(auckland, utc('2026-11-29T10:00:00'), utc('2026-11-30T10:00:00'))).toBe(8 * H);
  });

  it('keeps wall-clock ranges over a DST change, and counts real time when the change falls inside one', () => {
    const paris = calendar('Europe/Paris');
    // Summer time ends Sunday 2026-10-25; Monday 26 still has 8 working hours, the week before too.
    expect(workingTimeBetween(paris, utc('2026-10-19T00:00:00'), utc('2026-10-31T00:00:00'))).toBe(80 * H);
    // A night-shift calendar working 00:00–06:00 every day: the day summer time starts (29 March 2026,
    // 02:00→03:00) has 5 real hours, the day it ends (25 October, 03:00→02:00) has 7.
    const night: WorkCalendar = {
      timeZone: 'Europe/Paris',
      specialDays: [],
      week: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        working: true,
        ranges: [{ start: '00:00', end: '06:00' }],
      })),
    };
    expect(workingTimeBetween(night, utc('2026-03-28T12:00:00'), utc('2026-03-29T12:00:00'))).toBe(5 * H);
    expect(workingTimeBetween(night, utc('2026-10-24T12:00:00'), utc('2026-10-25T12:00:00'))).toBe(7 * H);
    // New York: the day after the spring change (Monday 9 March 2026) still works 09:00–18:00 local.
    const ny = calendar('America/New_York');
    expect(workingTimeBetween(ny, utc('2026-03-09T13:00:00'), utc('2026-03-09T14:00:00'))).toBe(1 * H); // 09:00–10:00 EDT
  });

  it('counts a range ending at 24:00 up to midnight, and a shift split over midnight as two days', () => {
    const evening: WorkCalendar = {
      timeZone: 'UTC',
      specialDays: [],
      week: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        working: true,
        ranges: [
          { start: '00:00', end: '02:00' },
          { start: '22:00', end: '24:00' },
        ],
      })),
    };
    expect(workingTimeBetween(evening, utc('2026-11-25T21:00:00'), utc('2026-11-26T03:00:00'))).toBe(4 * H);
    expect(workingTimeBetween(evening, utc('2026-11-25T23:30:00'), utc('2026-11-26T00:30:00'))).toBe(1 * H);
  });

  it('lets the last exception saved win where two overlap', () => {
    const cal = calendar('UTC', [
      { startDate: '2026-12-21', endDate: '2026-12-31', kind: 'holiday', ranges: [] },
      { startDate: '2026-12-28', endDate: '2026-12-28', kind: 'workday', ranges: [{ start: '10:00', end: '12:00' }] },
    ]);
    expect(workingTimeBetween(cal, utc('2026-12-21T00:00:00'), utc('2027-01-01T00:00:00'))).toBe(2 * H);
  });

  it('reports hours rounded to hundredths and refuses absurd intervals', () => {
    expect(workingHoursBetween(sh, shanghai('2026-11-25T09:00:00'), shanghai('2026-11-25T09:20:00'))).toBe(0.33);
    expect(() => workingTimeBetween(sh, 0, Date.UTC(2100, 0, 1))).toThrow(RangeError);
  });
});
