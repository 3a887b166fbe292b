// Reads an uploaded iCalendar file off the event loop (0085-calendar-file-bounds.md): ical.js expands a
// rule in one synchronous call that no bound of ours can interrupt (a daily rule on 31 February never
// returns), so the reading runs in a worker thread that is ended when it outlives its time. That time
// counts from the worker's `started` message: loading its modules is the server's cost, not the file's,
// and on a loaded machine it alone can take seconds (bounded apart, by STARTUP_TIMEOUT_MS).
import { AppError } from '../../http/app-error.ts';
import { startWorker } from '../../workers/start-worker.ts';
import type { IcsReading } from './ics-days.ts';

/** How long a reading may take once its worker has loaded its modules. */
export const READ_TIMEOUT_MS = 4000;
/** How long loading the worker's modules may take: no file is read yet, so only a stuck start hits it. */
const STARTUP_TIMEOUT_MS = 60_000;

type Answer =
  | { started: true }
  | { reading: IcsReading }
  | { refusal: { key: string; params: Record<string, unknown> } }
  | { unreadable: true };

const unreadable = () => new AppError('validation', undefined, 'calendar.ics.unreadable', '/path');

export function readIcsOffLoop(text: string, years: { from: number; to: number }): Promise<IcsReading> {
  return new Promise((resolve, reject) => {
    // Memory is bounded too: a 1 MB file needs far less than this.
    const worker = startWorker(new URL('./ics-worker.ts', import.meta.url), {
      workerData: { text, years },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const tooSlow = () =>
      finish(new AppError('validation', { seconds: READ_TIMEOUT_MS / 1000 }, 'calendar.ics.tooSlow', '/path'));
    let timer = setTimeout(tooSlow, STARTUP_TIMEOUT_MS);
    let done = false;
    const finish = (outcome: Answer | Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else if ('started' in outcome) reject(new Error('the iCalendar reader answered before reading'));
      else if ('reading' in outcome) resolve(outcome.reading);
      else if ('refusal' in outcome)
        reject(new AppError('validation', outcome.refusal.params, outcome.refusal.key, '/path'));
      else reject(unreadable());
    };
    worker.on('message', (answer: Answer) => {
      if (!('started' in answer)) return finish(answer);
      clearTimeout(timer);
      timer = setTimeout(tooSlow, READ_TIMEOUT_MS);
    });
    worker.once('error', (error) =>
      finish((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? unreadable() : error),
    );
    worker.once('exit', () => finish(new Error('the iCalendar reader stopped without an answer')));
  });
}
