// How a list's cost grows with its table. BENCH_SCALE (sizes of users in one tenant,
// `10k,100k,1m`) and BENCH_FLOW_SCALE (instances in one enterprise, `100k,1m,3m`): each size adds its
// rows to the last size's, then the lists are measured varied (and repeated) against the trivial route
// beside them; the table gives p99 and throughput per size and the largest size's over the smallest's.
// At the largest flow size the flow list's every search field, the dashboard's first call on a new
// server (docs/adr/0129-dashboard-days-kept-as-written.md) and the operation log at BENCH_OPLOG_ENTRIES.
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';
import { generateBigTenant } from './data-set.ts';
import { flowCases } from './flow-lists.ts';
import { figuresRow, verdict } from './load.ts';
import { generateOperationLog, OPLOG_ENTRIES, operationLogCases } from './oplog-lists.ts';
import { listCases, measureCases, reportCases, type CaseFigures, type ListCase } from './varied-lists.ts';
import { dashboardFirstCalls, reportFirstCalls, type WorkflowBench } from './workflow.ts';
import { generateFlowInstances } from './workflow-data.ts';

/** The goal on the p99 of the largest size against the smallest's. */
const GROWTH_P99 = 1.5;

/** `10k,100k,1m` as numbers, smallest first (`off`: none, that part is skipped). */
export function sizesOf(text: string): number[] {
  if (text === 'off') return [];
  return text
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .map((part) => Number.parseFloat(part) * (part.endsWith('m') ? 1_000_000 : part.endsWith('k') ? 1_000 : 1))
    .sort((a, b) => a - b);
}

const short = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1_000}k`);

interface Measured {
  size: number;
  figures: CaseFigures[];
}

/** Adds the rows of each size to the last one's, measuring `cases` at each; answers the figures. */
async function grown(
  sizes: number[],
  grow: (size: number, from: number) => Promise<void>,
  cases: (size: number) => Promise<ListCase[]>,
  base: string,
  auth: Record<string, string>,
): Promise<Measured[] | null> {
  const measured: Measured[] = [];
  let have = 0;
  for (const size of sizes) {
    const started = Date.now();
    await grow(size, have + 1);
    console.log(`growth: ${short(size)} rows written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    have = size;
    const figures = await measureCases(base, auth, await cases(size));
    if (!figures) return null;
    measured.push({ size, figures });
  }
  return measured;
}

/** The growth table (varied figures) and, per list, the largest size over the smallest. */
function growthTable(title: string, measured: Measured[]): boolean {
  let ok = true;
  console.log(`\n${title}: varied, list cache on (ratio: to the trivial route beside it)`);
  console.log('| size | list | req/s | ratio | p99 ms | repeated req/s | repeated p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const m of measured)
    for (const f of m.figures)
      console.log(
        `| ${short(m.size)} | ${f.name.replace(/ \(.*\)$/, '')} | ${f.varied.rps.toFixed(0)} | ${(f.varied.rps / f.baseline.rps).toFixed(3)} | ${f.varied.p99} | ${f.repeated.rps.toFixed(0)} | ${f.repeated.p99} |`,
      );
  const [first, last] = [measured[0], measured[measured.length - 1]];
  if (measured.length < 2) return ok;
  first.figures.forEach((small, i) => {
    const large = last.figures[i];
    const p99 = large.varied.p99 / Math.max(small.varied.p99, 1);
    const rate = large.varied.rps / large.baseline.rps / (small.varied.rps / small.baseline.rps);
    console.log(
      `${small.name.replace(/ \(.*\)$/, '')}: ${short(last.size)}/${short(first.size)} throughput ratio ${rate.toFixed(2)}`,
    );
    if (
      !verdict(
        `${small.name.replace(/ \(.*\)$/, '')}: p99 ${short(last.size)}/${short(first.size)}`,
        `${p99.toFixed(2)}x`,
        `≤ ${GROWTH_P99}x`,
        large.varied.rps > 0 && small.varied.rps > 0 && p99 <= GROWTH_P99,
      )
    )
      ok = false;
  });
  return ok;
}

/** Users sizes, flow sizes and the operation log; answers whether every call succeeded and every target
 *  held (a part whose calls failed stops the run; a missed target is printed and the run goes on). */
export async function benchGrowth(b: WorkflowBench, acmeId: string): Promise<boolean> {
  console.log(figuresRow('baseline GET /authtime/health (start)', b.baseline));
  const userSizes = sizesOf(process.env.BENCH_SCALE ?? '10k,100k,1m');
  const flowSizes = sizesOf(process.env.BENCH_FLOW_SCALE ?? '100k,1m,3m');
  const users = userSizes.length === 0 || (await usersGrowth(b, userSizes));
  if (users === null) return false;
  const flows = flowSizes.length === 0 || (await flowsGrowth(b, acmeId, flowSizes));
  if (flows === null) return false;
  const log = await operationLog(b, acmeId);
  return users && flows && log === true;
}

/** The users lists' growth: whether its targets held; null when a call failed. */
async function usersGrowth(b: WorkflowBench, userSizes: number[]): Promise<boolean | null> {
  const db: Db = b.db;
  const users = await grown(
    userSizes,
    (size, from) => generateBigTenant(db, size, from),
    async (size) =>
      (await listCases(b.base, b.auth, size)).filter(
        (c) => c.name.startsWith('users (') || c.name.startsWith('users name'),
      ),
    b.base,
    b.auth,
  );
  if (!users) return null;
  return growthTable('users of one tenant', users);
}

/** The flow list's growth, its every search field and the dashboard's first call at the largest size:
 *  whether their targets held; null when a call failed. */
async function flowsGrowth(b: WorkflowBench, acmeId: string, flowSizes: number[]): Promise<boolean | null> {
  const db: Db = b.db;
  let data = { domainId: acmeId, applicationId: '', instances: 0, keepDaysMs: 0 };
  const flows = await grown(
    flowSizes,
    async (size, from) => {
      data = await generateFlowInstances(db, size, from);
      console.log(
        `dashboard days of ${short(size)} instances kept by their writer in ${data.keepDaysMs.toFixed(0)} ms`,
      );
    },
    async () => (await flowCases(db, b.auth, data)).slice(0, 2),
    b.base,
    b.auth,
  );
  if (!flows) return null;
  const grew = growthTable('flow list of one enterprise', flows);

  // At the largest size: every search field of the flow list, then the dashboard's first call.
  console.log(`\nflow list at ${short(data.instances)} instances, every search field`);
  const fields = await measureCases(b.base, b.auth, await flowCases(db, b.auth, data));
  if (!fields) return null;
  const searched = reportCases(fields);
  const dashboard = reportFirstCalls(data, await dashboardFirstCalls(b, data));
  return grew && searched && dashboard;
}

/** The operation log at BENCH_OPLOG_ENTRIES entries of one enterprise: whether its targets held; null
 *  when a call failed. */
async function operationLog(b: WorkflowBench, acmeId: string): Promise<boolean | null> {
  const db: Db = b.db;
  await sql`delete from operation_log where domain_id = ${acmeId}`.execute(db);
  await generateOperationLog(db, acmeId);
  console.log(`\noperation log: ${OPLOG_ENTRIES.toLocaleString('en')} entries of one enterprise`);
  const log = await measureCases(b.base, b.auth, await operationLogCases(db, acmeId, b.auth));
  if (!log) return null;
  return reportCases(log);
}
