// The end-of-run account of where the time went (tests/support/time-reporter.ts): a file's time is its
// tests plus what ran around them (import, setup, hooks), the import and setup also on their own.
import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { fileTimes } from '../../support/time-reporter.ts';

const moduleWith = (durations: { duration: number; collect: number; setup: number }, tests: (number | undefined)[]) =>
  ({
    project: { name: 'e2e' },
    relativeModuleId: 'tests/e2e/x.test.ts',
    diagnostic: () => ({
      duration: durations.duration,
      collectDuration: durations.collect,
      setupDuration: durations.setup,
    }),
    children: {
      allTests: () => tests.map((ms) => ({ diagnostic: () => (ms === undefined ? undefined : { duration: ms }) })),
    },
  }) as unknown as TestModule;

describe('where a file spent its time', () => {
  it('adds import and setup to the run of tests and hooks, and sums the tests alone', () => {
    const times = fileTimes(moduleWith({ duration: 9000, collect: 700, setup: 300 }, [1500, 2500]));
    expect(times).toEqual({ project: 'e2e', file: 'tests/e2e/x.test.ts', total: 10_000, imports: 1000, tests: 4000 });
  });

  it('counts a test that never ran as no time', () => {
    const module = moduleWith({ duration: 100, collect: 0, setup: 0 }, [undefined, 40]);
    expect(fileTimes(module).tests).toBe(40);
  });
});
