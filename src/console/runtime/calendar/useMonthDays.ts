// The month a calendar screen shows: the route query `period.param` (yyyy-MM; the current month when
// absent), read with its year and month in the query fields the screen names. Moving to another month
// rewrites the address, so the month survives a reload and the back button steps through the months seen.
import { useSearchParams } from 'react-router-dom';
import { useCallAny } from '../../api/queries.ts';
import { useRouteArgs } from '../call-args.ts';
import { daysOf, readArgsOf, type CalendarDef } from './calendar-def.ts';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

export function useMonthDays(def: CalendarDef) {
  const period = def.period!;
  const [url, setUrl] = useSearchParams();
  const route = useRouteArgs(def.read.args);
  const asked = url.get(period.param) ?? '';
  const month = MONTH.test(asked) ? asked : new Date().toISOString().slice(0, 7);
  const [year, m] = month.split('-').map(Number);
  const { params, query } = readArgsOf(route);
  const read = useCallAny(
    def.read.call,
    { params, query: { ...query, [period.year]: year, [period.month]: m } },
    { enabled: route.missing.length === 0 },
  );
  // Another month reads as loading until its own answer comes.
  const days = daysOf(read.data, def)?.filter((d) => String(d[def.fields.date!]).startsWith(month));
  const go = (next: string) =>
    setUrl((now) => {
      const out = new URLSearchParams(now);
      out.set(period.param, next);
      return out;
    });
  return { month, days: days?.length ? days : undefined, failed: read.isError, go };
}
