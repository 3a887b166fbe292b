// A part of the test suites left out only when told, aloud (docs/adr/0107-test-postgres-started-or-skipped-aloud.md):
// an environment switch that is `on` (the default) or `off`, and the banner a run's global setup prints at
// its start and, from its teardown, at its end when a part is off.

/** True when `name` is `off`; any value but `off` or `on` stops the run. */
export function switchedOff(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === 'on') return false;
  if (value === 'off') return true;
  throw new Error(`${name}=${value}: only 'off' (skip) or 'on' (the default)`);
}

/** Prints lines between rules, where a scrolling run's output does not bury them. */
export function loud(lines: string[]): void {
  const rule = '='.repeat(100);
  console.log(['', rule, ...lines.map((line) => `  ${line}`), rule, ''].join('\n'));
}

/** Says the lines now and returns the teardown that says them again at the end of the run. */
export function announceSkipped(lines: string[]): () => Promise<void> {
  loud(lines);
  return async () => loud(lines);
}
