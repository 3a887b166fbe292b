// Entry of `npm start` / `npm run serve`: reads the environment, opens and prepares the database,
// serves the API and the console on one port, and shuts down cleanly on SIGINT/SIGTERM.
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type AtriumDatabase } from './db/connect.ts';
import { measuredQuery } from './monitoring/perf-monitor.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './prepare-database.ts';
import { applySecuritySeparation } from './auth/security-separation-env.ts';
import { demoWanted, DEMO_ENV } from './seed/demo-choice.ts';
import { hashCost } from './auth/password-hash.ts';
import { startBanner } from './start-banner.ts';
import { acceptTestResets, testResetsWanted } from './test-reset.ts';

// V8 lets the old generation grow to up to 4x its live size before a full collection; a large import's
// writes would take the server to ~+230 MB that way. 1.3x keeps a 100,000-row commit near its live size
// at the cost of more (concurrent) marking, and no forced collection (docs/adr/0106-import-in-worker-thread.md).
setFlagsFromString('--heap-growing-percent=30');

interface Serving {
  app: FastifyInstance;
  database: AtriumDatabase;
}

/** Opens and prepares the database the environment names and serves it; answers once listening. */
async function serve(env: NodeJS.ProcessEnv, port: number, host: string): Promise<Serving> {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const demo = demoWanted(env[DEMO_ENV], env.DATABASE_URL ? 'postgres' : 'pglite');
  hashCost(env.ATRIUM_PASSWORD_HASH_COST); // a bad value stops the start, not the first sign-in
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: join(dataDir, 'pglite'),
    observeStatement: measuredQuery,
  });
  const adminPassword = env.ATRIUM_ADMIN_PASSWORD || undefined;
  const seed = await prepareDatabase(database.db, { dataDir, adminPassword, demo });
  await applySecuritySeparation(database.db, env.ATRIUM_SECURITY_SEPARATION);
  const app = await buildApp({
    database,
    dataDir,
    captcha: env.ATRIUM_CAPTCHA !== 'off',
    logger: { level: env.LOG_LEVEL ?? 'info' },
    scheduleTasks: true,
    jobs: true,
    sampleServer: true,
    namePieces: true,
  });
  await app.listen({ port, host });

  const where = database.kind === 'pglite' ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(
    startBanner({
      url: `http://${shownHost}:${port}/`,
      database: where,
      seed,
      adminPasswordFromEnv: adminPassword !== undefined,
    }),
  );
  return { app, database };
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.PORT ?? 8080);
  // Loopback unless told otherwise: exposing the console is the operator's decision (HOST=0.0.0.0).
  const host = env.HOST || '127.0.0.1';
  const resets = testResetsWanted(env);
  let serving = await serve(env, port, host);
  const close = async () => {
    await serving.app.close();
    await serving.database.close();
  };
  if (resets)
    acceptTestResets(close, async () => {
      serving = await serve(process.env, port, host);
    });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    serving.app.log.info(`${signal}: shutting down`);
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
