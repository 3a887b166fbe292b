// The workflow dashboard's state (issue 12): the enterprise from the URL's `domainid`, the period and
// the software in the URL (`period`, `app`: a refresh, Back or a shared link opens the same), the
// enterprise's bound software, and the four figures of the chosen pair.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
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
  const [software, setSoftware] = useState<Software[] | null>(null);
  /** Why the enterprise's software could not be read (out of reach, gone): said, not shown as "none". */
  const [softwareError, setSoftwareError] = useState<string | null>(null);
  const appId = params.get('app') ?? software?.[0]?.id ?? '';
  // The answer and the choice it answers: another choice reads as loading until its answer comes.
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded } | null>(null);
  const key = `${domainId}|${appId}|${period}`;

  // Each choice is a history entry, so Back returns to the previous period or software.
  const choose = useCallback(
    (next: { period?: Period; app?: string }) => setParams((now) => withParams(now, next)),
    [setParams],
  );

  useEffect(() => {
    call('domainApplications.bound', {
      params: { id: domainId },
      query: { pagelines: 1000 },
      body: {},
      silent: true,
    }).then(
      (page) => setSoftware(page.datas),
      (e: Error) => setSoftwareError(e.message),
    );
  }, [domainId]);
  useEffect(() => {
    if (!appId) return;
    let current = true;
    const args = {
      query: { domainid: domainId, applicationid: appId, showmode: 'all' as const, daterange: period },
      silent: true,
    };
    Promise.all([
      call('flowAnalytics.flowAndNodeTime', args),
      call('flowAnalytics.flowTimeShare', args),
      call('flowAnalytics.flowShare', args),
      call('flowAnalytics.slowestNodes', args),
    ]).then(
      ([times, timeShare, instanceShare, slowest]) =>
        current &&
        setAnswer({ key, loaded: { state: 'ready', figures: { times, timeShare, instanceShare, slowest } } }),
      (e: Error) => current && setAnswer({ key, loaded: { state: 'error', message: e.message } }),
    );
    return () => {
      current = false;
    };
  }, [domainId, appId, period, key]);

  const loaded: Loaded = answer?.key === key ? answer.loaded : { state: 'loading' };
  return { software, softwareError, appId, period, choose, loaded };
}
