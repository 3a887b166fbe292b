// The worker thread that reads an iCalendar file (read-ics.ts starts it): the text and window come in
// its workerData, the reading or the reason it failed goes back as its one message.
import { parentPort, workerData } from 'node:worker_threads';
import { IcsRefusal, readIcs } from './ics-days.ts';

const { text, years } = workerData as { text: string; years: { from: number; to: number } };
try {
  parentPort!.postMessage({ reading: readIcs(text, years) });
} catch (error) {
  parentPort!.postMessage(
    error instanceof IcsRefusal ? { refusal: { key: error.key, params: error.params } } : { unreadable: true },
  );
}
