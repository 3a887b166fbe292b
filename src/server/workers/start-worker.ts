// Starts a worker thread from a TypeScript module of the server, the same call under tsx and in the
// compiled server (docs/adr/0105-compiled-server.md). Under tsx the worker loads its module through
// tsx's API; the compiled server has each worker built beside main.js as <name>.js (package.json,
// build:server), where this module's own URL (main.js's, once bundled) finds it.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const COMPILED = import.meta.url.endsWith('.js');

/** A worker running `module` (a `new URL('./x-worker.ts', import.meta.url)` of its caller). */
export function startWorker(module: URL, options: Omit<WorkerOptions, 'eval'>): Worker {
  if (COMPILED) return new Worker(new URL(`./${basename(fileURLToPath(module), '.ts')}.js`, import.meta.url), options);
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}));`;
  return new Worker(boot, { ...options, eval: true });
}
