// The server's worker modules are found where it starts them, so `npm run build:server` builds each
// beside main.js without a list kept by hand (src/server/workers/server-bundle.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { workerModules } from '../../../src/server/workers/server-bundle.ts';

describe("the server bundle's worker modules", () => {
  const root = mkdtempSync(join(tmpdir(), 'atrium-bundle-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are the modules the server starts as worker threads', () => {
    expect(workerModules()).toEqual([
      'src/server/areas/calendars/ics-worker.ts',
      'src/server/areas/transfer/import-worker.ts',
      'src/server/areas/transfer/scan-worker.ts',
    ]);
  });

  it('include a new worker started anywhere below the server, by its path relative to the caller', () => {
    const server = join(root, 'src', 'server');
    mkdirSync(join(server, 'areas', 'reports'), { recursive: true });
    writeFileSync(
      join(server, 'areas', 'reports', 'render.ts'),
      "const w = startWorker(\n  new URL('../shared/render-worker.ts', import.meta.url), {});\n// new URL('./not-started.ts')\n",
    );
    expect(workerModules(server)).toEqual(['src/server/areas/shared/render-worker.ts']);
  });
});
