// A period's figures (docs/adr/0076-dashboard-kept-days.md): its past days as kept in flow_figure_days (the missing ones computed in one
// statement per figure, and stored), plus the rest computed at every call. A kept day is used only while
// the count of changes to its hours (migration 0037's triggers) is the one it was computed with; it is
// keyed by the hours it counts (the default calendar's fingerprint, or wall-clock, and the server's
// time zone, whose midnights the days run between), so another calendar reads figures of its own.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { FIGURE_CHANGE_AFTER_MS } from '../../db/migrations/0037-flow-figure-days.ts';
import { pastDays } from './period.ts';
import {
  figuresOfDays,
  SLOWEST,
  type Day,
  type DayFigures,
  type ProcessFigures,
  type Scope,
  type SlowTask,
} from './queries.ts';

/** A day is kept once it ended this long ago: a write touching it afterwards is then counted (its
 *  moment is older than the triggers' hour) once the transactions begun before that have ended. */
export const KEEP_AFTER_MS = FIGURE_CHANGE_AFTER_MS + 3_600_000;

export interface KeyedScope extends Scope {
  /** Whose hours the durations are (the calendar's fingerprint or wall-clock) in which zone's days. */
  hoursKey: string;
}

export interface PeriodFigures {
  processes: Map<string, ProcessFigures>;
  /** The candidates for the slowest steps (at least the ten slowest of the period). */
  slowest: SlowTask[];
}

/** Builds running on this server, by enterprise, application and hours: a call missing days waits for
 *  the one running, then reads the kept days again (validated anew) and builds what is still missing. */
const building = new Map<string, Promise<unknown>>();

export async function periodFigures(db: Db, s: KeyedScope, now = new Date()): Promise<PeriodFigures> {
  const { past: days, live } = pastDays(s.since, now, KEEP_AFTER_MS);
  const [kept, [recent]] = await Promise.all([
    keptOrBuilt(db, s, days, live),
    figuresOfDays(db, s, [{ start: live, end: null }]),
  ]);
  return combined([...kept.values(), recent]);
}

/** Keeps the period's past days that are not kept yet (or whose hours changed since): answers how many
 *  the period has (the day keeper, day-keeper.ts, so that no call builds them). */
export async function keepPastDays(db: Db, s: KeyedScope, now = new Date()): Promise<number> {
  const { past, live } = pastDays(s.since, now, KEEP_AFTER_MS);
  await keptOrBuilt(db, s, past, live);
  return past.length;
}

/** The days' figures, kept or computed and kept now. */
async function keptOrBuilt(db: Db, s: KeyedScope, days: Day[], live: Date): Promise<Map<number, DayFigures>> {
  const key = `${s.domainId}:${s.applicationId}:${s.hoursKey}`;
  for (;;) {
    const kept = await keptDays(db, s, days, live);
    const missing = days.filter((day) => !kept.has(day.start.getTime()));
    if (missing.length === 0) return kept;
    const running = building.get(key);
    if (running) {
      await running.catch(() => undefined);
      continue;
    }
    const build = buildDays(db, s, missing);
    building.set(key, build);
    try {
      (await build).forEach((figures, i) => kept.set(missing[i].start.getTime(), figures));
      return kept;
    } finally {
      building.delete(key);
    }
  }
}

/** The kept days of the period still valid, by their start (ms). */
async function keptDays(db: Db, s: KeyedScope, days: Day[], live: Date): Promise<Map<number, DayFigures>> {
  const kept = new Map<number, DayFigures>();
  if (days.length === 0) return kept;
  const { rows } = await sql<{ start: number; figures: DayFigures['processes']; slowest: SlowTask[] }>`
    select date_part('epoch', d.day_start) * 1000 as start, d.figures, d.slowest from flow_figure_days d
    where d.domain_id = ${s.domainId} and d.application_id = ${s.applicationId} and d.hours_key = ${s.hoursKey}
      and d.day_start >= ${days[0].start} and d.day_end <= ${live}
      and d.changes = (select coalesce(sum(c.changes), 0) from flow_figure_changes c
        where c.domain_id = d.domain_id and c.application_id = d.application_id and ${hourIn(sql.ref('d.day_start'), sql.ref('d.day_end'))})`.execute(
    db,
  );
  const expected = new Set(days.map((day) => day.start.getTime()));
  for (const r of rows) if (expected.has(r.start)) kept.set(r.start, { processes: r.figures, slowest: r.slowest });
  return kept;
}

