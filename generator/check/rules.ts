// Check: every rule text (visible, readonlyWhen, a call's allow other than public/login, an entity's
// rules and option queries) compiles, calls only functions that exist and reads only its context's
// roots. filtrex notices neither an unknown function nor an unknown name until the rule runs, and
// then the rule is silently false.
import { compileRule, ruleFunctions } from '../../src/core/rules.ts';
import { SERVER_ONLY_FUNCTIONS } from '../../src/core/feel-regex.ts';
import { calledFunctions, readRoots } from './rule-names.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check, Problem } from './problem.ts';

const FILTREX_FUNCTIONS = [
  'abs',
  'ceil',
  'floor',
  'log',
  'log2',
  'log10',
  'max',
  'min',
  'round',
  'sqrt',
  'exists',
  'empty',
];
const KNOWN_FUNCTIONS: ReadonlySet<string> = new Set([...FILTREX_FUNCTIONS, ...Object.keys(ruleFunctions)]);
/** What the console and the server put in a rule's context (docs/catalogue.md, "Rules"). */
export const RULE_ROOTS: ReadonlySet<string> = new Set(['user', 'config', 'form', 'reply', 'session', 'row']);

function ruleProblem(rule: string, roots: ReadonlySet<string>): string | undefined {
  try {
    compileRule(rule);
  } catch (e) {
    return `rule "${rule}" does not compile: ${(e as Error).message.split('\n')[0]}`;
  }
  const functions = [...new Set(calledFunctions(rule).filter((f) => !KNOWN_FUNCTIONS.has(f)))];
  if (functions.length)
    return `rule "${rule}" calls unknown function ${functions.join(', ')} (known: ${[...KNOWN_FUNCTIONS].join(', ')})`;
  const serverOnly = [...new Set(calledFunctions(rule).filter((f) => SERVER_ONLY_FUNCTIONS.has(f)))];
  if (serverOnly.length)
    return `rule "${rule}" calls ${serverOnly.join(', ')}, which the console cannot evaluate (docs/adr/0234-regex-built-ins-server-only.md)`;
  const names = [...new Set(readRoots(rule).filter((r) => !roots.has(r)))];
  if (names.length) {
    return (
      `rule "${rule}" reads unknown name ${names.join(', ')} (a rule reads ${[...roots].join(', ')}; ` +
      `strings take double quotes, '…' is a name; there is no true/false, test the value itself)`
    );
  }
  return undefined;
}

export const checkRules: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const r of referencesOf(catalogue, 'rule')) {
    const message = ruleProblem(r.name, r.roots ? new Set(r.roots) : RULE_ROOTS);
    if (message) problems.push({ file: r.file, pointer: r.pointer, message });
  }
  return problems;
};
