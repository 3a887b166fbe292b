// Two servers per browser-test worker, shared by that worker's files (docs/adr/0113-browser-tests-share-a-server.md,
// docs/adr/0182-browser-tests-two-servers-per-worker.md). They live in the test runner's process (the e2e
// global setup), which holds their IPC channels: a test file asks over a loopback control address for a
// server and gets one on a fresh copy of the prepared data directory with the file's settings, so no file
// sees another's changes. While a file runs on one, the other starts again on fresh data with the default
// settings, so the next file finds it ready instead of waiting for a restart.
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

/** One server process and the data directory and settings it runs with now. */
interface Slot {
  server: RunningServer & { child: ChildProcess; port: number };
  dataDir: string;
  env: Record<string, string>;
}

/** A worker's servers: the one its current file has, and the ones being made ready (undefined: failed). */
interface Pair {
  current?: Slot;
  spares: Promise<Slot | undefined>[];
}

/** Servers a worker keeps: one for its file, one starting again for the next. */
const SERVERS_PER_WORKER = 2;

function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-shared-'));
  copyPreparedData(dataDir);
  return dataDir;
}

/** Starts the process again on `dataDir` with `env` in place of the previous file's settings. */
async function reset(slot: Slot, dataDir: string, env: Record<string, string>): Promise<void> {
  const defaults = serverEnv(slot.server.port, dataDir, {});
  const changes: Record<string, string | null> = { DATA_DIR: dataDir };
  for (const name of new Set([...Object.keys(slot.env), ...Object.keys(env)]))
    changes[name] = env[name] ?? defaults[name] ?? null;
  const { child } = slot.server;
  const answer = await new Promise<TestResetAnswer>((resolve, reject) => {
    const onExit = () => reject(new Error(`shared server exited during a reset:\n${slot.server.output()}`));
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
async function restart(slot: Slot, env: Record<string, string>): Promise<void> {
  const dataDir = freshDataDir();
  try {
    await reset(slot, dataDir, env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  rmSync(slot.dataDir, { recursive: true, force: true });
  Object.assign(slot, { dataDir, env });
}

async function stop(slot: Slot): Promise<void> {
  await slot.server.stop();
  rmSync(slot.dataDir, { recursive: true, force: true });
}

/** A new server process on fresh data with the default settings. */
async function launch(): Promise<Slot> {
  const dataDir = freshDataDir();
  const server = await launchServer(dataDir, { [TEST_RESET_ENV]: 'on' }, { ipc: true });
  return { server, dataDir, env: {} };
}

/** `slot` started again on fresh data with the default settings, or undefined (and stopped) if it failed. */
function readied(slot: Slot): Promise<Slot | undefined> {
  return restart(slot, {}).then(
    () => slot,
    async () => void (await stop(slot)),
  );
}

export class SharedServers {
  private readonly byWorker = new Map<number, Pair>();

  private pair(worker: number): Pair {
    let pair = this.byWorker.get(worker);
    if (!pair) this.byWorker.set(worker, (pair = { spares: [] }));
    return pair;
  }

  /** Begins a server for `worker`'s next file (its first, from the global setup, or the one after). */
  prepare(worker: number): void {
    const pair = this.pair(worker);
    if ((pair.current ? 1 : 0) + pair.spares.length >= SERVERS_PER_WORKER) return;
    pair.spares.push(launch().catch(() => undefined));
  }

  /** A server for the worker's file with `env`, on fresh data; answers its address. */
  async forFile({ worker, env }: SharedServerRequest): Promise<string> {
    const pair = this.pair(worker);
    // A worker asks only when its last file is done: the one it still holds goes back to be made ready.
    if (pair.current) this.release(worker);
    let slot: Slot | undefined;
    while (!slot && pair.spares.length > 0) slot = await pair.spares.shift();
    // A ready spare has the default settings and nobody has called it yet: as new as a start now.
    if (slot && Object.keys(env).length > 0) {
      try {
        await restart(slot, env);
      } catch (error) {
        await stop(slot);
        throw error;
      }
    }
    if (!slot) {
      const dataDir = freshDataDir();
      const server = await launchServer(dataDir, { [TEST_RESET_ENV]: 'on', ...env }, { ipc: true });
      slot = { server, dataDir, env };
    }
    pair.current = slot;
    this.prepare(worker);
    return slot.server.url;
  }

  /** The worker's file is done: its server starts again on fresh data with the default settings. */
  release(worker: number): void {
    const pair = this.byWorker.get(worker);
    const slot = pair?.current;
    if (!pair || !slot) return;
    pair.current = undefined;
    if (slot.server.child.exitCode !== null) void stop(slot);
    else pair.spares.push(readied(slot));
  }

  async close(): Promise<void> {
    const slots = await Promise.all(
      [...this.byWorker.values()].flatMap((pair) => [Promise.resolve(pair.current), ...pair.spares]),
    );
    this.byWorker.clear();
    await Promise.all(slots.map((slot) => slot && stop(slot)));
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
