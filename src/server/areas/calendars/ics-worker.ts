// The worker thread that reads an iCalendar file (read-ics.ts starts it): the text and window come in
// its workerData; once its modules are loaded it says so (the reading's time counts from there), then the
// reading or the reason it failed goes back as its last message.
import { parentPort, workerData } from 'node:worker_threads';
import { IcsRefusal, readIcs } from './ics-days.ts';

const { text, years } = workerData as { text: string; years: { from: number; to: number } };
parentPort!.postMessage({ started: true });
try {
  parentPort!.postMessage({ reading: readIcs(text, years) });
} catch (error) {
  parentPort!.postMessage(
    error instanceof IcsRefusal ? { refusal: { key: error.key, params: error.params } } : { unreadable: true },
  );
}
