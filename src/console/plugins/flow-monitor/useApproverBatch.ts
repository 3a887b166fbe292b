// Runs a batch change of approvers over the selected instances: counted first (a dry run), then sent in
// parts of PART instances (the first part begins the batch, the others join it) with its progress, and
// undone whole. Errors stay in the dialog.
import { useState } from 'react';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';

type Body = Omit<Calls['flows.batchApprovers']['body'], 'ids' | 'dryRun' | 'batchId'>;
type Result = Calls['flows.batchApprovers']['reply'];

const PART = 50;

const added = (a: Result, b: Result): Result => ({
  ...a,
  instances: a.instances + b.instances,
  cancelled: a.cancelled + b.cancelled,
  created: a.created + b.created,
  skipped: [...a.skipped, ...b.skipped],
});

export function useApproverBatch(ids: string[], messages: DialogMessage) {
  const [count, setCount] = useState<Result | null>(null);
  const [done, setDone] = useState<Result | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [undone, setUndone] = useState(false);

  const dryRun = (body: Body) =>
    call('flows.batchApprovers', { body: { ...body, ids, dryRun: true }, silent: true }).then(
      (answer) => (setCount(answer), messages.clear()),
      (error: unknown) => messages.showFailure(error),
    );

  const apply = async (body: Body) => {
    let total: Result | null = null;
    setProgress(0);
    try {
      for (let at = 0; at < ids.length; at += PART) {
        const batchId: string | undefined = total?.batchId ?? undefined;
        const part: Result = await call('flows.batchApprovers', {
          body: { ...body, ids: ids.slice(at, at + PART), batchId },
          silent: true,
        });
        total = total ? added(total, part) : part;
        setProgress(Math.min(100, Math.round(((at + PART) / ids.length) * 100)));
      }
      setDone(total);
    } catch (error) {
      messages.showFailure(error);
      if (total) setDone(total); // the parts sent so far are one batch, which Undo takes back
    } finally {
      setProgress(null);
    }
  };

  const undo = () =>
    done?.batchId &&
    call('flows.undoBatch', { params: { id: done.batchId }, silent: true }).then(
      () => setUndone(true),
      (error: unknown) => messages.showFailure(error),
    );

  /** A changed choice asks for a new count. */
  const forget = () => setCount(null);
  return { count, done, progress, undone, dryRun, apply, undo, forget };
}
