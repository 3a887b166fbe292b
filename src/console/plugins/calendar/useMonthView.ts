// The month view's data for the calendar and month named by the address (`calendarid`, `month` as
// yyyy-MM; the current month when absent). Moving to another month rewrites the address, so the month
// survives a reload and the back button steps through the months seen.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type MonthData = Calls['calendars.view']['reply'];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export function useMonthView() {
  const [params, setParams] = useSearchParams();
  const calendarId = params.get('calendarid') ?? '';
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : new Date().toISOString().slice(0, 7);
  const [data, setData] = useState<MonthData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!calendarId) return;
    const [years, m] = month.split('-').map(Number);
    call('calendars.view', { params: { id: calendarId }, query: { years, month: m } }).then(setData, () =>
      setFailed(true),
    );
  }, [calendarId, month]);

  const go = (next: string) =>
    setParams((now) => {
      const out = new URLSearchParams(now);
      out.set('month', next);
      return out;
    });
  return {
    month,
    data: data && `${data.years}-${String(data.month).padStart(2, '0')}` === month ? data : null,
    failed,
    go,
  };
}
