// Who approves a user task, as the drawing says (docs/adr/0118-vendor-assignments.md): Atrium's own
// `approvers` attribute, or the modelers' assignee and candidates; and a multi-instance approval's
// assignee computed from its element. Read by process-definition.ts.
import type { ApproverRule, VariableAssignment } from './process-types.ts';
import { compiles } from './flow-conditions.ts';
import type { Element } from './structure-elements.ts';
import { assignmentOf, ownAttribute } from './vendor-attributes.ts';
import { ExpressionError, soleVariable, vendorExpression, vendorRule } from './vendor-expression.ts';

/** `user:acme01; role:finance-manager; department:SALES; superior; initiator; expression:…` → rules (bad parts → problems). */
export function parseApprovers(text: string): { rules: ApproverRule[]; bad: string[] } {
  const rules: ApproverRule[] = [];
  const bad: string[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [kind, ...rest] = part.split(':');
    const value = rest.join(':').trim();
    if (kind === 'superior' && !value) rules.push({ kind: 'superior' });
    else if (kind === 'initiator' && !value) rules.push({ kind: 'initiator' });
    else if (kind === 'user' && value) rules.push({ kind: 'user', loginno: value });
    else if (kind === 'role' && value) rules.push({ kind: 'role', role: value });
    else if (kind === 'department' && value) rules.push({ kind: 'department', code: value });
    else if (kind === 'expression' && value && compiles(value)) rules.push({ kind: 'expression', expression: value });
    else bad.push(part);
  }
  return { rules, bad };
}

/** A user task's approvers: Atrium's own attribute, else what the modelers write (assignee and
 *  candidate users are login numbers, candidate groups roles or departments, docs/adr/0118-vendor-assignments.md;
 *  an expression is evaluated over the instance's variables, one the reader refuses is refused). */
export function approversOf(task: Element, initiator: string | undefined): { rules: ApproverRule[]; bad: string[] } {
  const own = ownAttribute(task, 'approvers');
  if (own) return parseApprovers(own.value);
  const { users, groups } = assignmentOf(task);
  const rules: ApproverRule[] = [];
  const bad: string[] = [];
  const read = (value: string, as: 'user' | 'group') => {
    if (!vendorExpression(value)) {
      rules.push(as === 'user' ? { kind: 'user', loginno: value } : { kind: 'group', name: value });
      return;
    }
    const variable = soleVariable(value);
    if (as === 'user' && variable !== undefined && variable === initiator) rules.push({ kind: 'initiator' });
    else if (variable !== undefined) rules.push({ kind: 'expression', expression: `'${variable}'`, as });
    else {
      // Any other expression read (`=if order.amount > 10000 then "board" else "manager"`) names them by
      // its value (docs/adr/0211-feel-conditionals-paths-ranges.md); a method call is still refused.
      try {
        rules.push({ kind: 'expression', expression: vendorRule(value), as });
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        bad.push(value);
      }
    }
  };
  for (const value of users) read(value, 'user');
  for (const value of groups) read(value, 'group');
  return { rules, bad };
}

/** The assignee rule computed from a multi-instance loop's element variable: a user expression reading
 *  it (`'reviewer.login'`), or an input computed from it (`reviewerCode = reviewer.code`, inputs read in
 *  order, each seeing those before). Undefined when none is. */
export function elementAssignee(
  rules: readonly ApproverRule[],
  inputs: readonly VariableAssignment[],
  variable: string,
): Extract<ApproverRule, { kind: 'expression' }> | undefined {
  // A rule-language variable is quoted: `'reviewer'` or a path `'reviewer.login'`.
  const reads = (rule: string, name: string) => rule.includes(`'${name}'`) || rule.includes(`'${name}.`);
  const names = [variable];
  for (const input of inputs)
    if ('rule' in input.value && names.some((n) => reads((input.value as { rule: string }).rule, n)))
      names.push(input.target);
  return rules.find(
    (r): r is Extract<ApproverRule, { kind: 'expression' }> =>
      r.kind === 'expression' && r.as === 'user' && names.some((n) => reads(r.expression, n)),
  );
}
