// Reads an uploaded iCalendar file off the event loop (0085-calendar-file-bounds.md): ical.js expands a
// rule in one synchronous call that no bound of ours can interrupt (a daily rule on 31 February never
// returns), so the reading runs in a worker thread that is ended when it outlives its time.
import { AppError } from '../../http/app-error.ts';
import { startWorker } from '../../workers/start-worker.ts';
import type { IcsReading } from './ics-days.ts';

/** How long a reading may take once its worker is started (starting it takes a fraction of this). */
export const READ_TIMEOUT_MS = 4000;

type Answer =
  { reading: IcsReading } | { refusal: { key: string; params: Record<string, unknown> } } | { unreadable: true };

const unreadable = () => new AppError('validation', undefined, 'calendar.ics.unreadable', '/path');

export function readIcsOffLoop(text: string, years: { from: number; to: number }): Promise<IcsReading> {
  return new Promise((resolve, reject) => {
    // Memory is bounded too: a 1 MB file needs far less than this.
    const worker = startWorker(new URL('./ics-worker.ts', import.meta.url), {
      workerData: { text, years },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const timer = setTimeout(
      () => finish(new AppError('validation', { seconds: READ_TIMEOUT_MS / 1000 }, 'calendar.ics.tooSlow', '/path')),
      READ_TIMEOUT_MS,
    );
    let done = false;
    const finish = (outcome: Answer | Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else if ('reading' in outcome) resolve(outcome.reading);
      else if ('refusal' in outcome)
        reject(new AppError('validation', outcome.refusal.params, outcome.refusal.key, '/path'));
      else reject(unreadable());
    };
    worker.once('message', (answer: Answer) => finish(answer));
    worker.once('error', (error) =>
      finish((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? unreadable() : error),
    );
    worker.once('exit', () => finish(new Error('the iCalendar reader stopped without an answer')));
  });
}
