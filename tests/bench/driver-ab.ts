// Issue 31 item 5's A/B of the PostgreSQL drivers (docs/adr/0114-postgres-js-driver.md), on the same
// million instances in one run: node-postgres as today against postgres.js, alternating, each round on
// fresh tasks. Per driver: submissions/s across two server processes, and the flow list's initiator
// search as read (a server with no list cache) on one server process. BENCH_DRIVER_AB=on runs it.
import { load, type Figures } from './load.ts';
import type { FlowDataSet } from './workflow-data.ts';
import { benchSubmits, serverProcess, type SubmitFigures } from './workflow-submit.ts';
import type { Db } from '../../src/server/db/schema.ts';

/** What the A/B needs of the workflow bench's run. */
interface WorkflowBench {
  db: Db;
  auth: Record<string, string>;
  serverEnv: Record<string, string>;
}

const DRIVERS = ['pg', 'postgres.js'] as const;
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 2);
const AB_SUBMITS = Number(process.env.BENCH_AB_SUBMITS ?? 5_000);

async function listRead(b: WorkflowBench, data: FlowDataSet, driver: string, initiator: string): Promise<Figures> {
  const { base, child } = await serverProcess({
    ...b.serverEnv,
    ATRIUM_POSTGRES_DRIVER: driver,
    BENCH_LIST_CACHE: 'off',
  });
  try {
    return await load(
      `${base}/authtime/domain/${data.domainId}/workflow/flowstaterts?currpage=1&pagelines=10`,
      'POST',
      b.auth,
      { application: data.applicationId, _initiator: initiator },
    );
  } finally {
    child.kill('SIGTERM');
  }
}

export async function driverAb(b: WorkflowBench, data: FlowDataSet, initiator: string): Promise<boolean> {
  let ok = true;
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const driver of round % 2 ? DRIVERS : [...DRIVERS].reverse()) {
      const env = { ...b.serverEnv, ATRIUM_POSTGRES_DRIVER: driver };
      const s: SubmitFigures = await benchSubmits(b.db, data, env, AB_SUBMITS);
      const list = await listRead(b, data, driver, initiator);
      if (s.errors + s.lost + s.duplicated + s.wrongNext + list.errors > 0) ok = false;
      rows.push(
        `A/B round ${round} ${driver.padEnd(11)} submissions/s ${s.perSecond.toFixed(0)} (${s.actions}, errors ${s.errors}, lost/dup/wrong ${s.lost}/${s.duplicated}/${s.wrongNext}); flow list read ${list.rps.toFixed(0)} req/s p99 ${list.p99} ms (errors ${list.errors})`,
      );
      console.log(rows.at(-1));
    }
  return ok;
}
