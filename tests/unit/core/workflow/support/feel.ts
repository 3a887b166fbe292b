// How the FEEL unit tests read an expression: as an install reads it (vendorRule) and as a rule runs it
// over a process's variables, so each test file asserts what the engine would compute.
import { evaluateRule, ruleValue } from '../../../../../src/core/rules.ts';
import { vendorRule } from '../../../../../src/core/workflow/vendor-expression.ts';

type Vars = Record<string, unknown>;

/** The expression's value over the variables. */
export const value = (text: string, vars: Vars = {}) => ruleValue(vendorRule(text), vars);

/** Whether the expression, read as a condition, holds over the variables. */
export const holds = (text: string, vars: Vars = {}) => evaluateRule(vendorRule(text), vars);

/** The message the reader refuses the expression with; an expression it reads fails the test. */
export const refusal = (text: string) => {
  try {
    vendorRule(text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`read: ${text}`);
};
