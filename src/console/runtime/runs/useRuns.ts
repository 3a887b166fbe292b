// A runs screen's controller (catalogue kind `runs`): the run shown is in the URL (`syncrun`, so a
// reload or a shared link shows it again), read through the data layer every second while it runs;
// the history is read when the screen opens, again after a start (any call with effects) and when the
// run shown ends; starting a run (a dry run, a sync, a sync confirmed beyond the deletion cap) opens it.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { RunsCall, RunsScreen } from '../../../core/catalogue/types.ts';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { readAgain, useCallAny } from '../../api/queries.ts';
import { resolveArgs } from '../call-args.ts';

/** The report every run has (the `directory-sync-run` entity the status calls answer). */
export type Run = Calls['directorySync.status']['reply'];
export type HistoryRun = Calls['directorySync.runs']['reply']['datas'][number];
type Page = { datas: HistoryRun[] };

export const POLL_MS = 1000;

/** A runs call's arguments: its route context from the URL, then its fixed values. */
export function runsCallArgs(c: RunsCall, url: URLSearchParams, extra: { query?: object; body?: object } = {}) {
  const route = resolveArgs(c.args, url);
  return {
    params: route.params,
    query: { ...route.query, ...c.query, ...extra.query },
    body: c.body || c.args?.body || extra.body ? { ...route.body, ...c.body, ...extra.body } : undefined,
    missing: route.missing,
  };
}

const message = (e: unknown) => (e instanceof ApiError ? e.errmsg || e.message : String(e));

export function useRuns(screen: RunsScreen) {
  const [params, setParams] = useSearchParams();
  const runId = params.get('syncrun') ?? '';
  const [error, setError] = useState('');
  const failed = (e: unknown) => setError(message(e));
  const openRun = (id: string) => setParams((p) => (p.set('syncrun', id), p), { replace: true });

  const { missing: historyMissing, ...historyArgs } = runsCallArgs(screen.history, params);
  const history = useCallAny<Page>(screen.history.call, historyArgs, { enabled: historyMissing.length === 0 });
  const { missing: statusMissing, ...statusArgs } = runsCallArgs(screen.status, params, { query: { id: runId } });
  const status = useCallAny<Run>(
    screen.status.call,
    { ...statusArgs, silent: true },
    {
      enabled: runId !== '' && statusMissing.length === 0,
      every: (run) => (run?.status === 'running' ? POLL_MS : false),
      onFailure: failed,
    },
  );

  const run = status.data && status.data.id === runId ? status.data : null;
  const running = run?.status === 'running';
  // The run shown ended while followed: its end shows in the history.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && run && !running) void readAgain(screen.history.call);
    wasRunning.current = running;
  }, [run, running, screen.history.call]);

  const start = async (id: string, confirm: 0 | 1 = 0) => {
    const action = screen.start.find((s) => s.id === id);
    if (!action) throw new Error(`the runs screen has no start "${id}"`);
    setError('');
    const { missing, ...args } = runsCallArgs(action, params, { body: { confirm } });
    if (missing.length > 0) return;
    try {
      openRun((await callAny<Run>(action.call, { ...args, silent: true })).id);
    } catch (e) {
      failed(e);
    }
  };

  return { run, running, history: history.data?.datas ?? [], error, start, openRun };
}
