// The vendor expressions read into the rule language (docs/adr/0117-vendor-expressions.md): what real
// files write evaluates over the instance's variables; calls, methods and deep nesting are refused. FEEL's
// conditionals, paths, indexes, conditions over lists and ranges are in vendor-expression-feel.test.ts.
import { describe, expect, it } from 'vitest';
import { ExpressionError, soleVariable, vendorRule } from '../../../../src/core/workflow/vendor-expression.ts';
import { holds } from './support/feel.ts';

describe('vendor expressions', () => {
  it('reads the UEL subset of Camunda 7, Flowable and Activiti', () => {
    expect(holds('${approved}', { approved: true })).toBe(true);
    expect(holds('${!approved}', { approved: true })).toBe(false);
    expect(holds("${amount > 1000 && dept == 'sales'}", { amount: 1500, dept: 'sales' })).toBe(true);
    expect(holds("${amount > 1000 && dept == 'sales'}", { amount: 1500, dept: 'hr' })).toBe(false);
    expect(holds('#{amount gt 100 or urgent}', { amount: 5, urgent: true })).toBe(true);
    expect(holds('${approved == false}', { approved: false })).toBe(true);
    expect(holds('${comment == null}', {})).toBe(true);
    expect(holds('${not empty comment}', { comment: 'ok' })).toBe(true);
    expect(holds('${(days - 1) * 2 >= 6}', { days: 4 })).toBe(true);
  });

  it("reads FEEL's simple expressions of Camunda 8", () => {
    expect(holds('=approved', { approved: true })).toBe(true);
    expect(holds('= amount > 1000 and dept = "sales"', { amount: 2000, dept: 'sales' })).toBe(true);
    expect(holds('=not(approved)', { approved: true })).toBe(false);
    expect(holds('= dept != "sales" or amount <= 10', { dept: 'sales', amount: 10 })).toBe(true);
  });

  it("reads FEEL's count and list contains, with which an output collection is read", () => {
    // docs/adr/0202-multi-instance-output-collections.md
    const decisions = [true, null, false];
    expect(holds('=list contains(decisions, false)', { decisions })).toBe(true);
    expect(holds('=list contains(decisions, false)', { decisions: [true, true] })).toBe(false);
    expect(holds('=count(decisions) >= 3 and list contains(decisions, null)', { decisions })).toBe(true);
    expect(holds('=count(decisions) = 3', { decisions })).toBe(true);
    expect(holds('=count(decisions) = 0', {})).toBe(true);
    // Only FEEL's spelling, with its arguments (`contains` is FEEL's string function: vendor-expression-functions.test.ts).
    for (const text of ['${count(decisions) > 1}', '=count(a, b)', '=list contains(a)'])
      expect(() => vendorRule(text), text).toThrow(ExpressionError);
  });

  it("reads FEEL's filters comparing item, and some / every over one comparison", () => {
    // docs/adr/0207-feel-list-filters.md
    const decisions = [true, null, false, true];
    expect(holds('=count(decisions[item = true]) >= 2', { decisions })).toBe(true);
    expect(holds('=count(decisions[item = true]) >= 3', { decisions })).toBe(false);
    expect(holds('=count(decisions[item != null]) = 3', { decisions })).toBe(true);
    expect(holds('=count(decisions[true = item]) / count(decisions) >= 0.5', { decisions })).toBe(true);
    expect(holds('=list contains(scores[item >= limit], 2)', { scores: [1, 2, 'x', null], limit: 2 })).toBe(true);
    expect(holds('=count(scores[3 > item]) = 2', { scores: [1, 2, 3, '1', null] })).toBe(true); // 1 and 2, not "1"
    expect(holds('=some d in decisions satisfies d = false', { decisions })).toBe(true);
    expect(holds('=some d in decisions satisfies d = false', { decisions: [true, null] })).toBe(false);
    expect(holds('=every d in decisions satisfies d = true', { decisions })).toBe(false);
    expect(holds('=every d in decisions[item != null] satisfies d != "no"', { decisions })).toBe(true);
    expect(holds('=every s in scores satisfies s > 1', { scores: [2, null] })).toBe(false); // null is not > 1
    expect(holds('=every d in decisions satisfies d = true', {})).toBe(true); // nothing to fail, as FEEL
    expect(holds('=count(decisions[item = true])', {})).toBe(false); // no list: no element
    expect(holds('=some', { some: true })).toBe(true); // a variable named like the word stays one
    for (const text of [
      '=some d in decisions satisfies e = 1',
      '=some d decisions satisfies d = 1',
      '=every d in decisions',
      '=decisions[count(distinct values(item)) > 1]',
      '${decisions[item == true]}',
    ])
      expect(() => vendorRule(text), text).toThrow(ExpressionError);
  });

  it('names a sole variable, for assignments', () => {
    expect(soleVariable('${approverGroups}')).toBe('approverGroups');
    expect(soleVariable('=approver')).toBe('approver');
    expect(soleVariable('${a && b}')).toBeUndefined();
  });

  it('refuses calls and methods, UEL indexes by a condition, scripts in disguise, and what is too long or too deep', () => {
    for (const text of [
      '${execution.getVariable("x")}',
      '${bean.check()}',
      '=order.total()',
      '${a ? b}',
      '${list[a > 1]}',
      `\${${'('.repeat(40)}a${')'.repeat(40)}}`,
      `\${${'a && '.repeat(200)}a}`,
      '${"unclosed}',
      '=x.',
      '=for i in 1..3 return i',
      '=for x in a, y in b return x',
      `=${'if a then '.repeat(20)}1${' else 2'.repeat(20)}`,
    ])
      expect(() => vendorRule(text), text).toThrow(ExpressionError);
  });

  it('keeps a variable named like a rule-language word a variable', () => {
    expect(holds('${if}', { if: true })).toBe(true);
    expect(holds('${constructor}', {})).toBe(false); // own properties only: no prototype reached
  });
});