/** flow_figure_changes' hours a day's changes are counted in (a day of a zone whose offset is not
 *  whole hours shares its first and last hours with its neighbours: a change there counts for both). */
const hourIn = (start: ReturnType<typeof sql.ref>, end: ReturnType<typeof sql.ref>) =>
  sql`c.hour between floor(date_part('epoch', ${start}) / 3600) and floor((date_part('epoch', ${end}) - 1) / 3600)`;

/** Computes and keeps days. Their changes are counted before their figures are read, so a change
 *  committed in between leaves the day kept with an older count: computed again next time. */
async function buildDays(db: Db, s: KeyedScope, days: Day[]): Promise<DayFigures[]> {
  const iso = (at: Date) => at.toISOString();
  const { rows: changes } = await sql<{ k: number; changes: number }>`
    select d.k::int as k, coalesce(sum(c.changes), 0)::float8 as changes
    from unnest(${days.map((d) => iso(d.start))}::timestamptz[], ${days.map((d) => iso(d.end!))}::timestamptz[]) with ordinality as d(day_start, day_end, k)
    left join flow_figure_changes c on c.domain_id = ${s.domainId} and c.application_id = ${s.applicationId}
      and ${hourIn(sql.ref('d.day_start'), sql.ref('d.day_end'))}
    group by d.k`.execute(db);
  const figures = await figuresOfDays(db, s, days);
  const counted = new Map(changes.map((r) => [r.k, r.changes]));
  const rows = days.map((day, i) => ({
    s: day.start,
    e: day.end,
    changes: counted.get(i + 1) ?? 0,
    figures: figures[i].processes,
    slowest: figures[i].slowest,
  }));
  // Days of another calendar (or another zone) are no longer read.
  await sql`delete from flow_figure_days where domain_id = ${s.domainId} and application_id = ${s.applicationId} and hours_key <> ${s.hoursKey}`.execute(
    db,
  );
  await sql`insert into flow_figure_days (domain_id, application_id, hours_key, day_start, day_end, changes, figures, slowest)
    select ${s.domainId}, ${s.applicationId}, ${s.hoursKey}, r.s, r.e, r.changes, r.figures, r.slowest
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(s timestamptz, e timestamptz, changes bigint, figures jsonb, slowest jsonb)
    on conflict (domain_id, application_id, hours_key, day_start)
    do update set day_end = excluded.day_end, changes = excluded.changes, figures = excluded.figures, slowest = excluded.slowest`.execute(
    db,
  );
  return figures;
}

/** The days' figures added up per process; of their slowest tasks, those that may be among the ten. */
function combined(days: DayFigures[]): PeriodFigures {
  const processes = new Map<string, ProcessFigures>();
  for (const day of days) {
    for (const [id, figures] of Object.entries(day.processes)) {
      const sum = processes.get(id) ?? [0, 0, 0, 0, 0];
      figures.forEach((value, i) => (sum[i] += value));
      processes.set(id, sum);
    }
  }
  const slowest = days.flatMap((day) => day.slowest).sort((a, b) => b[1] - a[1]);
  // Ties with the tenth are kept: the database orders them (by id, in its collation).
  const tenth = slowest[SLOWEST - 1]?.[1] ?? -Infinity;
  return { processes, slowest: slowest.filter(([, seconds]) => seconds >= tenth) };
}
