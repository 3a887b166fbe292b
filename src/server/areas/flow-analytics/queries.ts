// The dashboard's figures (docs/adr/0047-workflow-dashboard-figures.md) of a run of days, aggregated in the database per day and process: a
// year of a million instances is read from the indexes of migration 0018, never loaded into the
// server. Past days are computed once and kept (stored-days.ts, docs/adr/0076-dashboard-kept-days.md); today is computed at every call
// by the same statements. Durations are working seconds of the enterprise's default calendar when it
// has one (W(end) − W(start) over its working timeline, core/calendar/working-timeline.ts), wall-clock
// seconds otherwise. Hours have two decimals; a process is named in the caller's language (its id when
// the package no longer has it).
import { sql, type RawBuilder } from 'kysely';
import type { WorkingTimeline } from '../../../core/calendar/working-timeline.ts';
import type { Language } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { inLanguage } from '../applications/application-sql.ts';

export interface Scope {
  domainId: string;
  applicationId: string;
  since: Date;
  language: Language;
  /** Durations in working time of this timeline; none: wall-clock time. */
  working?: WorkingTimeline;
}

/** A day's (or today's) figures per process: instances completed, their seconds, tasks submitted, their
 *  seconds, instances started (deleted ones left out). */
export type ProcessFigures = [
  completed: number,
  completedSeconds: number,
  submitted: number,
  submittedSeconds: number,
  started: number,
];
/** A task among the slowest: its id and the seconds it stayed open. */
export type SlowTask = [taskId: string, seconds: number];

export interface DayFigures {
  processes: Record<string, ProcessFigures>;
  /** The ten slowest submitted tasks, slowest first. */
  slowest: SlowTask[];
}

/** A working duration counts at most the working time of this many days before it ended, so a day's
 *  figures do not depend on the period asked (the timeline starts this far before the period). */
export const WORKING_HORIZON_DAYS = 366;

/** The slowest steps the dashboard lists, and so keeps of each day. */
export const SLOWEST = 10;

/** Seconds as float8 (date_part, not extract: that one is numeric, several times slower over millions of rows). */
const epoch = (at: RawBuilder<unknown>) => sql<number>`date_part('epoch', ${at})`;
const hours = (secs: RawBuilder<unknown>) => sql<number>`round((${secs} / 3600)::numeric, 2)::float8`;

/** W(t) of the timeline joined as `tl`: the span t falls in found by width_bucket (binary search). */
function worked(at: RawBuilder<unknown>): RawBuilder<number> {
  const t = epoch(at);
  const span = sql`width_bucket(${t}, tl.starts)`;
  return sql<number>`case when ${span} = 0 then 0::float8 else tl.before[${span}] + least(${t} - tl.starts[${span}], tl.lengths[${span}]) end`;
}

/** The seconds from one column to the other, and the timeline they are read with (a row source `tl`). */
function took(s: Scope, from: string, to: string): { seconds: RawBuilder<number>; timeline: RawBuilder<unknown> } {
  const [start, end] = [sql.ref(from), sql.ref(to)];
  if (!s.working) return { seconds: sql<number>`${epoch(end)} - ${epoch(start)}`, timeline: sql`(select) tl` };
  const { starts, before, lengths } = s.working;
  const horizon = sql.raw(`interval '${WORKING_HORIZON_DAYS} days'`);
  return {
    seconds: sql<number>`${worked(end)} - ${worked(sql`greatest(${start}, ${end} - ${horizon})`)}`,
    timeline: sql`(select ${starts}::float8[] as starts, ${before}::float8[] as before, ${lengths}::float8[] as lengths) tl`,
  };
}

/** A day of the figures: from its start until its end (none: until now, and on). */
export interface Day {
  start: Date;
  end: Date | null;
}

/** Each of the days as `d` (`k`: 1 for the first), then the rows of the scope whose `column` falls in
 *  it, aggregated by `select` (`rest`: group by, order, limit): one index range scan per day, so days
 *  far apart cost what they hold. */
