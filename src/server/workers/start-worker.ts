// Starts a worker thread from a TypeScript module of the server, the same call under tsx and in the
// compiled server (docs/adr/0105-compiled-server.md). The compiled server has each worker built beside
// main.js as <name>.js (build-server.ts), where this module's own URL (main.js's, once
// bundled) finds it. Under tsx the worker is bundled the same way once per process, into .atrium-tmp/:
// loading its modules through tsx's API in each new thread cost about 1.5 CPU-s a start
// (docs/adr/0175-api-walks-keep-sessions-bundled-workers.md).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { SERVER_BUNDLE } from './server-bundle.ts';

const COMPILED = import.meta.url.endsWith('.js');

/** Bundled workers of this process, by module; in the project's folder, so their packages resolve. */
const bundles = new Map<string, string>();
let bundleDir: string | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function bundled(module: URL): string {
  let path = bundles.get(module.href);
  if (path) return path;
  if (!bundleDir) {
    const tmp = join(fileURLToPath(new URL('../../../', import.meta.url)), '.atrium-tmp');
    const dir = join(tmp, `workers-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    // A process ended by a signal (a test runner's worker) leaves its folder: removed once it is gone.
    for (const name of readdirSync(tmp)) {
      const pid = /^workers-(\d+)$/.exec(name)?.[1];
      if (pid && !alive(Number(pid))) rmSync(join(tmp, name), { recursive: true, force: true });
    }
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    bundleDir = dir;
  }
  path = join(bundleDir, `${basename(fileURLToPath(module), '.ts')}.mjs`);
  // Loaded only here: the compiled server never bundles (esbuild is a build tool, not a dependency of it).
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  buildSync({ ...SERVER_BUNDLE, entryPoints: [fileURLToPath(module)], outfile: path, sourcemap: 'inline' });
  bundles.set(module.href, path);
  return path;
}

/** A worker running `module` (a `new URL('./x-worker.ts', import.meta.url)` of its caller). */
export function startWorker(module: URL, options: Omit<WorkerOptions, 'eval'>): Worker {
  if (COMPILED) return new Worker(new URL(`./${basename(fileURLToPath(module), '.ts')}.js`, import.meta.url), options);
  return new Worker(bundled(module), options);
}
