// Names, at the end of a run, every test that failed and every test that passed only on a retry (browser
// journeys get one retry in CI: docs/adr/0174-browser-journeys-retried-once-and-named.md). With
// ATRIUM_TEST_SUMMARY=<file> the same lines are appended there, so that `.ci/run` can repeat them as its
// last words, where a reader of a long interleaved log looks first.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** The error's first line, short: the summary is read where the long log with its stack is not kept. */
function firstLineOf(message: string | undefined): string {
  const line = message
    ?.split('\n')
    .find((l) => l.trim())
    ?.trim();
  return line ? `: ${line.length > 300 ? `${line.slice(0, 300)}…` : line}` : '';
}

export function outcomeLines(modules: ReadonlyArray<TestModule>): string[] {
  const failed: string[] = [];
  const retried: string[] = [];
  for (const module of modules) {
    const where = `${module.project.name}: ${module.relativeModuleId}`;
    for (const error of module.errors()) failed.push(`${where} (the file itself): ${error.message ?? error}`);
    for (const test of module.children.allTests()) {
      const name = `${where} > ${test.fullName}`;
      const result = test.result();
      if (result.state === 'failed') failed.push(`${name}${firstLineOf(result.errors?.[0]?.message)}`);
      else if (test.diagnostic()?.flaky)
        // A test that passed on a retry keeps its earlier tries' errors: the first says what went wrong.
        retried.push(`${name} (retries: ${test.diagnostic()?.retryCount})${firstLineOf(result.errors?.[0]?.message)}`);
    }
  }
  const lines: string[] = [];
  if (failed.length) lines.push(`Failed (${failed.length}):`, ...failed.map((l) => `  ${l}`));
  if (retried.length) lines.push(`Passed only on a retry (${retried.length}):`, ...retried.map((l) => `  ${l}`));
  return lines;
}

export class OutcomeReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines = outcomeLines(modules);
    if (!lines.length) return;
    console.log(['', ...lines].join('\n'));
    if (process.env.ATRIUM_TEST_SUMMARY) appendFileSync(process.env.ATRIUM_TEST_SUMMARY, `${lines.join('\n')}\n`);
  }
}
