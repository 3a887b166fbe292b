// Wall-clock dates and times in an IANA time zone, with Intl only (no time-zone library): the instant
// of a local date and minute, and the local date of an instant.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(instant: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function localDateOf(instant: number, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant of a local date and minute of the day (0–1440) in the zone. A wall time skipped by a
 *  DST change maps to the instant the same number of minutes after the previous offset (02:30 on a
 *  spring-forward day reads as 03:30); a repeated one to its first occurrence. */
export function instantOf(date: string, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minute * 60_000;
  // Offsets change at most a few times a year: those a day either side cover every reading of `wall`.
  const before = offsetAt(wall - DAY, timeZone);
  const readings = [before, offsetAt(wall, timeZone), offsetAt(wall + DAY, timeZone)].map((o) => wall - o);
  const exact = readings.filter((instant) => wall - offsetAt(instant, timeZone) === instant);
  return exact.length > 0 ? Math.min(...exact) : wall - before;
}

const DAY = 86_400_000;

/** The date after `date` (YYYY-MM-DD), in calendar days. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}
