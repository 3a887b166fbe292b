// The month view's data for the calendar and month named by the address (`calendarid`, `month` as
// yyyy-MM; the current month when absent). Moving to another month rewrites the address, so the month
// survives a reload and the back button steps through the months seen.

import { useSearchParams } from 'react-router-dom';
import { useCall } from '../../api/queries.ts';
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
  const [years, m] = month.split('-').map(Number);
  // Another month reads as loading until its own answer comes; a special day saved is read again.
  const read = useCall(
    'calendars.view',
    { params: { id: calendarId }, query: { years, month: m } },
    {
      enabled: Boolean(calendarId),
    },
  );
  const data: MonthData | null = read.data ?? null;

  const go = (next: string) =>
    setParams((now) => {
      const out = new URLSearchParams(now);
      out.set('month', next);
      return out;
    });
  return {
    month,
    data: data && `${data.years}-${String(data.month).padStart(2, '0')}` === month ? data : null,
    failed: read.isError,
    go,
  };
}
