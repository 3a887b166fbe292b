// The controller of a job dialog (docs/adr/0154-dialog-screen-kinds.md): reads the job's status on
// opening (one already running, started by someone else, is followed), starts it, and reads the status
// every `every` ms while it runs. Closing the dialog stops the reading, not the job.
import { useState } from 'react';
import type { JobScreen } from '../../../core/catalogue/types.ts';
import { callAny } from '../../api/client.ts';
import { useCallAny } from '../../api/queries.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { dataArgs } from './data-args.ts';

export const JOB_POLL_MS = 1000;
type Status = Record<string, unknown>;

export function useJob(screen: JobScreen, data: Record<string, unknown>, possible: boolean, messages: DialogMessage) {
  const { calls } = useCatalogue();
  const { fields, states } = screen;
  const isRunning = (s: Status | undefined) => s?.[fields.state] === states.running;
  // From when a status read counts (a poll after the start), and the start's answer.
  const [started, setStarted] = useState<{ at: number; status: Status } | null>(null);
  const read = useCallAny<Status>(
    screen.status.call,
    { ...dataArgs(screen.status, data, calls), silent: true },
    {
      enabled: possible,
      fresh: true,
      every: (s) => (isRunning(s) ? (screen.every ?? JOB_POLL_MS) : false),
      onFailure: messages.showFailure,
    },
  );
  const fresh = read.data && (!started || read.dataUpdatedAt >= started.at) ? read.data : undefined;
  // Before a start, only a running job is shown (an ended one belongs to an earlier run).
  const status = started ? (fresh ?? started.status) : isRunning(read.data) ? read.data : undefined;
  const state = status?.[fields.state];
  const running = state === states.running;
  const ended = state === states.done || state === states.failed;

  const start = async () => {
    try {
      const answer = await callAny<Status>(screen.start.call, { ...dataArgs(screen.start, data, calls), silent: true });
      // The start's answer stands until the first poll, a poll later (a read the start itself set off
      // does not count): a quick job shows its start before its result, as a slow one does. Reads count
      // from when that poll is sent, taken then: a time reckoned ahead at the start could fall in the
      // same millisecond as the poll's answer, or after it (timers and the clock differ by a
      // millisecond or two), and a poll not counted that says the job ended would never be followed by
      // another one (reads repeat only while the job runs).
      setStarted({ at: Infinity, status: answer });
      setTimeout(() => {
        setStarted((now) => now && { ...now, at: Date.now() });
        void read.refetch();
      }, screen.every ?? JOB_POLL_MS);
    } catch (e) {
      messages.showFailure(e); // another run going on, nothing to run with…
    }
  };

  const progress = Number(status?.[fields.progress] ?? 0);
  const message = String(status?.[fields.message] ?? '');
  return { status, state, running, ended, progress, message, start };
}
