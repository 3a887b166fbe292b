// FEEL's built-in functions and JUEL's indexes and `c ? a : b` read into the rule language
// (docs/adr/0217-feel-temporal-and-built-in-functions.md): values as Camunda's FEEL reference gives them
// (list, string, numeric, conversion and boolean functions), null for a wrong type, and a function no
// record lists refused with its name.
import { describe, expect, it } from 'vitest';
import { ExpressionError, vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { holds, value } from './support/feel.ts';

describe('FEEL built-in functions', () => {
  it('aggregates a list or the values written out', () => {
    expect(value('=sum([1, 2, 3])')).toBe(6);
    expect(value('=sum(1, 2, 3)')).toBe(6);
    expect(
      value('=sum(for l in order.lines return l.amount)', { order: { lines: [{ amount: 5 }, { amount: 7 }] } }),
    ).toBe(12);
    expect(value('=mean([1, 2, 3])')).toBe(2);
    expect(value('=min([1, 2, 3])')).toBe(1);
    expect(value('=max(1, 2, 3)')).toBe(3);
    expect(value('=max(["a", "c", "b"])')).toBe('c');
    expect(JSON.stringify(value('=max(date("2026-01-31"), date("2026-03-01"))'))).toBe('"2026-03-01"');
    expect(value('=count(approvals)', { approvals: [1, 2] })).toBe(2);
    for (const text of ['=min([])', '=mean([])', '=sum([1, "a"])', '=max([1, "a"])'])
      expect(value(text), text).toBeNull();
    expect(holds('=sum(amounts) > 1000', { amounts: [600, 500] })).toBe(true);
  });

  it('reads strings as FEEL does, 1-based, counting characters', () => {
    expect(value('=string length("foo")')).toBe(3);
    expect(value('=string length(name)', { name: '审批人' })).toBe(3);
    expect(value('=upper case("aBc4")')).toBe('ABC4');
    expect(value('=lower case("aBc4")')).toBe('abc4');
    expect(value('=contains("foobar", "of")')).toBe(false);
    expect(value('=starts with("foobar", "fo")')).toBe(true);
    expect(value('=ends with("foobar", "r")')).toBe(true);
    expect(value('=substring("foobar", 3)')).toBe('obar');
    expect(value('=substring("foobar", 3, 3)')).toBe('oba');
    expect(value('=substring("foobar", -2, 1)')).toBe('a');
    expect(holds('=starts with(order.sku, "IT-") and string length(order.sku) = 6', { order: { sku: 'IT-042' } })).toBe(
      true,
    );
    expect(value('=upper case(x)', { x: 5 })).toBeNull();
    expect(value('=contains(decisions, false)', { decisions: [false] })).toBeNull(); // a string function
  });

  it('converts, rounds and asks whether a value is defined', () => {
    expect(value('=string(1.1)')).toBe('1.1');
    expect(value('=string(date("2012-12-25"))')).toBe('2012-12-25');
    expect(value('="PT" + string(hours) + "H"', { hours: 4 })).toBe('PT4H');
    expect(value('=number("1500.5")')).toBe(1500.5);
    expect(value('=number("15 00")')).toBeNull();
    expect(value('=abs(-10)')).toBe(10);
    expect(value('=floor(1.5)')).toBe(1);
    expect(value('=floor(-1.5)')).toBe(-2);
    expect(value('=ceiling(1.5)')).toBe(2);
    expect(value('=ceiling(-1.5)')).toBe(-1);
    expect(value('=round up(5.5, 0)')).toBe(6);
    expect(value('=round up(-5.5, 0)')).toBe(-6);
    expect(value('=round up(1.121, 2)')).toBe(1.13);
    expect(value('=round down(5.5, 0)')).toBe(5);
    expect(value('=round down(-5.5, 0)')).toBe(-5);
    expect(value('=round half up(-5.5, 0)')).toBe(-6);
    expect(value('=round half down(5.5, 0)')).toBe(5);
    expect(value('=decimal(2.5, 0)')).toBe(2); // half even
    expect(value('=floor(2.3, 2)')).toBe(2.3); // decimal steps: not 2.29
    expect(value('=is defined(x)', { x: 1 })).toBe(true);
    expect(value('=is defined(x)', { x: null })).toBe(true);
    expect(value('=is defined(x)', {})).toBe(false);
    expect(value('=is defined(order.note)', { order: {} })).toBe(false);
    expect(holds('=not(is defined(comment)) or string length(comment) < 3', {})).toBe(true);
  });

  it('refuses a function no record lists, naming it, and a call with too many or too few arguments', () => {
    const reason = (text: string) => {
      try {
        vendorRule(text);
      } catch (error) {
        expect(error).toBeInstanceOf(ExpressionError);
        return (error as Error).message;
      }
      return 'read';
    };
    // `context put` is read since docs/adr/0244-feel-calls-in-functions-context-functions.md, `uuid`,
    // `random number` and the range functions since docs/adr/0252-feel-range-functions-uuid-and-sort-bodies.md.
    expect(reason('=assert(amount, amount > 0) != null')).toContain('the function assert(…)');
    expect(reason('=amount > 1 and to json(amount) = "2"')).toContain('the function to json(…)');
    expect(reason('=string length("a", "b")')).toContain('string length(…) takes 1 arguments');
    expect(reason('=date()')).toContain('date(…) takes 1 to 3 arguments');
    expect(reason('${string(amount)}')).toContain('the function string(…)'); // JUEL calls no function
    expect(reason('=date("2026-01-31").plusDays(1)')).toContain('methods are not read here');
  });
});

describe('JUEL indexes and conditionals', () => {
  it('reads list[0] (0-based) and map["key"], null when missing', () => {
    expect(value('${approvers[0]}', { approvers: ['ann', 'bob'] })).toBe('ann');
    expect(value('${approvers[i + 1]}', { approvers: ['ann', 'bob'], i: 0 })).toBe('bob');
    expect(value("${limits['sales']}", { limits: { sales: 5000 } })).toBe(5000);
    expect(value('#{limits["sales"] > 1000}', { limits: { sales: 5000 } })).toBe(true);
    expect(value('${order.lines[1].sku}', { order: { lines: [{ sku: 'A' }, { sku: 'B' }] } })).toBe('B');
    expect(value('${approvers[5]}', { approvers: [] })).toBeNull();
    expect(value("${limits['constructor']}", { limits: {} })).toBeNull(); // own properties only
    expect(value('${approvers[-1]}', { approvers: ['ann'] })).toBeNull();
  });

  it('reads c ? a : b, nested to the right, taking b for anything but true', () => {
    expect(value('${amount > 1000 ? "director" : "manager"}', { amount: 5000 })).toBe('director');
    expect(value('${amount > 1000 ? "director" : "manager"}', { amount: 10 })).toBe('manager');
    expect(value('${amount > 10000 ? "board" : amount > 1000 ? "director" : "manager"}', { amount: 5000 })).toBe(
      'director',
    );
    expect(value('${urgent ? 1 : 2}', {})).toBe(2);
    expect(holds('${(vip ? 500 : 100) < amount}', { vip: true, amount: 600 })).toBe(true);
    expect(holds('${not empty comment ? true : false}', { comment: '' })).toBe(false);
    expect(() => vendorRule('=a ? b : c')).toThrow(ExpressionError); // not FEEL
  });
});
