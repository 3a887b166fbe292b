// Starts the real server, compiled as `npm start` runs it (dist/server/main.js, built by global-setup.ts;
// docs/adr/0105-compiled-server.md), as a child process on a free port with its own data directory;
// browser tests talk to it like a user's browser.
// The tests sign in with the demo logins, so they ask for the demo data explicitly (ATRIUM_DEMO=on).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATE_LIMIT_ENV } from '../../../src/server/plugins/rate-limits.ts';
import { copyPreparedData } from './prepared-server-data.ts';

export const ADMIN_PASSWORD = 'Admin@e2e2026';

// Browser tests sign in far more often than a person from 127.0.0.1: the per-address limits are raised.
const UNTHROTTLED = Object.fromEntries(Object.values(RATE_LIMIT_ENV).map((name) => [name, '100000/60']));

export interface RunningServer {
  url: string;
  /** Stops the process; the data directory is removed unless `keepData`. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  output: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A server on a copy of the prepared data directory (support/prepared-server-data.ts). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  copyPreparedData(dataDir);
  return launchServer(dataDir, env);
}

/** The environment a server on `port` and `dataDir` starts with: the test defaults, then `env`. */
export function serverEnv(port: number, dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ATRIUM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ATRIUM_CAPTCHA: 'off',
    ATRIUM_DEMO: 'on',
    DATABASE_URL: '',
    ATRIUM_OUTBOUND_ALLOW: '127.0.0.1,::1,localhost',
    ...UNTHROTTLED,
    ...env,
  };
}

/** Waits until the server at `url` answers, or fails with its output when it exits or takes too long. */
async function answering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // A loaded machine may need longer (SPAWN_TIMEOUT_S).
  const seconds = Number(process.env.SPAWN_TIMEOUT_S ?? 120);
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/authtime/globalconfig`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within ${seconds} s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops `child`: SIGTERM, then SIGKILL after 10 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Starts the server on `dataDir` (an empty one gets initdb and the demo data) and waits until it answers;
 *  with `ipc` its IPC channel is open (the shared servers' resets, shared-servers.ts). */
export async function launchServer(
  dataDir: string,
  env: Record<string, string>,
  { ipc = false } = {},
): Promise<RunningServer & { child: ChildProcess; port: number }> {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  await answering(url, child, () => log);
  return {
    url,
    child,
    port,
    output: () => log,
    stop: async ({ keepData = false } = {}) => {
      await stopChild(child);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
