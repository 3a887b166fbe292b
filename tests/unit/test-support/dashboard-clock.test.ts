// The dashboard journey's clock (tests/support/dashboard-clock.ts): on every day of the year the zone
// chosen gives a year, and the period chosen, that began long enough ago to hold every seeded instance.
import { describe, expect, it } from 'vitest';
import { dashboardClock, zonedPeriodStart } from '../../support/dashboard-clock.ts';

const HOUR = 3_600_000;
const held = (now: Date) => {
  const clock = dashboardClock(now);
  const age = (period: 'thisyear' | typeof clock.period) =>
    (now.getTime() - zonedPeriodStart(period, now, clock.hoursBehind).getTime()) / HOUR;
  return { ...clock, yearAge: age('thisyear'), periodAge: age(clock.period) };
};

describe('the dashboard journey’s clock', () => {
  it('runs 1 January 00:30 on 31 December’s clock, asking the month', () => {
    const now = new Date('2027-01-01T00:30:00Z'); // a Friday
    expect(held(now)).toMatchObject({ timeZone: 'Etc/GMT+12', hoursBehind: 12, period: 'thismonth' });
    expect(zonedPeriodStart('thisyear', now, 12).toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(zonedPeriodStart('thismonth', now, 12).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(zonedPeriodStart('today', now, 12).toISOString()).toBe('2026-12-31T12:00:00.000Z');
    expect(held(now).yearAge).toBeGreaterThanOrEqual(11);
  });

  it('on a Monday the 1st asks the year, or on Monday 1 January the month of the clock behind', () => {
    const february = new Date('2027-02-01T00:30:00Z'); // Monday 1 February: its week and month are half an hour old
    expect(held(february)).toMatchObject({ timeZone: 'UTC', hoursBehind: 0, period: 'thisyear' });
    expect(zonedPeriodStart('thisweek', february, 0).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    const newYear = new Date('2029-01-01T00:30:00Z'); // Monday 1 January: no period of UTC is old enough
    const there = held(newYear);
    expect(there).toMatchObject({ timeZone: 'Etc/GMT+12', period: 'thismonth' });
    expect(zonedPeriodStart('thisweek', newYear, 12).toISOString()).toBe('2028-12-25T12:00:00.000Z');
    expect(there.yearAge).toBeGreaterThanOrEqual(11);
    expect(there.periodAge).toBeGreaterThanOrEqual(11);
  });

  it('on an ordinary day keeps UTC and asks the month', () => {
    const now = new Date('2026-06-17T14:00:00Z'); // a Wednesday
    expect(held(now)).toMatchObject({ timeZone: 'UTC', hoursBehind: 0, period: 'thismonth' });
    expect(zonedPeriodStart('thisweek', now, 0).toISOString()).toBe('2026-06-15T00:00:00.000Z');
    expect(zonedPeriodStart('today', now, 0).toISOString()).toBe('2026-06-17T00:00:00.000Z');
  });

  it('holds every seeded instance at every half hour of a year with a Monday 1 January', () => {
    const young: string[] = [];
    for (let at = Date.UTC(2029, 0, 1); at < Date.UTC(2030, 0, 1); at += HOUR / 2) {
      const { yearAge, periodAge } = held(new Date(at));
      if (Math.min(yearAge, periodAge) < 11) young.push(new Date(at).toISOString());
    }
    expect(young).toEqual([]);
  });
});
