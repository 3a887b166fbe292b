// The servers the lists are measured on (docs/adr/0205-lists-bench-server-in-its-own-process.md). On
// PostgreSQL two server processes of the run's schema (serve.ts): one with the list cache as in
// production, one with none (every users page read); autocannon stays in the bench's process, so the
// trivial route and every list are served by a thread that runs nothing but the server. Their rate
// limits are off (the enterprise list's 20 callers sign in from one address). PGlite is one process's
// database: there the lists are served by the bench's own process as before, and the output says so.
import type { AtriumDatabase } from '../../src/server/db/connect.ts';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMIT_ENV } from '../../src/server/plugins/rate-limits.ts';
import { load, signIn, type Figures } from './load.ts';
import { serverProcess, stopServers } from './server-process.ts';

export interface ListServers {
  /** The server with the list cache. */
  base: string;
  /** The same database served with no list cache. */
  readingBase: string;
  auth: Record<string, string>;
  /** The trivial route of `base`, measured once it is up. */
  baseline: Figures;
  /** Where the servers run, for the output. */
  where: string;
  stop: () => Promise<void>;
}

const UNLIMITED = Object.fromEntries(Object.values(RATE_LIMIT_ENV).map((name) => [name, 'off']));

/** Two server processes on the run's schema (`serverEnv`: serve.ts's variables). */
export async function listServerProcesses(serverEnv: Record<string, string>): Promise<ListServers> {
  const env = { ...serverEnv, ...UNLIMITED };
  const serving = await serverProcess(env);
  const children = [serving.child];
  try {
    const reading = await serverProcess({ ...env, BENCH_LIST_CACHE: 'off' });
    children.push(reading.child);
    const auth = await signIn(serving.base);
    return {
      base: serving.base,
      readingBase: reading.base,
      auth,
      baseline: await load(`${serving.base}/authtime/health`, 'GET', auth),
      where: `server processes of their own (serve.ts, pids ${serving.child.pid} and ${reading.child.pid}), autocannon in the bench's`,
      stop: () => stopServers(children),
    };
  } catch (error) {
    await stopServers(children);
    throw error;
  }
}

/** The bench's own server (`base`, list cache on) and one more in the same process with no list cache. */
export async function listServersInProcess(
  database: AtriumDatabase,
  dataDir: string,
  served: { base: string; auth: Record<string, string>; baseline: Figures },
): Promise<ListServers> {
  const readingApp = await buildApp({ database, dataDir, captcha: false, listCache: false });
  return {
    ...served,
    readingBase: await readingApp.listen({ port: 0, host: '127.0.0.1' }),
    where: "the bench's process, beside autocannon (PGlite)",
    stop: () => readingApp.close(),
  };
}
