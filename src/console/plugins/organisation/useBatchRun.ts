// Runs a batch call over the selected users and keeps its per-row answer (shared by resign and batch).
import { useState } from 'react';
import { callAny } from '../../api/client.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import type { BatchResult } from './BatchResults.tsx';

export function useBatchRun() {
  const [results, setResults] = useState<BatchResult[] | null>(null);
  const [running, setRunning] = useState(false);
  const messages = useDialogMessage();
  const run = async (call: 'users.resign' | 'users.batch', body: object) => {
    setRunning(true);
    messages.clear();
    try {
      const answer = await callAny<{ results: BatchResult[] }>(call, { body, silent: true });
      setResults(answer.results ?? []);
    } catch (e) {
      messages.showFailure(e);
    } finally {
      setRunning(false);
    }
  };
  return { results, running, messages, run };
}
