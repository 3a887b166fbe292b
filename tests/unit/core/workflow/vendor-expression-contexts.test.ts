// FEEL's context functions as Camunda 8's reference gives them, and the `time offset` property of times
// and dates and times (docs/adr/0244-feel-calls-in-functions-context-functions.md): each reference example,
// null on bad arguments, and contexts kept own-entries only.
import { describe, expect, it } from 'vitest';
import { value } from './support/feel.ts';

describe('FEEL context functions', () => {
  it('reads the reference’s examples', () => {
    expect(value('=get value({foo: 123}, "foo")')).toBe(123);
    expect(value('=get value({a: 1}, "b")')).toBeNull();
    expect(value('=get value({x:1, y: {z:0}}, ["y", "z"])')).toBe(0);
    expect(value('=get value({x: {y: {z:0}}}, ["x", "y"])')).toEqual({ z: 0 });
    expect(value('=get value({a: {b: 3}}, ["b"])')).toBeNull();
    expect(value('=get entries({foo: 123})')).toEqual([{ key: 'foo', value: 123 }]);
    expect(value('=context put({x:1}, "y", 2)')).toEqual({ x: 1, y: 2 });
    expect(value('=context put({x:1, y: 0}, "y", 2)')).toEqual({ x: 1, y: 2 });
    expect(value('=context put({x:1, y: {z:0}}, ["y", "z"], 2)')).toEqual({ x: 1, y: { z: 2 } });
    expect(value('=context put({x:1}, ["y", "z"], 2)')).toEqual({ x: 1, y: { z: 2 } });
    expect(value('=context merge([{x:1}, {y:2}])')).toEqual({ x: 1, y: 2 });
    expect(value('=context merge([{x:1, y: 0}, {y:2}])')).toEqual({ x: 1, y: 2 });
    expect(value('=context([{"key":"a", "value":1}, {"key":"b", "value":2}])')).toEqual({ a: 1, b: 2 });
    expect(value('=context([{key:"a", value:1}, {key:"b", value:2, note:"ignored"}])')).toEqual({ a: 1, b: 2 });
    expect(value('=context([])')).toEqual({});
  });

  it('works over the process’s variables and with named arguments', () => {
    const order = { id: 'o1', lines: 2, customer: { tier: 'gold' } };
    expect(value('=get value(order, ["customer", "tier"])', { order })).toBe('gold');
    expect(value('=for e in get entries(limits) return e.key', { limits: { a: 1, b: 2 } })).toEqual(['a', 'b']);
    expect(value('=context put(context: order, key: "status", value: "approved").status', { order })).toBe('approved');
    expect(value('=context merge(contexts: [order, {lines: 3}]).lines', { order })).toBe(3);
    expect(value('=get value(context(reverse(get entries(m))), "b")', { m: { a: 1, b: 2 } })).toBe(2);
    expect(order).toEqual({ id: 'o1', lines: 2, customer: { tier: 'gold' } }); // a new context, the variable unchanged
  });

  it('gives null on bad arguments, as FEEL’s error', () => {
    expect(value('=get entries([1, 2])')).toBeNull();
    expect(value('=get entries(@"2026-01-01")')).toBeNull();
    expect(value('=get value(@"2026-01-01", "year")')).toBeNull();
    expect(value('=get value({a: 1}, [])')).toBeNull();
    expect(value('=get value({a: 1}, ["a", 2])')).toBeNull();
    expect(value('=context put("x", "y", 2)')).toBeNull();
    expect(value('=context put({x: 1}, [], 2)')).toBeNull();
    expect(value('=context put({x: 1}, 3, 2)')).toBeNull();
    expect(value('=context merge([{x: 1}, 2])')).toBeNull();
    expect(value('=context merge({x: 1})')).toBeNull();
    expect(value('=context([{key: "a", value: 1}, {key: "a", value: 2}])')).toBeNull();
    expect(value('=context([{key: "a"}])')).toBeNull();
    expect(value('=context([{key: 1, value: 1}])')).toBeNull();
    expect(value('=context("a")')).toBeNull();
  });

  it('keeps entries as own properties: `__proto__` is an entry, never a prototype', () => {
    const put = value('=context put({}, "__proto__", {polluted: true})') as Record<string, unknown>;
    expect(Object.getPrototypeOf(put)).toBe(Object.prototype);
    expect(Object.keys(put)).toEqual(['__proto__']);
    const built = value('=context([{key: "__proto__", value: 1}])') as Record<string, unknown>;
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
    expect(value('=get value({a: 1}, "constructor")')).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('FEEL time offset and duration properties', () => {
  it('gives a time’s or a date and time’s offset as a duration, null for a local one', () => {
    expect(value('=date and time("2026-12-01T10:00:00+01:00").time offset')).toBe('PT1H');
    expect(value('=@"2026-07-01T10:00:00@Europe/Berlin".time offset')).toBe('PT2H');
    expect(value('=@"2026-12-01T10:00:00@Europe/Berlin".time offset')).toBe('PT1H');
    expect(value('=@"10:00:00-05:30".time offset')).toBe('-PT5H30M');
    expect(value('=@"10:00:00Z".time offset')).toBe('PT0S');
    expect(value('=@"10:00:00".time offset')).toBeNull();
    expect(value('=@"2026-12-01T10:00:00".time offset')).toBeNull();
  });

  it('compares and reads it as a duration', () => {
    const due = '2026-12-01T10:00:00+08:00';
    expect(value('=date and time(due).time offset = duration("PT8H")', { due })).toBe(true);
    expect(value('=date and time(due).time offset > @"PT1H"', { due })).toBe(true);
    expect(value('=date and time(due).time offset.hours', { due })).toBe(8);
    expect(value('=@"P1DT2H30M".hours + @"P1DT2H30M".minutes')).toBe(32);
    expect(value('=@"P1Y6M".years * 12 + @"P1Y6M".months')).toBe(18);
  });
});
