// Exception days read from an iCalendar file (ical.js, docs/adr/0055-work-calendars.md): each all-day event (VEVENT with DATE
// values) is a holiday from its start date to the day before its exclusive end; a recurring one gives
// each occurrence in the years asked for, except those an override (a VEVENT of the same UID with a
// RECURRENCE-ID) replaces by its own dates, or cancels. Timed events are named as refused: a calendar's
// exception is a whole day, and guessing the day of a timed event in another zone would be wrong half
// the time.
// The work is bounded (0085-calendar-file-bounds.md): a rule jumps to the window by whole periods, the
// steps through occurrences and the days given are counted, and a file past a bound is refused.
import ICAL from 'ical.js';
import { leniently } from './ics-text.ts';

export interface IcsDay {
  startDate: string;
  endDate: string;
  name: string;
}

export interface IcsReading {
  days: IcsDay[];
  /** Events not turned into days: their summary and a label key saying why. */
  refused: Array<{ name: string; reason: string }>;
}

/** A file past one of the bounds: the label key saying which, with its figures. */
export class IcsRefusal extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown>,
  ) {
    super(key);
  }
}

/** More days than this in one file is not a holiday list. */
export const MAX_DAYS = 1000;
/** Occurrences a file's rules may step through (those before the window included). */
export const MAX_STEPS = 20_000;

const dateOf = (t: ICAL.Time) =>
  `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

/** The UTC midnight of a day in the proleptic Gregorian calendar ical.js steps through (setUTCFullYear
 *  keeps years 0–99, which Date.UTC would move to the 1900s; ICAL.Time#adjust is off before 1582). */
function midnight(year: number, month: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

const dayNumber = (t: ICAL.Time) => Math.floor(midnight(t.year, t.month, t.day).getTime() / 86_400_000);

/** The inclusive last day of an all-day event starting at `start` (DTEND is exclusive; none = one day). */
function lastDay(start: ICAL.Time, end: ICAL.Time | null): string {
  if (!end || end.compare(start) <= 0) return dateOf(start);
  const last = end.clone();
  last.adjust(-1, 0, 0, 0);
  return dateOf(last);
}

/** Where to expand a recurring event from: its start moved forward by whole periods of its rule to at
 *  least one period before the window, which gives the same occurrences from there on (RFC 5545
 *  §3.3.10), so a daily rule from year 1 costs no more than one from last year. A monthly or yearly
 *  start moves only to a month that has its day (the 31st, 29 February), the nearest such before. Not
 *  moved when COUNT numbers the occurrences from the real start, nor for several rules. */
function expansionStart(event: ICAL.Event, windowStart: ICAL.Time): ICAL.Time {
  const start = event.startDate;
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || start.compare(windowStart) >= 0) return start;
  const rule = rules[0].getFirstValue() as ICAL.Recur;
  const interval = rule.interval || 1;
  if (rule.count) return start;
  const periods = (span: number, length: number) => Math.max(0, Math.floor(span / (length * interval)) - 1) * interval;
  const moved = start.clone();
  const moveTo = (to: Date) => {
    [moved.year, moved.month, moved.day] = [to.getUTCFullYear(), to.getUTCMonth() + 1, to.getUTCDate()];
    return moved;
  };
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    const days = rule.freq === 'DAILY' ? 1 : 7;
    return moveTo(
      midnight(start.year, start.month, start.day + periods(dayNumber(windowStart) - dayNumber(start), days) * days),
    );
  }
  if (rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY') return start;
  const months = rule.freq === 'MONTHLY' ? 1 : 12;
  const span = (windowStart.year - start.year) * 12 + windowStart.month - start.month;
  // 400 tries back find a month with the day whenever the rule has one (the calendar repeats every 400 years).
  for (let n = periods(span, months), tries = 0; n > 0 && tries < 400; n -= interval, tries++) {
    const to = midnight(start.year, start.month + n * months, 1);
    const at = midnight(to.getUTCFullYear(), to.getUTCMonth() + 1, start.day);
    if (at.getUTCDate() === start.day) return moveTo(at);
  }
  return start;
}

/** `uid/date` of each occurrence an override replaces: its RECURRENCE-ID names the occurrence by the
 *  start it would have had (RFC 5545 §3.8.4.4), and only when the file has the series it overrides. */
function replacedOccurrences(events: ICAL.Component[]): Set<string> {
  const series = new Set(
    events
      .filter((e) => e.hasProperty('rrule') || e.hasProperty('rdate'))
      .map((e) => String(e.getFirstPropertyValue('uid'))),
  );
  const out = new Set<string>();
  for (const e of events) {
    const id = e.getFirstPropertyValue('recurrence-id');
    const uid = String(e.getFirstPropertyValue('uid'));
    if (id instanceof ICAL.Time && series.has(uid)) out.add(`${uid}/${dateOf(id)}`);
  }
  return out;
}

/** Reads the file's text; throws when it is not iCalendar at all, an IcsRefusal past a bound. `years`
 *  bounds recurring events. */
export function readIcs(text: string, years: { from: number; to: number }): IcsReading {
  const calendar = new ICAL.Component(ICAL.parse(leniently(text)));
  const windowStart = ICAL.Time.fromData({ year: years.from, month: 1, day: 1, isDate: true });
  const out: IcsReading = { days: [], refused: [] };
  let steps = 0;
  const add = (day: IcsDay) => {
    if (out.days.length >= MAX_DAYS) throw new IcsRefusal('calendar.ics.tooManyDays', { max: MAX_DAYS });
    out.days.push(day);
  };
  const events = calendar.getAllSubcomponents('vevent');
  const replaced = replacedOccurrences(events);
  for (const component of events) {
    const event = new ICAL.Event(component);
    const name = (event.summary ?? '').trim().slice(0, 50);
    if (
      event.isRecurrenceException() &&
      String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED'
    )
      continue;
    if (!event.startDate) {
      out.refused.push({ name, reason: 'calendar.ics.noDate' });
      continue;
    }
    if (!event.startDate.isDate) {
      out.refused.push({ name, reason: 'calendar.ics.timed' });
      continue;
    }
    const length = event.endDate ? event.endDate.subtractDate(event.startDate).toSeconds() / 86_400 : 1;
    if (!event.isRecurring() || event.isRecurrenceException()) {
      add({ startDate: dateOf(event.startDate), endDate: lastDay(event.startDate, event.endDate), name });
      continue;
    }
    const it = event.iterator(expansionStart(event, windowStart));
    for (let next = it.next(); next && next.year <= years.to; next = it.next()) {
      if (++steps > MAX_STEPS)
        throw new IcsRefusal('calendar.ics.tooManySteps', { max: MAX_STEPS, name, from: years.from, to: years.to });
      if (next.year < years.from || replaced.has(`${event.uid}/${dateOf(next)}`)) continue;
      const end = next.clone();
      end.adjust(Math.max(1, Math.round(length)), 0, 0, 0);
      add({ startDate: dateOf(next), endDate: lastDay(next, end), name });
    }
  }
  out.days.sort((a, b) => a.startDate.localeCompare(b.startDate));
  return out;
}
