// The workflow dashboard's state (issue 12): the enterprise from the URL's `domainid`, the period and
// the software in the URL (`period`, `app`: a refresh, Back or a shared link opens the same), the
// enterprise's bound software, and the four figures of the chosen pair.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { useCall, useRead } from '../../api/queries.ts';
import { withParams } from '../../runtime/query-params.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { Figures } from './dashboard-rows.ts';

export const PERIODS = ['today', 'thisweek', 'thismonth', 'thisyear'] as const;
export type Period = (typeof PERIODS)[number];
type Software = Calls['domainApplications.bound']['reply']['datas'][number];
export type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; figures: Figures };

const isPeriod = (value: string | null): value is Period => PERIODS.includes(value as Period);

export function useFlowDashboard() {
  const [params, setParams] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  const asked = params.get('period');
  const period: Period = isPeriod(asked) ? asked : 'thisyear';
  const bound = useCall('domainApplications.bound', {
    params: { id: domainId },
    query: { pagelines: 1000 },
    body: {},
    silent: true,
  });
  const software: Software[] | null = bound.data?.datas ?? null;
  /** Why the enterprise's software could not be read (out of reach, gone): said, not shown as "none". */
  const softwareError = bound.error?.message ?? null;
  const appId = params.get('app') ?? software?.[0]?.id ?? '';

  // Each choice is a history entry, so Back returns to the previous period or software.
  const choose = useCallback(
    (next: { period?: Period; app?: string }) => setParams((now) => withParams(now, next)),
    [setParams],
  );

  // Another choice reads as loading until its own answer comes (no previous answer is kept).
  const figures = useRead(
    ['flowDashboard', domainId, appId, period],
    (signal) => {
      const args = {
        query: { domainid: domainId, applicationid: appId, showmode: 'all' as const, daterange: period },
        silent: true,
        signal,
      };
      return Promise.all([
        call('flowAnalytics.flowAndNodeTime', args),
        call('flowAnalytics.flowTimeShare', args),
        call('flowAnalytics.flowShare', args),
        call('flowAnalytics.slowestNodes', args),
      ]).then(([times, timeShare, instanceShare, slowest]): Figures => ({ times, timeShare, instanceShare, slowest }));
    },
    { enabled: Boolean(appId) },
  );
  const loaded: Loaded = figures.data
    ? { state: 'ready', figures: figures.data }
    : figures.error
      ? { state: 'error', message: figures.error.message }
      : { state: 'loading' };
  return { software, softwareError, appId, period, choose, loaded };
}
