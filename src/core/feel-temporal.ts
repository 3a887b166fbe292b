// FEEL's temporal values (docs/adr/0217-feel-temporal-and-built-in-functions.md): date, time, date and
// time, days-time and years-months durations, built by FEEL's functions from ISO texts, added, subtracted,
// compared and read through their properties as FEEL's temporal expressions define them. A value is an
// instance of a class here, so no variable (JSON) can pass for one; its components are own properties
// (`.year`, `.weekday`, `.days`, read by the rule language's own-property reader) and what it is computed
// from is private. Written to a variable, a value is its ISO text (toJSON). A date and time may be in a
// named time zone (`2026-12-01T10:00:00@Europe/Berlin`, docs/adr/0232-feel-time-zones-regex-built-ins.md):
// its offset is the zone's at that time, from the runtime's time zone data (feel-zones.ts).
import { offsetAt, resolveLocal, standardOffset, zoneName } from './feel-zones.ts';
import { parseDuration } from './workflow/iso-duration.ts';

const DAY = 86_400_000;
/** Longest text read as a temporal value; anything longer is null, before any pattern sees it. */
const MAX_TEMPORAL_TEXT = 64;

const pad = (n: number, width = 2) => String(Math.abs(Math.trunc(n))).padStart(width, '0');
/** `Z`, `+08:00`; nothing for a local value. */
const offsetText = (offset: number | null) =>
  offset === null
    ? ''
    : offset === 0
      ? 'Z'
      : `${offset < 0 ? '-' : '+'}${pad(Math.abs(offset) / 60)}:${pad(Math.abs(offset) % 60)}`;
