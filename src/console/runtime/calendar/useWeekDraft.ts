// The week a calendar screen reads (`read`): edited day by day, checked with the server's own range
// rules (core/calendar/time-ranges.ts) as typed, and sent whole by `save`.
import { useMemo, useState } from 'react';
import { callAny } from '../../api/client.ts';
import { callKey, queryClient, useCallAny } from '../../api/queries.ts';
import { rangeProblems, type TimeRange } from '../../../core/calendar/time-ranges.ts';
import { useRouteArgs } from '../call-args.ts';
import { useDraft } from '../useDraft.ts';
import { daysOf, rangesOf, readArgsOf, type CalendarDef, type DayRow } from './calendar-def.ts';

export interface DayCheck {
  /** Label key of a day-level problem (a working day without ranges). */
  day?: string;
  /** Label key per range index. */
  ranges: Record<number, string>;
}

function checkDay(def: CalendarDef, day: DayRow): DayCheck {
  if (!day[def.fields.working!]) return { ranges: {} };
  const ranges: Record<number, string> = {};
  for (const p of rangeProblems(rangesOf(day, def))) ranges[p.index] ??= p.message;
  return { day: rangesOf(day, def).length === 0 ? def.labels.rangesRequired : undefined, ranges };
}

export function useWeekDraft(def: CalendarDef) {
  const f = def.fields as Required<CalendarDef['fields']>;
  const route = useRouteArgs(def.read.args);
  const readArgs = readArgsOf(route);
  const saveArgs = useRouteArgs(def.save?.args);
  const read = useCallAny(def.read.call, readArgs, { enabled: route.missing.length === 0, fresh: true });
  const reply = read.isFetchedAfterMount ? read.data : undefined;
  const name = def.name ? String((reply as DayRow | undefined)?.[def.name] ?? '') : '';
  const [days, changeDays, dropChanges] = useDraft(daysOf(reply, def));
  const [saving, setSaving] = useState(false);

  const checks = useMemo(() => (days ?? []).map((d) => checkDay(def, d)), [days, def]);
  const valid = checks.every((c) => !c.day && Object.keys(c.ranges).length === 0);

  const change = (weekday: unknown, next: (ranges: TimeRange[], day: DayRow) => DayRow) =>
    changeDays((all) => all.map((d) => (d[f.weekday] === weekday ? next(rangesOf(d, def), d) : d)));
  const setRanges = (weekday: unknown, next: (ranges: TimeRange[]) => TimeRange[]) =>
    change(weekday, (ranges, d) => ({ ...d, [f.ranges]: next(ranges) }));
  // A day opened for work starts with the usual office hours rather than an empty range to fill.
  const setWorking = (weekday: unknown, working: boolean) =>
    change(weekday, (ranges, d) => ({
      ...d,
      [f.working]: working,
      [f.ranges]: working && ranges.length === 0 ? [{ start: '09:00', end: '18:00' }] : ranges,
    }));

  const save = async (): Promise<boolean> => {
    if (!days || !valid || !def.save) return false;
    setSaving(true);
    try {
      const { params, query } = saveArgs;
      const saved = await callAny(def.save.call, { params, query, body: { ...saveArgs.body, [def.save.body]: days } });
      // Shown at once as the server keeps it; the reading again every change starts follows.
      queryClient.setQueryData(callKey(def.read.call, readArgs), saved);
      dropChanges();
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    name,
    days,
    checks,
    valid,
    saving,
    failed: read.isError,
    setWorking,
    setRange: (weekday: unknown, index: number, range: TimeRange) =>
      setRanges(weekday, (rs) => rs.map((r, i) => (i === index ? range : r))),
    addRange: (weekday: unknown) => setRanges(weekday, (rs) => [...rs, { start: '', end: '' }]),
    removeRange: (weekday: unknown, index: number) => setRanges(weekday, (rs) => rs.filter((_r, i) => i !== index)),
    save,
  };
}
