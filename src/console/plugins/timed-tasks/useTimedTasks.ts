// The timed tasks page's state: the search, page and the task whose runs are shown live in the URL
// (`q`, `page`, `runs`); the list and the runs are read again after each start or stop.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type Task = Calls['timedTasks.list']['reply']['datas'][number];
export type Run = Calls['timedTasks.runs']['reply'][number];
export type Timing = { period: Task['period']; rTime: string; rDate: string };

export const PAGE_SIZE = 20;

export function useTimedTasks() {
  const [url, setUrl] = useSearchParams();
  const search = url.get('q') ?? '';
  const page = Math.max(1, Number(url.get('page') ?? 1) || 1);
  const shown = url.get('runs');
  const [tasks, setTasks] = useState<{ datas: Task[]; rowCount: number } | null>(null);
  // The runs with the request they answer: another task's (or an older reading) reads as loading.
  const [runs, setRuns] = useState<{ key: string; runs: Run[] } | null>(null);
  const [generation, setGeneration] = useState(0);

  const change = useCallback(
    (values: Record<string, string | null>) =>
      setUrl((now) => {
        const next = new URLSearchParams(now);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setUrl],
  );

  useEffect(() => {
    let current = true;
    call('timedTasks.list', { query: { searchword: search, linesPerPage: PAGE_SIZE, pageNo: page } }).then(
      (reply) => current && setTasks(reply),
      () => current && setTasks({ datas: [], rowCount: 0 }),
    );
    return () => {
      current = false;
    };
  }, [search, page, generation]);

  const runsKey = `${shown ?? ''}:${generation}`;
  useEffect(() => {
    let current = true;
    if (shown)
      call('timedTasks.runs', { query: { id: shown } }).then(
        (reply) => current && setRuns({ key: runsKey, runs: reply }),
        () => current && setRuns({ key: runsKey, runs: [] }),
      );
    return () => {
      current = false;
    };
  }, [shown, runsKey]);

  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  return {
    tasks,
    runs: runs?.key === runsKey ? runs.runs : null,
    search,
    page,
    shown,
    setSearch: (value: string) => change({ q: value, page: null }),
    setPage: (value: number) => change({ page: value > 1 ? String(value) : null }),
    showRuns: (id: string | null) => change({ runs: id }),
    refresh,
    async start(id: string, timing: Timing) {
      await call('timedTasks.start', {
        query: { id, period: timing.period, rTime: timing.rTime, ...(timing.rDate ? { rDate: timing.rDate } : {}) },
      });
      refresh();
    },
    async stop(id: string) {
      await call('timedTasks.stop', { query: { id } });
      refresh();
    },
  };
}
