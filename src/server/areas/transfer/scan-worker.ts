// The worker thread of a sheet's read alone (a departments import; import-thread.ts starts it,
// docs/adr/0106-import-in-worker-thread.md): guards the file and reads the sheet through. Apart from
// import-worker.ts, so it loads the sheet reader's modules only, no validator of the users' rows
// (docs/adr/0218-user-references-indexed-lean-import-worker.md).
import { workerData } from 'node:worker_threads';
import type { ImportJob } from './import-thread.ts';
import { scanSheet } from './sheet-reader.ts';
import { answer } from './worker-answer.ts';
import { guardWorkbook } from './xlsx-guard.ts';

const job = workerData as ImportJob;

answer(
  (async () => {
    await guardWorkbook(job.file);
    return { scanned: await scanSheet(job.file, job.rows) };
  })(),
);
