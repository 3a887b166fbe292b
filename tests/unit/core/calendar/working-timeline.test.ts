// The working timeline (docs/adr/0055-work-calendars.md, the dashboard's working hours): W(end) − W(start) read from its arrays is
// workingTimeBetween for any interval inside the window, in zones with and without DST, with holidays
// and extra working days; instants before the first span count nothing.
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../../src/core/seeded-random.ts';
import { standardWeek, type WorkCalendar } from '../../../../src/core/calendar/work-calendar.ts';
import { workingTimeBetween } from '../../../../src/core/calendar/working-time.ts';
import { workedBefore, workingTimeline } from '../../../../src/core/calendar/working-timeline.ts';

const calendars: WorkCalendar[] = [
  {
    timeZone: 'Asia/Shanghai',
    week: standardWeek(),
    specialDays: [
      { startDate: '2026-10-01', endDate: '2026-10-07', kind: 'holiday', name: 'National Day', ranges: [] },
      {
        startDate: '2026-10-10',
        endDate: '2026-10-10',
        kind: 'workday',
        name: 'Make-up day',
        ranges: [{ start: '09:00', end: '17:30' }],
      },
    ],
  },
  { timeZone: 'Europe/Berlin', week: standardWeek(), specialDays: [] },
  {
    timeZone: 'America/New_York',
    week: standardWeek().map((d) =>
      d.weekday === 6 ? { weekday: 6, working: true, ranges: [{ start: '00:30', end: '03:30' }] } : d,
    ),
    specialDays: [],
  },
];

describe('workingTimeline', () => {
  const from = Date.parse('2026-01-01T00:00:00Z');
  const to = Date.parse('2027-01-01T00:00:00Z');

  it.each(calendars.map((c) => [c.timeZone, c] as const))(
    'gives workingTimeBetween for random intervals of a year in %s',
    { timeout: 30_000 },
    (_zone, calendar) => {
      const timeline = workingTimeline(calendar, from, to);
      expect(timeline.starts.length).toBeGreaterThan(400);
      expect(timeline.starts.every((s, i) => i === 0 || s > timeline.starts[i - 1])).toBe(true);
      const random = seeded(`timeline-${calendar.timeZone}`).next;
      for (let i = 0; i < 120; i++) {
        const a = from + Math.floor(random() * (to - from));
        const b = a + Math.floor(random() * 12 * 86_400_000);
        if (b > to) continue;
        expect(workedBefore(timeline, b / 1000) - workedBefore(timeline, a / 1000)).toBeCloseTo(
          workingTimeBetween(calendar, a, b) / 1000,
          6,
        );
      }
    },
  );

  it('counts nothing before the first span, and a whole span once past it', () => {
    const timeline = workingTimeline(
      calendars[1],
      Date.parse('2026-11-25T00:00:00Z'),
      Date.parse('2026-11-25T20:00:00Z'),
    );
    // Wednesday in Berlin (UTC+1): 09:00–12:00 and 13:00–18:00 local.
    expect(timeline.starts).toEqual([
      Date.parse('2026-11-25T08:00:00Z') / 1000,
      Date.parse('2026-11-25T12:00:00Z') / 1000,
    ]);
    expect(workedBefore(timeline, Date.parse('2026-11-25T07:00:00Z') / 1000)).toBe(0);
    expect(workedBefore(timeline, Date.parse('2026-11-25T11:30:00Z') / 1000)).toBe(3 * 3600);
    expect(workedBefore(timeline, Date.parse('2026-11-26T00:00:00Z') / 1000)).toBe(8 * 3600);
  });
});
