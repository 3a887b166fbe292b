// Where a test file's time goes inside its hooks (docs/adr/0122-api-tests-share-a-worker.md):
// with ATRIUM_TEST_PHASES=<file> the helpers that prepare a database and start a server append one
// line per phase ({ file, phase, ms }) there, and the time reporter sums them per phase. Off, it costs
// nothing but the call.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect } from 'vitest';

const OUT = process.env.ATRIUM_TEST_PHASES;

export interface PhaseTime {
  file: string;
  phase: string;
  ms: number;
}

/** Runs `work`, recording how long it took under `phase` for the current test file. */
export async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  if (!OUT) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    const path = expect.getState().testPath;
    const line: PhaseTime = { file: path ? relative(process.cwd(), path) : '?', phase, ms: performance.now() - start };
    appendFileSync(OUT, `${JSON.stringify(line)}\n`);
  }
}