function perDay(
  s: Scope,
  days: Day[],
  timeline: RawBuilder<unknown>,
  table: 'flow_instances' | 'flow_tasks',
  column: string,
  select: RawBuilder<unknown>,
  rest: RawBuilder<unknown>,
) {
  const [starts, ends] = [days.map((d) => d.start.toISOString()), days.map((d) => d.end?.toISOString() ?? 'infinity')];
  const t = sql.table(table);
  return sql`select d.k::int as k, x.* from ${timeline}, unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality as d(day_start, day_end, k)
    cross join lateral (select ${select} from ${t}
      where ${t}.domain_id = ${s.domainId} and ${t}.application_id = ${s.applicationId} and ${sql.ref(column)} >= d.day_start and ${sql.ref(column)} < d.day_end ${rest}) x`;
}

/** The figures of each of `days`. Cancelled tasks (another approver's action, a sending back, a
 *  deletion) are not the node's work: tasks count once submitted (`done`). */
export async function figuresOfDays(db: Db, s: Scope, days: Day[]): Promise<DayFigures[]> {
  const done = took(s, 'flow_instances.started_at', 'flow_instances.completed_at');
  const submitted = took(s, 'flow_tasks.created_at', 'flow_tasks.done_at');
  const sums = (seconds: RawBuilder<unknown>) =>
    sql`process_id, count(*)::int as n, sum(${seconds})::float8 as seconds`;
  type Sums = { k: number; process_id: string; n: number; seconds: number };
  // Four statements side by side on the pool's connections (one after the other on PGlite).
  const [completed, tasks, started, slowest] = await Promise.all([
    sql<Sums>`${perDay(s, days, done.timeline, 'flow_instances', 'flow_instances.completed_at', sums(done.seconds), sql`and status = 'completed' group by process_id`)}`.execute(
      db,
    ),
    sql<Sums>`${perDay(s, days, submitted.timeline, 'flow_tasks', 'flow_tasks.done_at', sums(submitted.seconds), sql`and status = 'done' group by process_id`)}`.execute(
      db,
    ),
    sql<Sums>`${perDay(s, days, sql`(select) tl`, 'flow_instances', 'flow_instances.started_at', sums(sql`0`), sql`and status <> 'deleted' group by process_id`)}`.execute(
      db,
    ),
    sql<{
      k: number;
      id: string;
      took: number;
    }>`${perDay(s, days, submitted.timeline, 'flow_tasks', 'flow_tasks.done_at', sql`flow_tasks.id, ${submitted.seconds} as took`, sql`and status = 'done' order by took desc, flow_tasks.id limit ${SLOWEST}`)}
      order by k, took desc, id`.execute(db),
  ]);
  const figures: DayFigures[] = days.map(() => ({ processes: {}, slowest: [] }));
  const add = (rows: Sums[], at: 0 | 2 | 4) => {
    for (const r of rows) {
      const p = (figures[r.k - 1].processes[r.process_id] ??= [0, 0, 0, 0, 0]);
      p[at] = r.n;
      if (at < 4) p[at + 1] = r.seconds;
    }
  };
  add(completed.rows, 0);
  add(tasks.rows, 2);
  add(started.rows, 4);
  for (const r of slowest.rows) figures[r.k - 1].slowest.push([r.id, r.took]);
  return figures;
}

/** Rows of `figures` per process (the processes some figure counts), named and in the package's order. */
async function perProcess<T extends Record<string, unknown>>(
  db: Db,
  s: Scope,
  processes: Map<string, ProcessFigures>,
  keep: (p: ProcessFigures) => boolean,
  figures: RawBuilder<unknown>,
) {
  const rows = [...processes].filter(([, p]) => keep(p)).map(([id, [c, cs, n, ns, st]]) => ({ id, c, cs, n, ns, st }));
  const { rows: named } = await sql<T & { name: string }>`select ${figures},
      ${inLanguage(sql.ref('p.names'), sql.ref('f.id'), s.language)} as name
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(id text, c int, cs float8, n int, ns float8, st int)
    left join app_processes p on p.application_id = ${s.applicationId} and p.id = f.id
    order by p.order_no nulls last, f.id`.execute(db);
  return named;
}

