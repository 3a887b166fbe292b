// The timed tasks page's state: the search, page and the task whose runs are shown live in the URL
// (`q`, `page`, `runs`); the list and the runs are read again after each start or stop (api/queries.ts).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { readAgain, useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type Task = Calls['timedTasks.list']['reply']['datas'][number];
export type Run = Calls['timedTasks.runs']['reply'][number];
export type Timing = { period: Task['period']; rTime: string; rDate: string };

export const PAGE_SIZE = 20;
const NO_TASKS = { datas: [], rowCount: 0 };

export function useTimedTasks() {
  const [url, setUrl] = useSearchParams();
  const search = url.get('q') ?? '';
  const page = Math.max(1, Number(url.get('page') ?? 1) || 1);
  const shown = url.get('runs');
  const tasks = useCall(
    'timedTasks.list',
    { query: { searchword: search, linesPerPage: PAGE_SIZE, pageNo: page } },
    { keepPrevious: true },
  );
  // Another task's runs (or an older reading) read as loading: no previous answer is kept.
  const runs = useCall('timedTasks.runs', { query: { id: shown ?? '' } }, { enabled: Boolean(shown) });

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

  const refresh = useCallback(() => void readAgain('timedTasks.'), []);
  return {
    tasks: tasks.isError ? NO_TASKS : (tasks.data ?? null),
    runs: runs.isError ? [] : runs.isFetching && runs.isStale ? null : (runs.data ?? null),
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
    },
    async stop(id: string) {
      await call('timedTasks.stop', { query: { id } });
    },
  };
}
