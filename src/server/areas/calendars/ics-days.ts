// Exception days read from an iCalendar file (ical.js, D55): each all-day event (VEVENT with DATE
// values) is a holiday from its start date to the day before its exclusive end; a recurring one gives
// each occurrence in the years asked for. Timed events are named as refused: a calendar's exception is a
// whole day, and guessing the day of a timed event in another zone would be wrong half the time.
import ICAL from 'ical.js';

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

/** More occurrences than this in one file is not a holiday list. */
const MAX_DAYS = 1000;

const dateOf = (t: ICAL.Time) => `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

/** The inclusive last day of an all-day event starting at `start` (DTEND is exclusive; none = one day). */
function lastDay(start: ICAL.Time, end: ICAL.Time | null): string {
  if (!end || end.compare(start) <= 0) return dateOf(start);
  const last = end.clone();
  last.adjust(-1, 0, 0, 0);
  return dateOf(last);
}

/** Reads the file's text; throws when it is not iCalendar at all. `years` bounds recurring events. */
export function readIcs(text: string, years: { from: number; to: number }): IcsReading {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const out: IcsReading = { days: [], refused: [] };
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const name = (event.summary ?? '').trim().slice(0, 50);
    if (!event.startDate) {
      out.refused.push({ name, reason: 'calendar.ics.noDate' });
      continue;
    }
    if (!event.startDate.isDate) {
      out.refused.push({ name, reason: 'calendar.ics.timed' });
      continue;
    }
    const length = event.endDate ? event.endDate.subtractDate(event.startDate).toSeconds() / 86_400 : 1;
    if (!event.isRecurring()) {
      out.days.push({ startDate: dateOf(event.startDate), endDate: lastDay(event.startDate, event.endDate), name });
    } else {
      const it = event.iterator();
      for (let next = it.next(); next && next.year <= years.to && out.days.length < MAX_DAYS; next = it.next()) {
        if (next.year < years.from) continue;
        const end = next.clone();
        end.adjust(Math.max(1, Math.round(length)), 0, 0, 0);
        out.days.push({ startDate: dateOf(next), endDate: lastDay(next, end), name });
      }
    }
    if (out.days.length >= MAX_DAYS) break;
  }
  out.days.sort((a, b) => a.startDate.localeCompare(b.startDate));
  return out;
}
