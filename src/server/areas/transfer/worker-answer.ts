// How an import's worker threads (scan-worker.ts, import-worker.ts) answer the server's thread: the
// job's result, a refused sheet by its message key, any other failure by its stack.
import { parentPort } from 'node:worker_threads';
import type { WorkerAnswer } from './import-thread.ts';
import { SheetRefusal } from './xlsx-guard.ts';

export const post = (message: WorkerAnswer) => parentPort!.postMessage(message);

/** Posts what the job ends with. */
export function answer(job: Promise<WorkerAnswer>): void {
  job.then(post, (error: unknown) => {
    if (error instanceof SheetRefusal) {
      const reader = error.readerError;
      post({
        refusal: {
          messageKey: error.messageKey,
          params: error.params,
          ...(reader === undefined
            ? {}
            : { readerError: reader instanceof Error ? (reader.stack ?? reader.message) : String(reader) }),
        },
      });
    } else post({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  });
}
