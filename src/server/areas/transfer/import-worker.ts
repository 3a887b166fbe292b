// The worker thread of a users import (import-thread.ts starts it; docs/adr/0106-import-in-worker-thread.md):
// guards and reads the sheet (sheet-reader.ts), converts, screens and plans every row and writes the
// run's outcome log, asking the server's thread for the stored users and the writes. A sheet read alone
// runs in scan-worker.ts.
// Its garbage is collected in its own heap, bounded by the thread's resourceLimits, so no collection
// of it stalls the server's requests.
import { parentPort, workerData } from 'node:worker_threads';
import { translatorFor } from '../../../core/translate.ts';
import { OutcomeLog } from './import-outcomes.ts';
import { OrgTree } from './org-tree.ts';
import { rowJudge, rowsOf, SHEET_CHUNK } from './row-judge.ts';
import { scanSheet, sheetChunks } from './sheet-reader.ts';
import type { ImportJob, WorkerAnswer, WorkerAsk } from './import-thread.ts';
import { importUsers, type UserStore } from './user-chunks.ts';
import { answer, post } from './worker-answer.ts';
import { guardWorkbook } from './xlsx-guard.ts';

const job = workerData as Extract<ImportJob, { task: 'users' }>;

const waiting = new Map<number, (answer: unknown) => void>();
let asked = 0;
parentPort!.on('message', ({ id, answer: reply }: { id: number; answer: unknown }) => {
  waiting.get(id)?.(reply);
  waiting.delete(id);
});
function ask<T>(request: WorkerAsk): Promise<T> {
  return new Promise((resolve) => {
    const id = asked++;
    waiting.set(id, resolve as (answer: unknown) => void);
    post({ id, ask: request });
  });
}

const store: UserStore = {
  stored: (loginnos) => ask({ stored: loginnos }),
  write: (planned) => ask({ write: planned }),
};

async function run(): Promise<WorkerAnswer> {
  await guardWorkbook(job.file);
  const scan = await scanSheet(job.file, job.rows);
  const { catalogue, language, mode, plan, log: where } = job;
  const t = translatorFor(catalogue.labels[language]);
  const tree = new OrgTree();
  for (const node of plan.tree) tree.add(node);
  const ctx = { ...plan, catalogue, tree };
  const judge = rowJudge('user', ctx.columns, scan, t, catalogue.labels, language);
  const log = new OutcomeLog(where.dataDir, where.domainId, where.upload, 'user', mode, t);
  try {
    for await (const chunk of sheetChunks(scan, SHEET_CHUNK)) {
      const rows = rowsOf(chunk, judge.matched, t);
      await importUsers(ctx, rows, mode, judge, store);
      for (const row of rows) await log.add(judge.outcomes.get(row)!);
      judge.outcomes.clear();
    }
    return { done: await log.finish() };
  } catch (error) {
    log.discard();
    throw error;
  }
}

answer(run());
