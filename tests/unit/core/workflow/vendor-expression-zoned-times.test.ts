// FEEL's time of day in a named zone or with an offset (docs/adr/0239-feel-zoned-times-and-functions.md):
// `time("10:30:00@Europe/Berlin")` takes the zone's standard offset, as Camunda's FEEL does; `time(…)` of a
// date and time keeps its zone and its offset on that date; times order by their instant in the day.
import { describe, expect, it } from 'vitest';
import { holds, value } from './support/feel.ts';

describe('FEEL times in a zone or with an offset', () => {
  it('reads a time in a named zone and writes it as FEEL does', () => {
    expect(value('=time("10:30:00@Europe/Berlin")')).toBe('10:30:00@Europe/Berlin');
    expect(value('=@"10:31:10@Europe/Paris"')).toBe('10:31:10@Europe/Paris');
    expect(value('=string(time("10:30:00@europe/berlin"))')).toBe('10:30:00@Europe/Berlin');
    expect(value('=time("10:30:00@Europe/Berlin").timezone')).toBe('Europe/Berlin');
    expect(value('=time("10:30:00@Europe/Berlin").hour')).toBe(10);
    expect(value('=time("10:30:00+02:00").timezone')).toBeNull();
    expect(value('=time(t)', { t: '10:30:00@Asia/Shanghai' })).toBe('10:30:00@Asia/Shanghai');
  });

  it('orders and equals times by their instant, the zone at its standard offset', () => {
    // Berlin's standard offset is +01:00 whatever the season (Camunda: getStandardOffset).
    expect(holds('=time("10:30:00@Europe/Berlin") = time("09:30:00Z")')).toBe(true);
    expect(holds('=time("10:30:00@Europe/Berlin") = time("17:30:00@Asia/Shanghai")')).toBe(true);
    expect(holds('=time("10:30:00@Europe/Berlin") < time("10:30:00+00:00")')).toBe(true);
    expect(holds('=time("10:30:00@Europe/Berlin") > time("10:30:00@Asia/Shanghai")')).toBe(true);
    expect(value('=time("10:30:00@Europe/Berlin") - time("08:00:00Z")')).toBe('PT1H30M');
    // A local time has no instant: no order with a zoned one, and not equal.
    expect(value('=time("10:30:00@Europe/Berlin") < time("11:00:00")')).toBeNull();
    expect(holds('=time("10:30:00@Europe/Berlin") = time("10:30:00")')).toBe(false);
  });

  it('keeps the zone through arithmetic and from a date and time', () => {
    expect(value('=time("23:30:00@Europe/Berlin") + duration("PT1H")')).toBe('00:30:00@Europe/Berlin');
    // time(…) of a zoned date and time keeps its zone, and its offset on that date (summer: +02:00).
    expect(value('=time(@"2026-07-01T10:00:00@Europe/Berlin")')).toBe('10:00:00@Europe/Berlin');
    expect(holds('=time(@"2026-07-01T10:00:00@Europe/Berlin") = time("08:00:00Z")')).toBe(true);
    expect(holds('=time(@"2026-12-01T10:00:00@Europe/Berlin") = time("09:00:00Z")')).toBe(true);
    expect(value('=time(@"2026-12-01T10:00:00+05:30")')).toBe('10:00:00+05:30');
    // date and time(date, time) puts the wall-clock time in the zone on that date.
    expect(value('=date and time(date("2026-07-01"), time("10:00:00@Europe/Berlin"))')).toBe(
      '2026-07-01T10:00:00@Europe/Berlin',
    );
    expect(holds('=date and time(date("2026-07-01"), time("10:00:00@Europe/Berlin")) = @"2026-07-01T08:00:00Z"')).toBe(
      true,
    );
  });

  it('gives null for a time that is not one', () => {
    expect(value('=time("10:30:00@Mars/Olympus")')).toBeNull();
    expect(value('=time("10:30:00+01:00@Europe/Berlin")')).toBeNull();
    expect(value('=time("25:30:00@Europe/Berlin")')).toBeNull();
    expect(value('=time("10:30:00@")')).toBeNull();
  });
});
