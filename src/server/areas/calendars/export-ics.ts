// GET /authtime/domain/calendar/{id}/ics (0085-calendar-file-bounds.md): a calendar as an iCalendar file
// that other calendars import or subscribe to, read by whoever reads the calendar. Its exception days
// are all-day events: a holiday from its first to its last day, an extra working day as timed events of
// its working ranges (so reading the file back, here or elsewhere, never takes it for a holiday). The
// work week is one weekly timed event per working range, on the weekdays that have it, in the
// calendar's zone, named by its IANA id (TZID) as subscribers resolve it.
import ICAL from 'ical.js';
import type { Selectable } from 'kysely';
import type { TimeRange } from '../../../core/calendar/time-ranges.ts';
import type { WorkDay } from '../../../core/calendar/work-calendar.ts';
import type { CalendarSpecialDays, WorkCalendars } from '../../db/schema.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { calendarAccess } from './access.ts';

const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** The work week's events start on the Monday of 2000-01-03: a fixed day, so an export of an unchanged
 *  calendar is the same file (its stamp aside). */
const WEEK_ANCHOR = { year: 2000, month: 1, day: 3 };

const date = (text: string) => ICAL.Time.fromDateString(text);

function nextDay(text: string): ICAL.Time {
  const t = date(text);
  t.adjust(1, 0, 0, 0);
  return t;
}

/** A timed property in the calendar's zone: local time with its TZID. */
function zoned(
  name: string,
  zone: string,
  day: { year: number; month: number; day: number },
  time: string,
): ICAL.Property {
  const property = new ICAL.Property(name);
  property.setParameter('tzid', zone);
  property.setValue(
    ICAL.Time.fromData({
      ...day,
      hour: Number(time.slice(0, 2)),
      minute: Number(time.slice(3, 5)),
      second: 0,
      isDate: false,
    }),
  );
  return property;
}

function event(uid: string, summary: string, stamp: ICAL.Time): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', uid);
  vevent.addPropertyWithValue('dtstamp', stamp);
  vevent.addPropertyWithValue('summary', summary);
  return vevent;
}

function rangeEvent(
  uid: string,
  summary: string,
  stamp: ICAL.Time,
  zone: string,
  day: { year: number; month: number; day: number },
  range: TimeRange,
): ICAL.Component {
  const vevent = event(uid, summary, stamp);
  vevent.addProperty(zoned('dtstart', zone, day, range.start));
  vevent.addProperty(zoned('dtend', zone, day, range.end));
  return vevent;
}

/** The week's working ranges, each with the weekdays that work in it. */
function weekRanges(week: readonly WorkDay[]): Array<{ range: TimeRange; weekdays: number[] }> {
  const byRange = new Map<string, { range: TimeRange; weekdays: number[] }>();
  for (const day of week.filter((d) => d.working)) {
    for (const range of day.ranges) {
      const key = `${range.start}-${range.end}`;
      if (!byRange.has(key)) byRange.set(key, { range, weekdays: [] });
      byRange.get(key)!.weekdays.push(day.weekday);
    }
  }
  return [...byRange.values()];
}

export function calendarIcs(
  row: Selectable<WorkCalendars>,
  specials: ReadonlyArray<Selectable<CalendarSpecialDays>>,
  labels: { week: string; workday: string },
): string {
  const stamp = ICAL.Time.fromJSDate(new Date(), true);
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Atrium//Work calendar//EN');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('x-wr-calname', row.name);
  calendar.addPropertyWithValue('x-wr-timezone', row.time_zone);
  for (const [i, { range, weekdays }] of weekRanges(row.week).entries()) {
    const first = Math.min(...weekdays);
    const vevent = rangeEvent(
      `week-${i}-${row.id}@atrium`,
      labels.week,
      stamp,
      row.time_zone,
      { ...WEEK_ANCHOR, day: WEEK_ANCHOR.day + first - 1 },
      range,
    );
    vevent.addPropertyWithValue(
      'rrule',
      ICAL.Recur.fromString(`FREQ=WEEKLY;BYDAY=${weekdays.map((d) => BYDAY[d - 1]).join(',')}`),
    );
    calendar.addSubcomponent(vevent);
  }
  for (const day of specials) {
    if (day.kind === 'holiday') {
      const vevent = event(`${day.id}@atrium`, day.name, stamp);
      vevent.addPropertyWithValue('dtstart', date(day.start_date));
      vevent.addPropertyWithValue('dtend', nextDay(day.end_date));
      vevent.addPropertyWithValue('transp', 'TRANSPARENT');
      calendar.addSubcomponent(vevent);
      continue;
    }
    // An extra working day: its ranges on each of its dates.
    for (let d = date(day.start_date), n = 0; d.compare(nextDay(day.end_date)) < 0; d.adjust(1, 0, 0, 0), n++) {
      for (const [i, range] of day.ranges.entries())
        calendar.addSubcomponent(
          rangeEvent(`${day.id}-${n}-${i}@atrium`, day.name || labels.workday, stamp, row.time_zone, d, range),
        );
    }
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  return `${calendar.toString()}\r\n`;
}

export const exportIcs: CallHandler<'calendars.exportIcs'> = async (ctx) => {
  const { db } = ctx.services;
  const row = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'read');
  const specials = await db
    .selectFrom('calendar_special_days')
    .selectAll()
    .where('calendar_id', '=', row.id)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const translate = (key: string) => ctx.request.atrium.translate(key);
  const text = calendarIcs(row, specials, {
    week: await translate('calendar.ics.workingHours'),
    workday: await translate('calendar.ics.extraWorkday'),
  });
  ctx.reply.header(
    'content-disposition',
    `attachment; filename="calendar.ics"; filename*=UTF-8''${encodeURIComponent(row.name)}.ics`,
  );
  ctx.reply.header('cache-control', 'no-store');
  ctx.reply.type('text/calendar; charset=utf-8');
  return text as never;
};
