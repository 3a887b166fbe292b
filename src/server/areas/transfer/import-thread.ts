// Runs the heavy part of an import in a worker thread (scan-worker.ts, import-worker.ts,
// docs/adr/0106-import-in-worker-thread.md): the sheet's read for both kinds, and for users the planning of
// every row and the outcome log too. The worker's heap is bounded (resourceLimits), so a large import
// neither grows the server's heap nor pauses its requests for a collection; the server's thread only
// answers the worker's database reads and writes.
import type { Catalogue } from '../../../core/catalogue/types.ts';
import type { Translate } from '../../../core/validation-messages.ts';
import { startWorker } from '../../workers/start-worker.ts';
import type { OutcomeLog } from './import-outcomes.ts';
import type { ImportContext, PlanContext } from './import-plan.ts';
import type { TreeNode } from './org-tree.ts';
import type { ImportMode } from './row-judge.ts';
import type { SheetScan } from './sheet-reader.ts';
import type { UserStore } from './user-chunks.ts';
import { userStore } from './user-writes.ts';
import { SheetRefusal } from './xlsx-guard.ts';

/** The worker's old generation: the read of a 100,000-row sheet and the planning of its rows (every
 *  refused row's error line is kept for the reply) measured well under this. */
export const IMPORT_HEAP_MB = 64;

type Result = Awaited<ReturnType<OutcomeLog['finish']>>;

export type ImportJob = { file: string; rows: string } & (
  | { task: 'scan' }
  | {
      task: 'users';
      mode: ImportMode;
      language: string;
      catalogue: Catalogue;
      plan: Omit<PlanContext, 'catalogue' | 'tree'> & { tree: TreeNode[] };
      log: { dataDir: string; domainId: string; upload: string };
    }
);

export type WorkerAsk = { stored: string[] } | { write: Parameters<UserStore['write']>[0] };
export type WorkerAnswer =
  | { id: number; ask: WorkerAsk }
  | { scanned: SheetScan }
  | { done: Result }
  | { refusal: { messageKey: string; params: Record<string, unknown>; readerError?: string } }
  | { failed: string };

/** Runs one job in its worker, answering its reads and writes through `store` (users only). */
export function runImportWorker(job: ImportJob, store?: UserStore): Promise<SheetScan | Result> {
  return new Promise((resolve, reject) => {
    const options = {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: IMPORT_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    };
    // A read alone loads the sheet reader only (docs/adr/0218-user-references-indexed-lean-import-worker.md).
    const worker =
      job.task === 'scan'
        ? startWorker(new URL('./scan-worker.ts', import.meta.url), options)
        : startWorker(new URL('./import-worker.ts', import.meta.url), options);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    worker.on('message', (message: WorkerAnswer) => {
      if ('ask' in message) {
        const { id, ask } = message;
        const answer = 'stored' in ask ? store!.stored(ask.stored) : store!.write(ask.write);
        answer.then(
          (value) => worker.postMessage({ id, answer: value }),
          (error: unknown) => finish(() => reject(error)),
        );
      } else if ('scanned' in message) finish(() => resolve(message.scanned));
      else if ('done' in message) finish(() => resolve(message.done));
      else if ('refusal' in message) {
        const { messageKey, params, readerError } = message.refusal;
        finish(() =>
          reject(new SheetRefusal(messageKey, params, readerError === undefined ? undefined : new Error(readerError))),
        );
      } else finish(() => reject(new Error(`the import's worker failed: ${message.failed}`)));
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the import's worker stopped (${code}) without an answer`))),
    );
  });
}

/** The sheet guarded and read through (sheet-reader.ts scanSheet), off the server's thread. */
export function scanSheetOffThread(file: string, rows: string): Promise<SheetScan> {
  return runImportWorker({ task: 'scan', file, rows }) as Promise<SheetScan>;
}

/** A users' import whole (read, planned, logged) off the server's thread; its reads and writes here. */
export function importUsersOffThread(
  ctx: ImportContext,
  where: { file: string; rows: string; dataDir: string; mode: ImportMode; language: string },
  t: Translate,
): Promise<Result> {
  const { db: _db, reach: _reach, catalogue, tree, ...plan } = ctx;
  return runImportWorker(
    {
      task: 'users',
      file: where.file,
      rows: where.rows,
      mode: where.mode,
      language: where.language,
      catalogue,
      plan: { ...plan, tree: tree.nodes() },
      log: { dataDir: where.dataDir, domainId: ctx.domainId, upload: where.file },
    },
    userStore(ctx, t),
  ) as Promise<Result>;
}
