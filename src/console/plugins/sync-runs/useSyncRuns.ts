// What every sync tab does with its runs (the directory's, docs/adr/0060-directory-sync.md, and the messaging suites', docs/adr/0061-messaging-suites.md): the
// run shown is in the URL (`syncrun`, so a reload or a shared link shows it again), read again every
// second while it runs; the history is read when the tab opens and when a run ends; starting a run
// (a dry run, a sync, a sync confirmed beyond the deletion cap) opens it.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/ApiError.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type SyncRun = Calls['directorySync.status']['reply'];
export type SyncHistoryRun = Calls['directorySync.runs']['reply']['datas'][number];

/** The calls of one kind of sync: how a run starts, how it is read, its history's first page. Start and
 *  status are called `silent`: the panel shows their failure itself. */
export interface SyncCalls {
  start(action: string, confirm: 0 | 1): Promise<SyncRun>;
  status(id: string): Promise<SyncRun>;
  history(): Promise<SyncHistoryRun[]>;
}

const POLL_MS = 1000;

export function useSyncRuns(calls: SyncCalls) {
  const [params, setParams] = useSearchParams();
  const runId = params.get('syncrun') ?? '';
  const [loaded, setLoaded] = useState<SyncRun | null>(null);
  const [history, setHistory] = useState<SyncHistoryRun[]>([]);
  const [error, setError] = useState('');
  const { start: startCall, status, history: historyCall } = calls;

  const failed = useCallback((e: unknown) => setError(e instanceof ApiError ? e.errmsg || e.message : String(e)), []);
  const openRun = useCallback(
    (id: string) => setParams((p) => (p.set('syncrun', id), p), { replace: true }),
    [setParams],
  );
  const loadHistory = useCallback(() => historyCall().then(setHistory, () => undefined), [historyCall]);

  useEffect(() => void loadHistory(), [loadHistory]);

  useEffect(() => {
    if (!runId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const now = await status(runId);
        if (stopped) return;
        setLoaded(now);
        if (now.status === 'running') timer = setTimeout(() => void read(), POLL_MS);
        else void loadHistory();
      } catch (e) {
        if (!stopped) failed(e);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runId, status, loadHistory, failed]);

  const start = useCallback(
    async (action: string, confirm: 0 | 1 = 0) => {
      setError('');
      try {
        openRun((await startCall(action, confirm)).id);
      } catch (e) {
        failed(e);
      }
    },
    [startCall, openRun, failed],
  );

  const run = loaded && loaded.id === runId ? loaded : null;
  return { run, running: run?.status === 'running', history, error, setError, failed, start, openRun };
}
