// The performance monitor's cost (issue 14, D62): the trivial route with the monitor on and off in the
// same run, alternated so a drift of the machine falls on both, reported as a ratio (target: measuring
// costs ≤ 3 % of the throughput). `tsx tests/bench/perf-monitor.ts` runs this part alone, on a small
// PGlite database with the demo data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { perfMonitors } from '../../src/server/monitoring/perf-monitor.ts';
import { figuresRow as row, load, verdict, type Figures, PASSWORD, signIn } from './load.ts';

const ROUNDS = Number(process.env.BENCH_MONITOR_ROUNDS ?? 2);

export async function benchPerfMonitor(base: string, auth: Record<string, string>): Promise<boolean> {
  const url = `${base}/authtime/health`;
  const on: Figures[] = [];
  const off: Figures[] = [];
  const was = { interfaces: perfMonitors.interfaces, sql: perfMonitors.sql, exceptions: perfMonitors.exceptions, resultSet: perfMonitors.resultSet };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which comes first, so neither always runs on a warmer or cooler machine.
      for (const enabled of round % 2 === 0 ? [true, false] : [false, true]) {
        perfMonitors.set({ interfaces: enabled, sql: enabled, exceptions: enabled, resultSet: false });
        (enabled ? on : off).push(await load(url, 'GET', auth));
      }
    }
  } finally {
    perfMonitors.set(was);
  }
  const sum = (runs: Figures[]) => ({ rps: runs.reduce((a, f) => a + f.rps, 0) / runs.length, p99: Math.max(...runs.map((f) => f.p99)), errors: runs.reduce((a, f) => a + f.errors, 0) });
  const measured = sum(on);
  const bare = sum(off);
  const ratio = measured.rps / bare.rps;
  console.log(`\nperformance monitor (${ROUNDS} rounds each, alternated)`);
  console.log(row('GET /authtime/health monitor on', measured));
  console.log(row('GET /authtime/health monitor off', bare));
  const passed = verdict('ratio monitor on/off (throughput)', ratio.toFixed(3), '≥ 0.970', ratio >= 0.97);
  return passed && measured.errors === 0 && bare.errors === 0;
}

async function alone(): Promise<void> {
  const { openDatabase } = await import('../../src/server/db/connect.ts');
  const { prepareDatabase } = await import('../../src/server/prepare-database.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-monitor-'));
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database.db, { dataDir, adminPassword: PASSWORD, demo: true });
    const app = await buildApp({ database, dataDir, captcha: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    if (!(await benchPerfMonitor(base, await signIn(base)))) process.exitCode = 1;
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('perf-monitor.ts')) await alone();
