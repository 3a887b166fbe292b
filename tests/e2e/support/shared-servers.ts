// One server per browser-test worker, shared by that worker's files (docs/adr/0113-browser-tests-share-a-server.md).
// It lives in the test runner's process (the e2e global setup), which holds the server's IPC channel: a
// test file asks over a loopback control address for its worker's server, and gets it started again on
// a fresh copy of the prepared data directory with the file's settings, so no file sees another's changes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_RESET_ENV, type TestResetAnswer, type TestResetRequest } from '../../../src/server/test-reset.ts';
import { copyPreparedData } from './prepared-server-data.ts';
import { launchServer, serverEnv, type RunningServer } from './server.ts';

/** What a test file sends to the control address: its settings before its tests, `release` after them. */
export interface SharedServerRequest {
  worker: number;
  env: Record<string, string>;
  release?: boolean;
}

interface Shared {
  server: RunningServer & { child: ChildProcess; port: number };
  dataDir: string;
  /** The settings of the file it serves now. */
  env: Record<string, string>;
  /** A start with the default settings begun when the last file was done (release): true once ready. */
  spare?: Promise<boolean>;
}

function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-shared-'));
  copyPreparedData(dataDir);
  return dataDir;
}

/** Starts the process again on `dataDir` with `env` in place of the previous file's settings. */
async function reset(shared: Shared, dataDir: string, env: Record<string, string>): Promise<void> {
  const defaults = serverEnv(shared.server.port, dataDir, {});
  const changes: Record<string, string | null> = { DATA_DIR: dataDir };
  for (const name of new Set([...Object.keys(shared.env), ...Object.keys(env)]))
    changes[name] = env[name] ?? defaults[name] ?? null;
  const { child } = shared.server;
  const answer = await new Promise<TestResetAnswer>((resolve, reject) => {
    const onExit = () => reject(new Error(`shared server exited during a reset:\n${shared.server.output()}`));
    child.once('exit', onExit);
    child.once('message', (message: TestResetAnswer) => {
      child.off('exit', onExit);
      resolve(message);
    });
    const request: TestResetRequest = { atriumTestReset: { env: changes } };
    child.send(request);
  });
  if (answer.atriumTestReset !== 'ready') throw new Error(`shared server reset failed: ${answer.error}`);
}

/** Starts the process again on a fresh copy of the prepared data with `env`; the old copy goes. */
async function restart(shared: Shared, env: Record<string, string>): Promise<void> {
  const dataDir = freshDataDir();
  try {
    await reset(shared, dataDir, env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  rmSync(shared.dataDir, { recursive: true, force: true });
  Object.assign(shared, { dataDir, env });
}

async function stop(shared: Shared): Promise<void> {
  await shared.server.stop();
  rmSync(shared.dataDir, { recursive: true, force: true });
}

export class SharedServers {
  private readonly byWorker = new Map<number, Shared>();

  /** The worker's server, started or reset for a file with `env`; answers its address. */
  async forFile({ worker, env }: SharedServerRequest): Promise<string> {
    const shared = this.byWorker.get(worker);
    const spare = shared?.spare;
    if (shared) shared.spare = undefined;
    const spareReady = spare ? await spare : undefined;
    if (shared && shared.server.child.exitCode === null && spareReady !== false) {
      // A spare start has the default settings and nobody has called it yet: as new as a start now.
      if (!(spareReady && Object.keys(env).length === 0)) await restart(shared, env);
      return shared.server.url;
    }
    if (shared) await stop(shared);
    const dataDir = freshDataDir();
    const server = await launchServer(dataDir, { [TEST_RESET_ENV]: 'on', ...env }, { ipc: true });
    this.byWorker.set(worker, { server, dataDir, env });
    return server.url;
  }

  /** The worker's file is done: its server starts again on fresh data with the default settings now,
   *  while the worker loads its next file, which takes it as it is when it asks for those settings. */
  release(worker: number): void {
    const shared = this.byWorker.get(worker);
    if (!shared || shared.spare || shared.server.child.exitCode !== null) return;
    shared.spare = restart(shared, {}).then(
      () => true,
      () => false,
    );
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.byWorker.values()].map(async (shared) => {
        await shared.spare;
        await stop(shared);
      }),
    );
    this.byWorker.clear();
  }
}

/** Serves `POST /` with a SharedServerRequest on a loopback port; answers the control address. */
export async function serveControl(servers: SharedServers): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body) as SharedServerRequest;
      if (request.release) {
        servers.release(request.worker);
        res.writeHead(202).end();
        return;
      }
      servers.forFile(request).then(
        (url) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url })),
        (error: unknown) => res.writeHead(500).end(String((error as Error)?.stack ?? error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
