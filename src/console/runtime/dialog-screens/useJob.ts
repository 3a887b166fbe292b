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
  // When the start was answered, and its answer: a status read before it is not this run's.
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
  const fresh = read.data && (!started || read.dataUpdatedAt > started.at) ? read.data : undefined;
  // Before a start, only a running job is shown (an ended one belongs to an earlier run).
  const status = started ? (fresh ?? started.status) : isRunning(read.data) ? read.data : undefined;
  const state = status?.[fields.state];
  const running = state === states.running;
  const ended = state === states.done || state === states.failed;

  const start = async () => {
    try {
      const answer = await callAny<Status>(screen.start.call, { ...dataArgs(screen.start, data, calls), silent: true });
      setStarted({ at: Date.now(), status: answer });
      void read.refetch();
    } catch (e) {
      messages.showFailure(e); // another run going on, nothing to run with…
    }
  };

  const progress = Number(status?.[fields.progress] ?? 0);
  const message = String(status?.[fields.message] ?? '');
  return { status, state, running, ended, progress, message, start };
}