/** `HH:MM:SS` and milliseconds when there are some. */
function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const fraction = ms % 1000 ? `.${pad(ms % 1000, 3)}` : '';
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${fraction}`;
}

/** The calendar fields of a day counted from 1970-01-01, with FEEL's weekday (1 Monday … 7 Sunday). */
function fieldsOf(epochDay: number) {
  const d = new Date(epochDay * DAY);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: ((d.getUTCDay() + 6) % 7) + 1,
  };
}

export class FeelDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
  readonly #epochDay: number;
  constructor(epochDay: number) {
    this.#epochDay = epochDay;
    ({ year: this.year, month: this.month, day: this.day, weekday: this.weekday } = fieldsOf(epochDay));
  }
  get epochDay() {
    return this.#epochDay;
  }
  toString() {
    return `${this.year < 0 ? '-' : ''}${pad(this.year, 4)}-${pad(this.month)}-${pad(this.day)}`;
  }
  toJSON() {
    return this.toString();
  }
}

export class FeelTime {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** FEEL's `timezone`: the named zone of `10:30:00@Europe/Berlin`, null for an offset or a local time. */
  readonly timezone: string | null;
  /** FEEL's `time offset` (docs/adr/0244-feel-calls-in-functions-context-functions.md): the offset as a
   *  days-time duration (`+01:00` is PT1H), null for a local time. */
  readonly 'time offset': FeelDuration | null;
  readonly #ms: number;
  readonly #offset: number | null;
  /** `ms` into the day (wrapped into it), `offset` in minutes east of UTC or null (local), `zone` a
   *  canonical zone name whose offset `offset` is (docs/adr/0239-feel-zoned-times-and-functions.md). */
  constructor(ms: number, offset: number | null, zone: string | null = null) {
    this.#ms = ((ms % DAY) + DAY) % DAY;
    this.#offset = offset;
    this.timezone = zone;
    this['time offset'] = offsetDuration(offset);
    this.hour = Math.floor(this.#ms / 3_600_000);
    this.minute = Math.floor(this.#ms / 60_000) % 60;
    this.second = Math.floor(this.#ms / 1000) % 60;
  }
  get ms() {
    return this.#ms;
  }
  get offset() {
    return this.#offset;
  }
  toString() {
    return clockText(this.#ms) + (this.timezone ? `@${this.timezone}` : offsetText(this.#offset));
  }
  toJSON() {
    return this.toString();
  }
}

export class FeelDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** FEEL's `timezone`: the named zone (`Europe/Berlin`), null for an offset or a local value. */
  readonly timezone: string | null;
  /** FEEL's `time offset`, as FeelTime's: the offset then (in a zone, the zone's at that time). */
  readonly 'time offset': FeelDuration | null;
  readonly #local: number;
  readonly #offset: number | null;
  /** `local`: the wall-clock time as milliseconds counted as if it were UTC; `offset` as for FeelTime;
   *  `zone` a canonical zone name whose offset `offset` is at that time (see inZone, atInstant). */
  constructor(local: number, offset: number | null, zone: string | null = null) {
    this.#local = local;
    this.#offset = offset;
    this.timezone = zone;
    this['time offset'] = offsetDuration(offset);
    ({ year: this.year, month: this.month, day: this.day, weekday: this.weekday } = fieldsOf(Math.floor(local / DAY)));
    const t = new FeelTime(local, null);
    ({ hour: this.hour, minute: this.minute, second: this.second } = t);
  }
  /** The wall-clock time `local` in the named zone `zone` (canonical), its offset the zone's then. */
  static inZone(local: number, zone: string): FeelDateTime {
    const at = resolveLocal(zone, local);
    return new FeelDateTime(at.local, at.offset, zone);
  }
  /** The instant `instant` as the wall clock in `zone` (canonical) shows it. */
  static atInstant(instant: number, zone: string): FeelDateTime {
    const offset = offsetAt(zone, instant);
    return new FeelDateTime(instant + offset * 60_000, offset, zone);
  }
  get local() {
    return this.#local;
  }
  get offset() {
    return this.#offset;
  }
  /** The instant, for a value with an offset. */
  get instant() {
    return this.#local - (this.#offset ?? 0) * 60_000;
  }
  get date() {
    return new FeelDate(Math.floor(this.#local / DAY));
  }
  get time() {
    return new FeelTime(this.#local, this.#offset, this.timezone);
  }
  /** The same kind of value at another wall-clock time: in a zone, with the zone's offset then. */
  withLocal(local: number): FeelDateTime {
    return this.timezone ? FeelDateTime.inZone(local, this.timezone) : new FeelDateTime(local, this.#offset);
  }
  /** The value `ms` later in time: in a zone, an exact span (across a clock change), as java.time adds. */
  plus(ms: number): FeelDateTime {
    return this.timezone ? FeelDateTime.atInstant(this.instant + ms, this.timezone) : this.withLocal(this.#local + ms);
  }
  toString() {
    const zoned = this.timezone ? `${clockText(((this.#local % DAY) + DAY) % DAY)}@${this.timezone}` : undefined;
    return `${this.date.toString()}T${zoned ?? this.time.toString()}`;
  }
  toJSON() {
    return this.toString();
  }
}

/** A days-time duration (`P3D`, `PT4H`), to the millisecond; its properties are its normalized parts. */
export class FeelDuration {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  readonly #ms: number;
  constructor(ms: number) {
    this.#ms = ms;
    const sign = ms < 0 ? -1 : 1;
    const a = Math.abs(ms);
    this.days = sign * Math.floor(a / DAY) || 0;
    this.hours = sign * (Math.floor(a / 3_600_000) % 24) || 0;
    this.minutes = sign * (Math.floor(a / 60_000) % 60) || 0;
    this.seconds = sign * (Math.floor(a / 1000) % 60) || 0;
  }
  get ms() {
    return this.#ms;
  }
  toString() {
    const a = Math.abs(this.#ms);
    const [d, h, m] = [Math.floor(a / DAY), Math.floor(a / 3_600_000) % 24, Math.floor(a / 60_000) % 60];
    const s = (a % 60_000) / 1000;
    const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
    const text = `P${d ? `${d}D` : ''}${time ? `T${time}` : ''}`;
    return text === 'P' ? 'PT0S' : `${this.#ms < 0 ? '-' : ''}${text}`;
  }
  toJSON() {
    return this.toString();
  }
}

/** A years-months duration (`P1Y6M`), in whole months. */
export class FeelYearMonthDuration {
  readonly years: number;
  readonly months: number;
  readonly #total: number;
  constructor(total: number) {
    this.#total = total;
    this.years = Math.trunc(total / 12) || 0;
    this.months = total % 12 || 0;
  }
  get total() {
    return this.#total;
  }
  toString() {
    const a = Math.abs(this.#total);
    const text = `P${a >= 12 ? `${Math.floor(a / 12)}Y` : ''}${a % 12 || a === 0 ? `${a % 12}M` : ''}`;
    return `${this.#total < 0 ? '-' : ''}${text}`;
  }
  toJSON() {
    return this.toString();
  }
}

/** An offset in minutes as a days-time duration; null for none (a local value). */
const offsetDuration = (offset: number | null) => (offset === null ? null : new FeelDuration(offset * 60_000));

export type Temporal = FeelDate | FeelTime | FeelDateTime | FeelDuration | FeelYearMonthDuration;

export const isTemporal = (v: unknown): v is Temporal =>
  v instanceof FeelDate ||
  v instanceof FeelTime ||
  v instanceof FeelDateTime ||
  v instanceof FeelDuration ||
  v instanceof FeelYearMonthDuration;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length <= MAX_TEMPORAL_TEXT ? v.trim() : undefined;

/** The day of `year-month-day`, when that is a calendar day. */
function epochDayOf(year: number, month: number, day: number): number | undefined {
  if (![year, month, day].every(Number.isInteger)) return undefined;
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  const d = at.getTime() / DAY;
  const back = fieldsOf(d);
  return back.year === year && back.month === month && back.day === day ? d : undefined;
}

const DATE = /^(-?\d{4,9})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})?$/;

/** `Z`, `+08:00`, `-05:30` in minutes; undefined for a text that is no offset. */
function offsetOf(t: string | undefined): number | null | undefined {
  if (t === undefined) return null;
  if (t === 'Z') return 0;
  const [h, m] = t.slice(1).split(':').map(Number);
  return h > 18 || m > 59 ? undefined : (t[0] === '-' ? -1 : 1) * (h * 60 + m);
}

function readDate(t: string): FeelDate | null {
  const m = DATE.exec(t);
  const d = m ? epochDayOf(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
  return d === undefined ? null : new FeelDate(d);
}

/** `10:30:00`, `10:30:00+01:00`, or in a named zone `10:30:00@Europe/Berlin`, whose offset is the zone's
 *  standard one, as Camunda's FEEL takes it (a time of day has no date to find the zone's offset at). */
function readTime(t: string): FeelTime | null {
  const named = t.indexOf('@');
  if (named >= 0) {
    const time = readTime(t.slice(0, named));
    const zone = time && time.offset === null ? zoneName(t.slice(named + 1)) : null;
    return zone && time ? new FeelTime(time.ms, standardOffset(zone), zone) : null;
  }
  const m = TIME.exec(t);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const offset = offsetOf(m[5]);
  if (h > 23 || min > 59 || s > 59 || offset === undefined) return null;
  const ms = m[4] ? Math.floor(Number(`0.${m[4]}`) * 1000) : 0;
  return new FeelTime(((h * 60 + min) * 60 + s) * 1000 + ms, offset);
}

/** `2026-12-01T10:00:00Z`, a local one, or one in a named zone: `2026-12-01T10:00:00@Europe/Berlin`. */
function readDateTime(t: string): FeelDateTime | null {
  const at = t.indexOf('T');
  const named = t.indexOf('@');
  const date = at > 0 ? readDate(t.slice(0, at)) : null;
  const time = date ? readTime(t.slice(at + 1, named > at ? named : undefined)) : null;
  if (!date || !time) return null;
  if (named < 0) return new FeelDateTime(date.epochDay * DAY + time.ms, time.offset);
  const zone = time.offset === null ? zoneName(t.slice(named + 1)) : null;
  return zone ? FeelDateTime.inZone(date.epochDay * DAY + time.ms, zone) : null;
}

/** FEEL's `date(text)`, `date(date and time)`, `date(year, month, day)`; null for anything else. */
export function feelDate(from: unknown, month?: unknown, day?: unknown): FeelDate | null {
  if (month !== undefined || day !== undefined) {
    const d = epochDayOf(from as number, month as number, day as number);
    return d === undefined ? null : new FeelDate(d);
  }
  if (from instanceof FeelDate) return from;
  if (from instanceof FeelDateTime) return from.date;
  const t = text(from);
  return t === undefined ? null : readDate(t);
}

/** FEEL's `time(text)`, `time(date and time)`, `time(hour, minute, second)`. */
export function feelTime(from: unknown, minute?: unknown, second?: unknown): FeelTime | null {
  if (minute !== undefined || second !== undefined) {
    const [h, m, s] = [from, minute, second];
    if (![h, m, s].every((n) => typeof n === 'number' && n >= 0) || (h as number) > 23 || (m as number) > 59)
      return null;
    if ((s as number) >= 60) return null;
    return new FeelTime(Math.round((((h as number) * 60 + (m as number)) * 60 + (s as number)) * 1000), null);
  }
  if (from instanceof FeelTime) return from;
  if (from instanceof FeelDateTime) return from.time;
  const t = text(from);
  return t === undefined ? null : readTime(t);
}

/** FEEL's `date and time(text)`, `date and time(date, time)` and `date and time(date and time, zone)`:
 *  a value with an offset is that instant in the zone, a local one that wall-clock time there. */
export function feelDateTime(from: unknown, time?: unknown): FeelDateTime | null {
  if (typeof time === 'string') {
    const zone = time.length <= MAX_TEMPORAL_TEXT ? zoneName(time.trim()) : null;
    if (!zone || !(from instanceof FeelDateTime)) return null;
    return from.offset === null ? FeelDateTime.inZone(from.local, zone) : FeelDateTime.atInstant(from.instant, zone);
  }
  if (time !== undefined) {
    const date = from instanceof FeelDateTime ? from.date : from instanceof FeelDate ? from : null;
    if (!date || !(time instanceof FeelTime)) return null;
    if (time.timezone) return FeelDateTime.inZone(date.epochDay * DAY + time.ms, time.timezone);
    return new FeelDateTime(date.epochDay * DAY + time.ms, time.offset);
  }
  if (from instanceof FeelDateTime) return from;
  const t = text(from);
  return t === undefined ? null : readDateTime(t);
}

/** FEEL's `duration(text)`: days-time (`P3D`, `PT4H`, weeks as 7 days) or years-months (`P1Y6M`); a text
 *  mixing both kinds, or no duration, is null. */
export function feelDuration(from: unknown): FeelDuration | FeelYearMonthDuration | null {
  if (from instanceof FeelDuration || from instanceof FeelYearMonthDuration) return from;
  const t = text(from);
  const negative = t?.startsWith('-') ?? false;
  const d = t === undefined ? undefined : parseDuration(negative ? t.slice(1) : t);
  if (!d) return null;
  const sign = negative ? -1 : 1;
  const yearMonth = d.years || d.months;
  const dayTime = d.weeks || d.days || d.hours || d.minutes || d.seconds;
  if (yearMonth && dayTime) return null;
  if (yearMonth || /^-?P\d+[YM]/.test(t!)) return new FeelYearMonthDuration(sign * (d.years * 12 + d.months));
  const ms = (((d.weeks * 7 + d.days) * 24 + d.hours) * 60 + d.minutes) * 60_000 + Math.round(d.seconds * 1000);
  return new FeelDuration(sign * ms);
}

/** FEEL's `years and months duration(from, to)`: whole months from one date (or date and time) to the other. */
export function feelYearsAndMonths(from: unknown, to: unknown): FeelYearMonthDuration | null {
  const a = feelDate(from);
  const b = feelDate(to);
  if (!a || !b || !(from instanceof FeelDate || from instanceof FeelDateTime)) return null;
  if (!(to instanceof FeelDate || to instanceof FeelDateTime)) return null;
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (months > 0 && b.day < a.day) months--;
  if (months < 0 && b.day > a.day) months++;
  return new FeelYearMonthDuration(months);
}
