// The performance monitor's cost (docs/adr/0062-performance-monitor.md): the trivial route with the monitor on and off in the
// same run, reported as a ratio of throughputs (target: measuring costs ≤ 3 %). A shared, loaded machine
// drifts by more than 3 % within seconds, so on and off are interleaved finely: one load run during which
// the switch flips every SLICE_MS, the answers and the process's CPU time counted per slice; each on
// slice is paired with the off slice next to it, and the figure is the median of the pairs' ratios of
// answers per CPU second (answers per clock second are printed too: on a shared machine they mostly
// measure the neighbours). The first second (warm-up) is not counted. `tsx tests/bench/perf-monitor.ts` runs this part alone, on
// a small PGlite database with the demo data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { perfMonitors } from '../../src/server/monitoring/perf-monitor.ts';
import { CONNECTIONS, PASSWORD, signIn, verdict } from './load.ts';

const SECONDS = Number(process.env.BENCH_MONITOR_SECONDS ?? 60);
const SLICE_MS = Number(process.env.BENCH_MONITOR_SLICE_MS ?? 500);
const WARM_UP_MS = 1000;
/** `BENCH_MONITOR_CONTROL=on`: the slices alternate but the monitor stays on, so the ratios show the
 *  method's own noise on this machine (they should centre on 1). */
const CONTROL = process.env.BENCH_MONITOR_CONTROL === 'on';

interface Slice {
  on: boolean;
  answers: number;
  ms: number;
  /** The process's CPU time (user + system) in the slice, in µs. */
  cpu: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One load run with the monitor switched on and off every SLICE_MS; answers the slices measured. */
async function interleaved(url: string, headers: Record<string, string>): Promise<{ slices: Slice[]; errors: number }> {
  const slices: Slice[] = [];
  let on = true;
  let answers = 0;
  let sliceStart = performance.now();
  let cpuStart = process.cpuUsage();
  const runStart = sliceStart;
  const flip = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(cpuStart);
    if (sliceStart - runStart >= WARM_UP_MS)
      slices.push({ on, answers, ms: now - sliceStart, cpu: cpu.user + cpu.system });
    cpuStart = process.cpuUsage();
    on = !on;
    if (!CONTROL) perfMonitors.set({ interfaces: on, sql: on, exceptions: on, resultSet: false });
    answers = 0;
    sliceStart = now;
  };
  perfMonitors.set({ interfaces: true, sql: true, exceptions: true, resultSet: false });
  const timer = setInterval(flip, SLICE_MS);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url, method: 'GET', headers, connections: CONNECTIONS, duration: SECONDS },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('response', () => answers++);
  }).finally(() => clearInterval(timer));
  return { slices, errors: result.errors + result.non2xx };
}

export async function benchPerfMonitor(base: string, auth: Record<string, string>): Promise<boolean> {
  const was = {
    interfaces: perfMonitors.interfaces,
    sql: perfMonitors.sql,
    exceptions: perfMonitors.exceptions,
    resultSet: perfMonitors.resultSet,
  };
  let measured: Awaited<ReturnType<typeof interleaved>>;
  try {
    measured = await interleaved(`${base}/authtime/health`, auth);
  } finally {
    perfMonitors.set(was);
  }
  const { slices, errors } = measured;
  // Two throughputs per slice: answers per second of the clock, and answers per CPU second of this
  // process (server and load generator share its one thread, so that is what the route costs; the
  // clock also counts the time other processes of a shared machine took the cores).
  const perSecond = (s: Slice) => (s.answers * 1000) / s.ms;
  const perCpuSecond = (s: Slice) => (s.answers * 1e6) / Math.max(s.cpu, 1);
  // Neighbours (on, off) or (off, on), each slice in one pair only; the figure is the median pair.
  const pairs: Array<[on: Slice, off: Slice]> = [];
  for (let i = 0; i + 1 < slices.length; i += 2)
    pairs.push(slices[i].on ? [slices[i], slices[i + 1]] : [slices[i + 1], slices[i]]);
  const ratios = (rate: (s: Slice) => number) =>
    pairs.filter(([, off]) => rate(off) > 0).map(([on, off]) => rate(on) / rate(off));
  const whole = (on: boolean, key: 'ms' | 'cpu') => {
    const chosen = slices.filter((s) => s.on === on);
    return chosen.reduce((n, s) => n + s.answers, 0) / chosen.reduce((n, s) => n + s[key], 0);
  };
  const describe = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(3);
    return `quartiles ${at(0.25)} / ${median(values).toFixed(3)} / ${at(0.75)}`;
  };
  const clock = ratios(perSecond);
  const cpu = ratios(perCpuSecond);
  console.log(
    `\nperformance monitor${CONTROL ? ' (CONTROL: always on)' : ''}: GET /authtime/health for ${SECONDS} s, ${CONNECTIONS} connections, switched on/off every ${SLICE_MS} ms (${pairs.length} pairs of slices)`,
  );
  console.log(
    `monitor on  ${(whole(true, 'ms') * 1000).toFixed(0).padStart(8)} req/s  ${(whole(true, 'cpu') * 1e6).toFixed(0).padStart(8)} req/CPU-s`,
  );
  console.log(
    `monitor off ${(whole(false, 'ms') * 1000).toFixed(0).padStart(8)} req/s  ${(whole(false, 'cpu') * 1e6).toFixed(0).padStart(8)} req/CPU-s  errors ${errors}`,
  );
  console.log(
    `ratio on/off per clock second: ${describe(clock)}, whole run ${(whole(true, 'ms') / whole(false, 'ms')).toFixed(3)}`,
  );
  console.log(
    `ratio on/off per CPU second:   ${describe(cpu)}, whole run ${(whole(true, 'cpu') / whole(false, 'cpu')).toFixed(3)}`,
  );
  const ratio = median(cpu);
  const passed = verdict('ratio monitor on/off (req per CPU-s, median)', ratio.toFixed(3), '≥ 0.970', ratio >= 0.97);
  return passed && errors === 0 && pairs.length >= 10;
}

async function alone(): Promise<void> {
  const { openDatabase } = await import('../../src/server/db/connect.ts');
  const { prepareDatabase } = await import('../../src/server/prepare-database.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-monitor-'));
  const { measuredQuery } = await import('../../src/server/monitoring/perf-monitor.ts');
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), observeStatement: measuredQuery });
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
