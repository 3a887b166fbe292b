// The end-of-run list of what failed and what passed only on a retry (tests/support/outcome-reporter.ts).
import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { outcomeLines } from '../../support/outcome-reporter.ts';

interface FakeTest {
  name: string;
  state: 'passed' | 'failed' | 'skipped';
  retries?: number;
  error?: string;
}

const moduleWith = (file: string, tests: FakeTest[], errors: string[] = []) =>
  ({
    project: { name: 'e2e' },
    relativeModuleId: file,
    errors: () => errors.map((message) => ({ message })),
    children: {
      allTests: () =>
        tests.map((t) => ({
          fullName: t.name,
          result: () => ({ state: t.state, errors: t.error === undefined ? [] : [{ message: t.error }] }),
          diagnostic: () => ({ retryCount: t.retries ?? 0, flaky: t.state === 'passed' && (t.retries ?? 0) > 0 }),
        })),
    },
  }) as unknown as TestModule;

describe('what failed or passed only on a retry', () => {
  it('says nothing when every test passed at its first run', () => {
    expect(outcomeLines([moduleWith('tests/e2e/a.test.ts', [{ name: 'a > b', state: 'passed' }])])).toEqual([]);
  });

  it("gives a failed test's first error line, cut short", () => {
    const long = `TimeoutError: locator.click: Timeout 30000ms exceeded ${'x'.repeat(400)}`;
    const lines = outcomeLines([
      moduleWith('tests/e2e/a.test.ts', [
        { name: 'a > waits', state: 'failed', error: '\n  expected 1 to be 2\n    at stack' },
        { name: 'a > clicks', state: 'failed', error: long },
      ]),
    ]);
    expect(lines[1]).toBe('  e2e: tests/e2e/a.test.ts > a > waits: expected 1 to be 2');
    expect(lines[2]).toBe(`  e2e: tests/e2e/a.test.ts > a > clicks: ${long.slice(0, 300)}…`);
  });

  it("names each failed test, each retried one with its first try's error, and a file that failed outside its tests", () => {
    const lines = outcomeLines([
      moduleWith('tests/e2e/a.test.ts', [
        { name: 'journey > saves', state: 'failed', retries: 1 },
        { name: 'journey > lists', state: 'passed', retries: 1, error: "expected '' to contain 'Acme'" },
        { name: 'journey > skipped', state: 'skipped' },
      ]),
      moduleWith('tests/e2e/b.test.ts', [], ['server did not start']),
    ]);
    expect(lines).toEqual([
      'Failed (2):',
      '  e2e: tests/e2e/a.test.ts > journey > saves',
      '  e2e: tests/e2e/b.test.ts (the file itself): server did not start',
      'Passed only on a retry (1):',
      "  e2e: tests/e2e/a.test.ts > journey > lists (retries: 1): expected '' to contain 'Acme'",
    ]);
  });
});
