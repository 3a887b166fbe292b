// Makes a batch call over selected rows for the BatchDialog (docs/adr/0156-batch-and-pick-list-actions.md):
// counted first when the action says `count`, sent in `parts` under one batch key with its progress,
// its answers added, and undone whole (docs/adr/0168-batch-count-parts-summary-undo.md). A refused
// call is said in the dialog; the parts sent before a refusal stay one batch that Undo takes back.
import { useCallback, useState } from 'react';
import { callAny, type CallArgs } from '../../api/client.ts';
import type { BatchDef } from '../../../core/catalogue/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import type { Row } from '../screen-types.ts';
import { addedAnswers, partsOf } from './batch-answers.ts';
import type { BatchResult } from './BatchResults.tsx';

type Args = CallArgs & { body: Row };

/** `undoParam`: the undo call's path parameter taking the batch's key. */
export function useBatchRun(call: string, batch: BatchDef, undoParam?: string) {
  const [answer, setAnswer] = useState<Row | null>(null);
  const [counted, setCounted] = useState<Row | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [undone, setUndone] = useState(false);
  const messages = useDialogMessage();
  const attempt = async (work: () => Promise<void>) => {
    messages.clear();
    try {
      await work();
    } catch (e) {
      messages.showFailure(e);
    }
  };

  const count = (args: Args) =>
    attempt(async () => {
      const body = { ...args.body, [batch.count!.flag]: true };
      setCounted(await callAny<Row>(call, { ...args, body, silent: true }));
    });

  const run = async (args: Args) => {
    const ids = (args.body[batch.ids] as unknown[]) ?? [];
    const parts = partsOf(ids, batch.parts?.size);
    let total: Row | null = null;
    setProgress(0);
    await attempt(async () => {
      for (const [i, part] of parts.entries()) {
        const key = batch.parts && total ? { [batch.parts.key]: total[batch.parts.key] } : {};
        const body = { ...args.body, [batch.ids]: part, ...key };
        const reply: Row = await callAny<Row>(call, { ...args, body, silent: true });
        total = total ? addedAnswers(total, reply) : reply;
        setProgress(Math.round(((i + 1) / parts.length) * 100));
      }
    });
    setProgress(null);
    if (total) setAnswer(total);
  };

  const undo = () =>
    attempt(async () => {
      const key = batch.parts?.key;
      if (!batch.undo || !key || !undoParam || !answer?.[key]) return;
      await callAny(batch.undo.call, { params: { [undoParam]: String(answer[key]) }, silent: true });
      setUndone(true);
    });

  return {
    answer,
    results: answer ? ((answer.results as BatchResult[] | undefined) ?? []) : null,
    counted,
    forget: useCallback(() => setCounted(null), []),
    progress,
    running: progress !== null,
    undone,
    messages,
    count,
    run,
    undo,
  };
}
