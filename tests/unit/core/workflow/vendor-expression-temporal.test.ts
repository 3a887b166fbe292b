// FEEL's temporal values read into the rule language (docs/adr/0217-feel-temporal-and-built-in-functions.md):
// each expected value is the one FEEL's temporal expressions and conversion functions give (Camunda's FEEL
// reference: literals, the addition, subtraction, multiplication and division tables, properties), a pair
// the tables do not list is null, and `now()` reads one clock per evaluation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holds, value } from './support/feel.ts';

/** A value as a variable holds it once written (docs/adr/0217-…: temporal values are stored as ISO texts). */
const stored = (text: string, vars: Record<string, unknown> = {}) =>
  JSON.parse(JSON.stringify(value(text, vars) ?? null));

describe('FEEL temporal values', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T18:20:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('builds dates, times, date-times and durations from ISO texts and variables, null when not one', () => {
    expect(stored('=date("2026-01-31")')).toBe('2026-01-31');
    expect(stored('=date(2012, 12, 25)')).toBe('2012-12-25');
    expect(stored('=date(date and time("2012-12-25T11:00:00"))')).toBe('2012-12-25');
    expect(stored('=date(due)', { due: '2026-03-01' })).toBe('2026-03-01');
    expect(stored('=time("08:00:00+02:00")')).toBe('08:00:00+02:00');
    expect(stored('=time(23, 59, 0)')).toBe('23:59:00');
    expect(stored('=date and time("2020-04-06T08:00:00")')).toBe('2020-04-06T08:00:00');
    expect(stored('=date and time(date("2012-12-24"), time("23:59:00"))')).toBe('2012-12-24T23:59:00');
    expect(stored('=duration("P5D")')).toBe('P5D');
    expect(stored('=duration("PT36H")')).toBe('P1DT12H'); // days-time durations are normalized
    expect(stored('=duration("P1Y6M")')).toBe('P1Y6M');
    expect(stored('=@"2020-04-06"')).toBe('2020-04-06');
    expect(stored('=@"PT6H"')).toBe('PT6H');
    // Not a calendar day, not a duration, a mixed duration, no text: null.
    for (const text of ['=date("2024-06-31")', '=date("31.01.2026")', '=duration("P1Y2D")', '=duration("3 days")'])
      expect(value(text), text).toBeNull();
    expect(value('=date(due)', {})).toBeNull();
    expect(value('=date(due)', { due: 20260131 })).toBeNull();
  });

  it('adds, subtracts, scales and divides as FEEL does', () => {
    expect(stored('=date("2020-04-06") + duration("P1D")')).toBe('2020-04-07');
    expect(stored('=time("08:00:00") + duration("PT1H")')).toBe('09:00:00');
    expect(stored('=date and time("2020-04-06T08:00:00") + duration("P7D")')).toBe('2020-04-13T08:00:00');
    expect(stored('=duration("P2D") + duration("P5D")')).toBe('P7D');
    expect(stored('=date("2020-04-06") - date("2020-04-01")')).toBe('P5D');
    expect(stored('=date("2020-04-06") - duration("P5D")')).toBe('2020-04-01');
    expect(stored('=time("08:00:00") - time("06:00:00")')).toBe('PT2H');
    expect(stored('=time("08:00:00") - duration("PT2H")')).toBe('06:00:00');
    expect(stored('=duration("P7D") - duration("P2D")')).toBe('P5D');
    expect(stored('=duration("P1Y") - duration("P3M")')).toBe('P9M');
    expect(stored('=duration("P1D") * 5')).toBe('P5D');
    expect(stored('=duration("P1M") * 6')).toBe('P6M');
    expect(value('=duration("P5D") / duration("P1D")')).toBe(5);
    expect(stored('=duration("P5D") / 5')).toBe('P1D');
    expect(value('=duration("P1Y") / duration("P1M")')).toBe(12);
    expect(stored('=duration("P1Y") / 12')).toBe('P1M');
    // Months are calendar steps whose day stays within the month.
    expect(stored('=date("2026-01-31") + duration("P1M")')).toBe('2026-02-28');
    expect(stored('=date("2024-01-31") + duration("P1M")')).toBe('2024-02-29');
    expect(stored('=date and time("2020-04-06T08:00:00Z") - date and time("2020-04-05T06:30:00Z")')).toBe('P1DT1H30M');
    expect(stored('=years and months duration(date("2011-12-22"), date("2013-08-24"))')).toBe('P1Y8M');
    // Pairs no table lists: null.
    for (const text of [
      '=date("2020-04-06") + date("2020-04-01")',
      '=duration("P1D") + duration("P1M")',
      '=date("2020-04-06") - date and time("2020-04-01T00:00:00")',
      '=date("2020-04-06") + 1',
      '=date and time("2020-04-06T08:00:00") - date and time("2020-04-06T08:00:00Z")',
    ])
      expect(value(text), text).toBeNull();
  });

  it('compares values of one kind, and nothing across kinds', () => {
    expect(holds('=date("2012-12-25") > date("2012-12-24")')).toBe(true);
    expect(holds('=date and time("2012-12-24T23:59:00") < date and time("2012-12-25T00:00:00")')).toBe(true);
    expect(holds('=date and time("2020-04-06T10:00:00+02:00") = date and time("2020-04-06T08:00:00Z")')).toBe(true);
    expect(holds('=duration("PT24H") = duration("P1D")')).toBe(true);
    expect(holds('=duration("P1Y") > duration("P11M")')).toBe(true);
    expect(
      holds('=date(due) - date(requested) > duration("P3D")', { due: '2026-12-10', requested: '2026-12-01' }),
    ).toBe(true);
    expect(holds('=date(due) in [date("2026-01-01")..date("2026-12-31")]', { due: '2026-06-30' })).toBe(true);
    expect(holds('=date(due) between @"2027-01-01" and @"2027-12-31"', { due: '2026-06-30' })).toBe(false);
    // Across kinds: `=` is false, an order is null (not taken), a missing date likewise.
    expect(holds('=date("2026-01-31") = "2026-01-31"')).toBe(false);
    expect(holds('=date("2026-01-31") != "2026-01-31"')).toBe(true);
    expect(holds('=date("2026-01-31") < date and time("2026-02-01T00:00:00")')).toBe(false);
    expect(holds('=not(date("2026-01-31") < date and time("2026-02-01T00:00:00"))')).toBe(false);
    expect(holds('=date(due) < today()', {})).toBe(false);
    expect(holds('=not(date(due) < today())', {})).toBe(false);
  });

  it('reads the properties FEEL defines', () => {
    expect(value('=date("2020-04-06").year')).toBe(2020);
    expect(value('=date("2020-04-06").month')).toBe(4);
    expect(value('=date("2020-04-06").weekday')).toBe(1); // Monday
    expect(value('=date and time("2019-09-17T12:30:05").weekday')).toBe(2);
    expect(value('=time("08:00:00").hour')).toBe(8);
    expect(value('=date and time("2020-04-06T08:15:30").minute')).toBe(15);
    expect(value('=duration("PT2H30M").hours')).toBe(2);
    expect(value('=duration("PT2H30M").minutes')).toBe(30);
    expect(value('=duration("P6M").months')).toBe(6);
    expect(value('=duration("P13M").years')).toBe(1);
    expect(value('=(date(due) - today()).days', { due: '2026-12-25' })).toBe(25);
    expect(value('=day of week(date("2019-09-17"))')).toBe('Tuesday');
    // Only the components: what a value is computed from is not reachable.
    expect(value('=date("2020-04-06").epochDay') ?? null).toBeNull();
    expect(value('=date("2020-04-06").constructor') ?? null).toBeNull();
  });

  it('reads now() and today() from one clock per evaluation, in UTC', () => {
    expect(stored('=now()')).toBe('2026-11-30T18:20:00Z');
    expect(stored('=today()')).toBe('2026-11-30');
    expect(holds('=date(due) < today()', { due: '2026-11-29' })).toBe(true);
    expect(holds('=date and time(deadline) - now() <= duration("PT4H")', { deadline: '2026-11-30T21:00:00Z' })).toBe(
      true,
    );
    // A clock that moves on every reading still gives one instant to the whole evaluation.
    let tick = Date.parse('2026-11-30T18:20:00Z');
    vi.spyOn(Date, 'now').mockImplementation(() => (tick += 1000));
    expect(holds('=now() = now() and today() = today()')).toBe(true);
  });
});
