// The work week of the calendar named by the address (`calendarid`): loaded, edited day by day, checked
// with the server's own range rules (core/calendar/time-ranges.ts) before it is saved.
import { useMemo, useState } from 'react';
import { call } from '../../api/client.ts';
import { callKey, queryClient, useCall } from '../../api/queries.ts';
import { useDraft } from '../../runtime/useDraft.ts';
import { rangeProblems, type TimeRange } from '../../../core/calendar/time-ranges.ts';
import type { WorkDay } from '../../../core/calendar/work-calendar.ts';

export interface DayCheck {
  /** Label key of a day-level problem (a working day without ranges). */
  day?: string;
  /** Label key per range index. */
  ranges: Record<number, string>;
}

export function checkDay(day: WorkDay): DayCheck {
  const ranges: Record<number, string> = {};
  for (const p of rangeProblems(day.ranges)) ranges[p.index] ??= p.message;
  return { day: day.working && day.ranges.length === 0 ? 'calendar.msg.rangesRequired' : undefined, ranges };
}

export function useWorkWeek(calendarId: string) {
  const args = { params: { id: calendarId } };
  const read = useCall('calendars.standardDay', args, { enabled: calendarId !== '', fresh: true });
  const week = read.isFetchedAfterMount ? read.data : undefined;
  const name = week?.name ?? '';
  const [days, changeDays, dropChanges] = useDraft(week?.days);
  const [saving, setSaving] = useState(false);
  const failed = read.isError;

  const checks = useMemo(() => (days ?? []).map((d) => (d.working ? checkDay(d) : { ranges: {} })), [days]);
  const valid = checks.every((c) => !c.day && Object.keys(c.ranges).length === 0);

  const change = (weekday: number, next: (day: WorkDay) => WorkDay) =>
    changeDays((all) => all.map((d) => (d.weekday === weekday ? next(d) : d)));
  const setWorking = (weekday: number, working: boolean) =>
    change(weekday, (d) => ({
      ...d,
      working,
      ranges: working && d.ranges.length === 0 ? [{ start: '09:00', end: '18:00' }] : d.ranges,
    }));
  const setRange = (weekday: number, index: number, range: TimeRange) =>
    change(weekday, (d) => ({ ...d, ranges: d.ranges.map((r, i) => (i === index ? range : r)) }));
  const addRange = (weekday: number) =>
    change(weekday, (d) => ({ ...d, ranges: [...d.ranges, { start: '', end: '' }] }));
  const removeRange = (weekday: number, index: number) =>
    change(weekday, (d) => ({ ...d, ranges: d.ranges.filter((_r, i) => i !== index) }));

  const save = async (): Promise<boolean> => {
    if (!days || !valid) return false;
    setSaving(true);
    try {
      const saved = await call('calendars.saveStandardDay', { ...args, body: { days } });
      // Shown at once as the server keeps it; the reading again every change starts follows.
      queryClient.setQueryData(callKey('calendars.standardDay', args), saved);
      dropChanges();
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { name, days, checks, valid, saving, failed, setWorking, setRange, addRange, removeRange, save };
}
