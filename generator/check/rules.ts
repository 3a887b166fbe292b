// Check: every rule text (visible, readonlyWhen, a call's allow other than public/login) compiles.
import { compileRule } from '../../src/core/rules.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check, Problem } from './problem.ts';

export const checkRules: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const r of referencesOf(catalogue, 'rule')) {
    try {
      compileRule(r.name);
    } catch (e) {
      const reason = (e as Error).message.split('\n')[0];
      problems.push({ file: r.file, pointer: r.pointer, message: `rule "${r.name}" does not compile: ${reason}` });
    }
  }
  return problems;
};
