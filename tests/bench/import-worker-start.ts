// What an import's worker thread costs to start (docs/adr/0218-user-references-indexed-lean-import-worker.md): from its start to
// its first answer, for a file that is not there (the answer comes once its modules are loaded), per
// task, and how much the process's memory grew by then. The first start of each bundles it (tsx) and
// is left out. npx tsx tests/bench/import-worker-start.ts
import { runImportWorker, type ImportJob } from '../../src/server/areas/transfer/import-thread.ts';

const RUNS = Number(process.env.RUNS ?? 15);
const missing = { file: '/nonexistent/sheet.xlsx', rows: '/nonexistent/rows' };
const jobs: Record<string, ImportJob> = {
  scan: { ...missing, task: 'scan' },
  users: {
    ...missing,
    task: 'users',
    mode: 'preview',
    language: 'en',
    catalogue: {} as never,
    plan: {} as never,
    log: { dataDir: '/nonexistent', domainId: '', upload: '' },
  },
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    () => undefined,
  );
for (const [task, job] of Object.entries(jobs)) {
  await settled(runImportWorker(job));
  const times: number[] = [];
  const grown: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last worker's thread gone
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    await settled(runImportWorker(job));
    times.push(performance.now() - started);
    grown.push(process.memoryUsage().rss - rss);
  }
  console.log(
    `${task}: start to first answer ${median(times).toFixed(1)} ms, RSS grown ${(median(grown) / 2 ** 20).toFixed(1)} MiB (medians of ${RUNS})`,
  );
}