const average = (count: string, seconds: string) =>
  sql`case when ${sql.ref(count)} > 0 then ${hours(sql`${sql.ref(seconds)} / ${sql.ref(count)}`)} else 0 end`;

/** Average hours per process of instances completed and of tasks submitted in the period. */
export const processAndNodeHours = (db: Db, s: Scope, processes: Map<string, ProcessFigures>) =>
  perProcess<{ process: number; node: number }>(
    db,
    s,
    processes,
    (p) => p[0] > 0 || p[2] > 0,
    sql`${average('f.c', 'f.cs')} as process, ${average('f.n', 'f.ns')} as node`,
  );

/** Total hours per process of the instances completed in the period. */
export const processHoursTotal = (db: Db, s: Scope, processes: Map<string, ProcessFigures>) =>
  perProcess<{ hours: number }>(db, s, processes, (p) => p[0] > 0, sql`${hours(sql.ref('f.cs'))} as hours`);

/** The instances started in the period per process, deleted ones left out. */
export const instancesStarted = (db: Db, s: Scope, processes: Map<string, ProcessFigures>) =>
  perProcess<{ count: number }>(db, s, processes, (p) => p[4] > 0, sql`f.st as count`);

export interface SlowStep {
  flow: string;
  node: string;
  led: string;
  actor: string;
  hours: number;
}

/** The ten slowest of the days' slowest tasks; only those ten look up where their submission led (the
 *  history entry the submitter wrote at that node after the task was made) and the names (the nodes' in
 *  the version the instance ran, the process's and the user's as they are now). A submission that
 *  reached no approval led to the process's end. */
export async function slowestSteps(db: Db, s: Scope, candidates: SlowTask[], limit = SLOWEST): Promise<SlowStep[]> {
  const { rows } = await sql<SlowStep>`with top as (
      select t.id, t.instance_id, t.node_id, t.assignee_id, t.created_by_action, t.process_id, c.took
      from jsonb_to_recordset(${JSON.stringify(candidates.map(([id, took]) => ({ id, took })))}::jsonb) as c(id text, took float8)
      join flow_tasks t on t.id = c.id
      order by c.took desc, c.id limit ${limit})
    select ${inLanguage(sql.ref('p.names'), sql.ref('top.process_id'), s.language)} as flow,
      coalesce(v.graph -> 'nodes' -> top.node_id ->> 'name', top.node_id) as node,
      coalesce(led.names, '') as led, coalesce(u.name, '') as actor, ${hours(sql`top.took`)} as hours
    from top
    join flow_instances i on i.id = top.instance_id
    join process_versions v on v.id = i.version_id
    left join app_processes p on p.application_id = ${s.applicationId} and p.id = top.process_id
    left join users u on u.id = top.assignee_id
    left join lateral (
      select string_agg(coalesce(v.graph -> 'nodes' -> n.id ->> 'name', n.id), ', ' order by n.at) as names
      from (select h.to_nodes from flow_history h
        where h.instance_id = top.instance_id and h.action = 'submit' and h.node_id = top.node_id and h.actor_id = top.assignee_id
          and h.id > coalesce(top.created_by_action, 0)
        order by h.id limit 1) sub
      cross join lateral (
        select value as id, ordinality as at from jsonb_array_elements_text(sub.to_nodes) with ordinality
        union all
        select key, 0 from jsonb_each(v.graph -> 'nodes') where jsonb_array_length(sub.to_nodes) = 0 and value ->> 'kind' = 'complete'
      ) n
    ) led on true
    order by top.took desc, top.id`.execute(db);
  return rows;
}
