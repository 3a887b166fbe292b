// Check: every rule text (visible, readonlyWhen, a call's allow other than public/login) compiles and
// calls only functions that exist (filtrex only notices an unknown function when the rule runs).
import { compileRule, ruleFunctions } from '../../src/core/rules.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check, Problem } from './problem.ts';

const FILTREX_FUNCTIONS = ['abs', 'ceil', 'floor', 'log', 'log2', 'log10', 'max', 'min', 'round', 'sqrt', 'exists', 'empty'];
/** Operators written as words, which may be followed by a parenthesis without being calls. */
const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'if', 'then', 'else', 'mod', 'of']);
const KNOWN_FUNCTIONS: ReadonlySet<string> = new Set([...FILTREX_FUNCTIONS, ...Object.keys(ruleFunctions)]);

/** Names called in a rule, string literals removed first so 'a(b)' in quotes is not a call. */
export function calledFunctions(rule: string): string[] {
  const code = rule.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return [...code.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]).filter((name) => !KEYWORDS.has(name));
}

function ruleProblem(rule: string): string | undefined {
  try {
    compileRule(rule);
  } catch (e) {
    return `rule "${rule}" does not compile: ${(e as Error).message.split('\n')[0]}`;
  }
  const unknown = calledFunctions(rule).filter((f) => !KNOWN_FUNCTIONS.has(f));
  if (unknown.length) return `rule "${rule}" calls unknown function ${unknown.join(', ')} (known: ${[...KNOWN_FUNCTIONS].join(', ')})`;
  return undefined;
}

export const checkRules: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const r of referencesOf(catalogue, 'rule')) {
    const message = ruleProblem(r.name);
    if (message) problems.push({ file: r.file, pointer: r.pointer, message });
  }
  return problems;
};
