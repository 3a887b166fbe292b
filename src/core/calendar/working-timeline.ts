// Working time as a function of the instant, for reading millions of durations in the database (the
// workflow dashboard, docs/adr/0047-workflow-dashboard-figures.md): the calendar's working spans over a window, flattened into three sorted
// arrays. W(t), the working seconds from the window's start to t, is the cumulative length before the
// last span starting at or before t, plus how far into that span t is; a duration is W(end) − W(start).
// The database finds the span with width_bucket (a binary search), so no row is read into the server.
// workingTimeBetween (working-time.ts) is the same figure for one interval; the tests hold them equal.
import { workingSpans, type WorkCalendar } from './work-calendar.ts';
import { instantOf, localDateOf, nextDate } from './zoned-time.ts';

export interface WorkingTimeline {
  /** Span starts, seconds since the epoch, ascending. */
  starts: number[];
  /** Working seconds of the window before each span. */
  before: number[];
  /** Each span's length in seconds. */
  lengths: number[];
}

/** The spans of every local day from `from`'s to `to`'s. */
export function workingTimeline(calendar: WorkCalendar, from: Date | number, to: Date | number): WorkingTimeline {
  const timeline: WorkingTimeline = { starts: [], before: [], lengths: [] };
  let total = 0;
  const last = localDateOf(+to, calendar.timeZone);
  for (let date = localDateOf(+from, calendar.timeZone); date <= last; date = nextDate(date)) {
    for (const [a, b] of workingSpans(calendar, date)) {
      const start = instantOf(date, a, calendar.timeZone) / 1000;
      const length = instantOf(date, b, calendar.timeZone) / 1000 - start;
      if (length <= 0) continue;
      timeline.starts.push(start);
      timeline.before.push(total);
      timeline.lengths.push(length);
      total += length;
    }
  }
  return timeline;
}

/** W(t) in JavaScript, as the database computes it (queries of the dashboard): for tests and small sets. */
export function workedBefore(timeline: WorkingTimeline, seconds: number): number {
  let lo = 0;
  let hi = timeline.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeline.starts[mid] <= seconds) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  const i = lo - 1;
  return timeline.before[i] + Math.min(seconds - timeline.starts[i], timeline.lengths[i]);
}
