// FEEL's date and time in a named time zone (docs/adr/0232-feel-time-zones-regex-built-ins.md): read from
// `@Europe/Berlin`, its offset the zone's at that time (summer and winter, clocks put forward and back),
// compared and subtracted with any other value that has an offset by its instant, converted with
// `date and time(value, zone)`, and written out as FEEL writes it.
import { afterEach, describe, expect, it } from 'vitest';
import { setFeelClock } from '../../../../src/core/feel-clock.ts';
import { holds, value } from './support/feel.ts';

afterEach(() => setFeelClock(undefined));

describe('FEEL named time zones', () => {
  it('reads a date and time in a zone, its offset the zone’s at that time', () => {
    expect(value('=date and time("2026-12-01T10:00:00@Europe/Berlin")')).toBe('2026-12-01T10:00:00@Europe/Berlin');
    expect(value('=@"2026-12-01T10:00:00@Asia/Shanghai"')).toBe('2026-12-01T10:00:00@Asia/Shanghai');
    expect(value('=date and time("2026-12-01T10:00:00@Europe/Berlin").timezone')).toBe('Europe/Berlin');
    expect(value('=date and time("2026-12-01T10:00:00@Europe/Berlin").hour')).toBe(10);
    expect(value('=date and time("2026-12-01T10:00:00Z").timezone')).toBeNull();
    // Winter (+01:00) and summer (+02:00) in Berlin.
    expect(holds('=@"2026-12-01T10:00:00@Europe/Berlin" = @"2026-12-01T09:00:00Z"')).toBe(true);
    expect(holds('=@"2026-07-01T10:00:00@Europe/Berlin" = @"2026-07-01T08:00:00Z"')).toBe(true);
  });

  it('compares and subtracts across zones by the instant', () => {
    expect(holds('=@"2026-12-01T10:00:00@Europe/Berlin" = @"2026-12-01T17:00:00@Asia/Shanghai"')).toBe(true);
    expect(holds('=@"2026-12-01T10:00:00@Europe/Berlin" < @"2026-12-01T10:00:00@Asia/Shanghai"')).toBe(false);
    expect(holds('=@"2026-12-01T10:00:00@Europe/Berlin" > @"2026-12-01T10:00:00@Asia/Shanghai"')).toBe(true);
    expect(value('=@"2026-12-01T10:00:00@Europe/Berlin" - @"2026-12-01T10:00:00@Asia/Shanghai"')).toBe('PT7H');
    expect(holds('=@"2026-12-01T10:00:00@America/New_York" > @"2026-12-01T14:59:00+00:00"')).toBe(true);
    // A local date and time has no instant: no order with a zoned one, and not equal.
    expect(value('=@"2026-12-01T10:00:00@Europe/Berlin" < @"2026-12-01T11:00:00"')).toBeNull();
    expect(holds('=@"2026-12-01T10:00:00@Europe/Berlin" = @"2026-12-01T10:00:00"')).toBe(false);
  });

  it('converts to a zone, and puts a local time in one', () => {
    expect(value('=date and time(@"2026-12-01T10:00:00@Europe/Berlin", "Asia/Shanghai")')).toBe(
      '2026-12-01T17:00:00@Asia/Shanghai',
    );
    expect(value('=date and time(date and time("2026-12-01T23:30:00Z"), "Asia/Shanghai").day')).toBe(2);
    expect(value('=date and time(@"2026-12-01T10:00:00", "America/New_York") - @"2026-12-01T10:00:00Z"')).toBe('PT5H');
  });

  it('keeps the zone through arithmetic, across a change of the clocks', () => {
    // Clocks go forward in Berlin on 29 March 2026: a day later is 24 hours later, 13:00 local.
    expect(value('=@"2026-03-28T12:00:00@Europe/Berlin" + duration("P1D")')).toBe('2026-03-29T13:00:00@Europe/Berlin');
    expect(value('=@"2026-03-28T12:00:00@Europe/Berlin" + duration("P1M")')).toBe('2026-04-28T12:00:00@Europe/Berlin');
    // 02:30 does not exist that night: moved on by the hour the clocks skip.
    expect(value('=@"2026-03-29T02:30:00@Europe/Berlin"')).toBe('2026-03-29T03:30:00@Europe/Berlin');
    // 02:30 happens twice on 25 October: the earlier, still +02:00.
    expect(holds('=@"2026-10-25T02:30:00@Europe/Berlin" = @"2026-10-25T00:30:00Z"')).toBe(true);
  });

  it('reads the current time in a zone against a deadline written in another', () => {
    setFeelClock(() => new Date('2026-12-01T08:30:00Z'));
    expect(holds('=now() < @"2026-12-01T10:00:00@Europe/Berlin"')).toBe(true);
    expect(holds('=now() < @"2026-12-01T16:00:00@Asia/Shanghai"')).toBe(false);
    expect(value('=string(date and time(now(), "Europe/Berlin"))')).toBe('2026-12-01T09:30:00@Europe/Berlin');
  });

  it('gives null for an unknown zone, an offset and a zone together, or a wrong value', () => {
    for (const text of [
      '=date and time("2026-12-01T10:00:00@Mars/Olympus")',
      '=date and time("2026-12-01T10:00:00+01:00@Europe/Berlin")',
      '=date and time("2026-12-01T10:00:00@")',
      '=date and time("2026-12-01T10:00:00@../../etc")',
      '=date and time(@"2026-12-01T10:00:00Z", "Nowhere/City")',
      '=date and time(@"2026-12-01", "Europe/Berlin")',
      '=date and time(@"2026-12-01T10:00:00Z", 5)',
    ])
      expect(value(text), text).toBeNull();
    expect(value('=date and time(zoned)', { zoned: '2026-12-01T10:00:00@Asia/Shanghai' })).toBe(
      '2026-12-01T10:00:00@Asia/Shanghai',
    );
  });
});
