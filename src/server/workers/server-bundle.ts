// How the server is bundled, in one place for its two builds: `npm run build:server` (main.js and each
// worker thread's module beside it, docs/adr/0105-compiled-server.md) and the worker threads bundled on
// demand under tsx (start-worker.ts, docs/adr/0175-api-walks-keep-sessions-bundled-workers.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** Node 20's ESM, with the packages left to node_modules. */
export const SERVER_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
} as const satisfies BuildOptions;

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const WORKER_START = /startWorker\(\s*new URL\(\s*'(\.{1,2}\/[^']+\.ts)'/g;

/** The worker threads' modules, found where the server starts them (its `startWorker` calls with a module's URL),
 *  so that a new worker is built without being listed anywhere. Paths relative to the project. */
export function workerModules(serverDir = SERVER_DIR): string[] {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        for (const match of readFileSync(path, 'utf8').matchAll(WORKER_START))
          found.add(relative(resolve(serverDir, '../..'), resolve(dirname(path), match[1]!)));
    }
  };
  walk(serverDir);
  return [...found].sort();
}
