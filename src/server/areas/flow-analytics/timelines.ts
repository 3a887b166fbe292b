// The working timelines the dashboard's statements are given (docs/adr/0055-work-calendars.md), kept by the default calendar's
// fingerprint and window. A timeline is a pure function of the calendar's content and the window, and
// the fingerprint changes with the content (docs/adr/0076-dashboard-kept-days.md), so a kept one is never stale; building one for the
// two years a period needs takes a few hundred milliseconds, at each of the four calls otherwise.
import { workingTimeline, type WorkingTimeline } from '../../../core/calendar/working-timeline.ts';
import type { WorkCalendar } from '../../../core/calendar/work-calendar.ts';

const kept = new Map<string, Promise<WorkingTimeline>>();
/** Calendars × windows kept (a window moves on once a day). */
const KEPT = 16;

/** The timeline of `fingerprint`'s calendar from `from` to `to` (ms); `load` reads the calendar when none is kept. */
export function timelineOf(
  fingerprint: string,
  from: number,
  to: number,
  load: () => Promise<WorkCalendar>,
): Promise<WorkingTimeline> {
  const key = `${fingerprint}:${from}:${to}`;
  let timeline = kept.get(key);
  if (!timeline) {
    timeline = load().then((calendar) => workingTimeline(calendar, from, to));
    kept.set(key, timeline);
    timeline.catch(() => kept.delete(key));
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  }
  return timeline;
}
