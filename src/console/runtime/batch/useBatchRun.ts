// Makes a batch call over selected rows and keeps its answer row by row (`{ results }`), for the
// BatchDialog (docs/adr/0156-batch-and-pick-list-actions.md); a refused call is said in the dialog.
import { useState } from 'react';
import { callAny, type CallArgs } from '../../api/client.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import type { BatchResult } from './BatchResults.tsx';

export function useBatchRun() {
  const [results, setResults] = useState<BatchResult[] | null>(null);
  const [running, setRunning] = useState(false);
  const messages = useDialogMessage();
  const run = async (call: string, args: CallArgs) => {
    setRunning(true);
    messages.clear();
    try {
      const answer = await callAny<{ results?: BatchResult[] }>(call, { ...args, silent: true });
      setResults(answer.results ?? []);
    } catch (e) {
      messages.showFailure(e);
    } finally {
      setRunning(false);
    }
  };
  return { results, running, messages, run };
}
