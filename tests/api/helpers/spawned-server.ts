// Runs the real entry (src/server/main.ts through tsx, or the compiled dist/server/main.js as `npm start`
// does) with chosen environment variables, until its banner is printed; for tests of what a start does by
// default (address, demo data, banner).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';

/** Variables of the test run that would change what a start does by default. */
const CLEARED = [
  'HOST',
  'DATABASE_URL',
  'ATRIUM_DEMO',
  'ATRIUM_ADMIN_PASSWORD',
  'ATRIUM_SECURITY_SEPARATION',
  'ATRIUM_CATALOGUE_EXTRA',
];

export interface SpawnedServer {
  port: number;
  /** The server process itself (node runs main.ts through tsx's loader in the same process, or main.js). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function environment(env: Record<string, string>, port: number): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete base[name];
  return { ...base, PORT: String(port), ATRIUM_CAPTCHA: 'off', LOG_LEVEL: 'warn', ...env };
}

const SOURCE = ['--import', 'tsx', 'src/server/main.ts'];
/** The build of `npm run build:server` in `dist` (docs/adr/0105-compiled-server.md), as `npm start` runs it. */
const compiledIn = (dist: string) => ['--enable-source-maps', `${dist}/server/main.js`];

/** Starts the server (`compiled`: the build in that folder of the project) and waits for its banner;
 *  rejects with the output when it exits first. */
export async function spawnServer(
  env: Record<string, string>,
  { compiled }: { compiled?: string } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, compiled ? compiledIn(compiled) : SOURCE, {
    cwd: PROJECT_ROOT,
    env: environment(env, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  // A loaded machine may need longer (SPAWN_TIMEOUT_S, e.g. for the import bench).
  const seconds = Number(process.env.SPAWN_TIMEOUT_S ?? 120);
  const deadline = Date.now() + seconds * 1000;
  while (!log.includes('Atrium is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`no banner within ${seconds} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 100)); // the rest of the banner
  return { port, pid: child.pid!, output: () => log, stop };
}

/** Runs a start expected to fail; answers its exit code and output. */
export async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, SOURCE, {
    cwd: PROJECT_ROOT,
    env: environment(env, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearTimeout(timer);
  return { code, output: log };
}
