// FEEL's named time zones (docs/adr/0232-feel-time-zones-regex-built-ins.md): a zone's offset at an
// instant, and the offset a wall-clock time takes in it, from the runtime's own time zone data (Intl), so
// no zone table ships with the project. A name is an IANA region (`Europe/Berlin`, `UTC`), checked by a
// linear pattern before Intl sees it; formatters are kept per zone, at most one per name Intl knows.

const DAY = 86_400_000;
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]{0,29}(\/[A-Za-z0-9_+-]{1,30}){0,2}$/;
const formatters = new Map<string, Intl.DateTimeFormat | null>();
/** Formatters kept at most; past this a name is checked anew each time (Intl knows about 600). */
const MAX_FORMATTERS = 1000;

function formatterOf(zone: string): Intl.DateTimeFormat | null {
  const kept = formatters.get(zone);
  if (kept !== undefined) return kept;
  let made: Intl.DateTimeFormat | null = null;
  if (ZONE_NAME.test(zone)) {
    try {
      made = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      made = null; // a name Intl does not know
    }
  }
  if (formatters.size < MAX_FORMATTERS) formatters.set(zone, made);
  return made;
}

/** The zone's canonical name as Intl gives it (`europe/berlin` → `Europe/Berlin`), or null if unknown. */
export function zoneName(zone: string): string | null {
  return formatterOf(zone)?.resolvedOptions().timeZone ?? null;
}

/** Minutes east of UTC in `zone` at `instant` (milliseconds since 1970 UTC). */
export function offsetAt(zone: string, instant: number): number {
  const format = formatterOf(zone);
  if (!format) throw new RangeError(`unknown time zone ${zone}`);
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(new Date(instant))) parts[p.type] = p.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const at = new Date(0);
  at.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  at.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((at.getTime() - (instant - (((instant % 1000) + 1000) % 1000))) / 60_000);
}

/** The offset a wall-clock time (`local`: milliseconds counted as if it were UTC) takes in `zone`, as
 *  java.time resolves it: in an overlap (clocks put back) the earlier offset; in a gap (clocks put
 *  forward) the time moves later by the gap's length. Answers the local time kept and its offset. */
export function resolveLocal(zone: string, local: number): { local: number; offset: number } {
  const before = offsetAt(zone, local - DAY);
  const after = offsetAt(zone, local + DAY);
  const holds = (offset: number) => offsetAt(zone, local - offset * 60_000) === offset;
  if (holds(before)) return { local, offset: before };
  if (holds(after)) return { local, offset: after };
  // A gap: the instant the time would be at with the offset before it, read with the offset after.
  return { local: local + (after - before) * 60_000, offset: after };
}

/** The zone's standard offset (outside summer time) in minutes, as java.time's `getStandardOffset(now)`:
 *  the smaller of its offsets in January and July of this year, since summer time moves clocks forward. */
export function standardOffset(zone: string, instant = Date.now()): number {
  const year = new Date(instant).getUTCFullYear();
  return Math.min(offsetAt(zone, Date.UTC(year, 0, 1)), offsetAt(zone, Date.UTC(year, 6, 1)));
}
