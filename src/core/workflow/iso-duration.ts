// ISO 8601 durations and repeating intervals as BPMN timers write them (`PT2H`, `P3D`, `P1Y2M`, `P2W`,
// `R3/PT1H`), and the instants they lead to: years and months are calendar steps, the rest exact.
// Pure: no clock.

export interface IsoDuration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const DURATION =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** The duration a text writes, or undefined when it is not one. */
export function parseDuration(text: string): IsoDuration | undefined {
  const m = DURATION.exec(text.trim());
  if (!m) return undefined;
  const [years, months, weeks, days, hours, minutes, seconds] = m.slice(1).map((v) => (v ? Number(v) : 0));
  return { years, months, weeks, days, hours, minutes, seconds };
}

/** The instant `duration` after `from` (UTC calendar steps for years and months). */
export function addDuration(from: Date, d: IsoDuration): Date {
  const at = new Date(from);
  if (d.years || d.months) at.setUTCMonth(at.getUTCMonth() + d.years * 12 + d.months);
  const ms = (((d.weeks * 7 + d.days) * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000;
  return new Date(at.getTime() + ms);
}

/** `R3/PT1H` (three times), `R/PT1H` (no end), `R/2026-12-01T09:00:00Z/P1D` (from that instant on): the
 *  count (null: no end), the interval and the first firing when one is written. */
export function parseCycle(text: string): { repeat: number | null; interval: IsoDuration; start?: Date } | undefined {
  const m = /^R(\d*)\/(?:([^/]+)\/)?(P[^/]+)$/.exec(text.trim());
  const interval = m && parseDuration(m[3]);
  const start = m?.[2] === undefined ? undefined : parseDateTime(m[2]);
  if (!m || !interval || (m[2] !== undefined && !start)) return undefined;
  const repeat = m[1] === '' ? null : Number(m[1]);
  // A cycle that does not move time forward (R/PT0S) would fire again at once, without end.
  const advances = addDuration(new Date(0), interval).getTime() > 0;
  return repeat === 0 || !advances ? undefined : { repeat, interval, ...(start ? { start } : {}) };
}

/** An ISO 8601 date-time with its offset (`2026-12-01T09:00:00Z`, `…+08:00`); a bare local one is not an instant. */
export function parseDateTime(text: string): Date | undefined {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(t)) return undefined;
  const at = new Date(t);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
