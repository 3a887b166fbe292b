// The dashboard's figures (D47), aggregated in the database: a period of a million instances is read
// from the indexes of migration 0018, never loaded into the server. Hours have two decimals: working
// hours of the enterprise's default calendar when it has one (W(end) − W(start) over the calendar's
// working timeline, core/calendar/working-timeline.ts), wall-clock hours otherwise. A process is named
// in the caller's language (its id when the package no longer has it).
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

/** Seconds as float8 (date_part, not extract: that one is numeric, several times slower over millions of rows). */
const epoch = (column: string) => sql<number>`date_part('epoch', ${sql.ref(column)})`;
const hours = (secs: RawBuilder<unknown>) => sql<number>`round((${secs} / 3600)::numeric, 2)::float8`;

/** W(t) of the timeline joined as `tl`: the span t falls in found by width_bucket (binary search). */
function worked(column: string): RawBuilder<number> {
  const t = epoch(column);
  const span = sql`width_bucket(${t}, tl.starts)`;
  return sql<number>`case when ${span} = 0 then 0::float8 else tl.before[${span}] + least(${t} - tl.starts[${span}], tl.lengths[${span}]) end`;
}

/** The seconds from one column to the other, and what the row source joins to compute them. */
function took(s: Scope, from: string, to: string): { seconds: RawBuilder<number>; join: RawBuilder<unknown> } {
  if (!s.working) return { seconds: sql<number>`${epoch(to)} - ${epoch(from)}`, join: sql`` };
  const { starts, before, lengths } = s.working;
  return {
    seconds: sql<number>`${worked(to)} - ${worked(from)}`,
    join: sql`cross join (select ${starts}::float8[] as starts, ${before}::float8[] as before, ${lengths}::float8[] as lengths) tl`,
  };
}

/** The instances of the scope completed in the period, with their duration in seconds. */
function completed(s: Scope) {
  const { seconds, join } = took(s, 'started_at', 'completed_at');
  return sql`select process_id, ${seconds} as took from flow_instances ${join}
    where domain_id = ${s.domainId} and application_id = ${s.applicationId} and status = 'completed' and completed_at >= ${s.since}`;
}

/** The approvers' tasks of the scope submitted in the period (cancelled ones, another approver's
 *  action or a sending back, are not the node's work), with how long each stayed open in seconds. */
function submitted(s: Scope) {
  const { seconds, join } = took(s, 't.created_at', 't.done_at');
  return sql`select t.id, t.instance_id, t.node_id, t.assignee_id, t.created_by_action, t.process_id, ${seconds} as took
    from flow_tasks t ${join}
    where t.domain_id = ${s.domainId} and t.application_id = ${s.applicationId} and t.status = 'done' and t.done_at >= ${s.since}`;
}

/** Per-process figures, named and in the package's order. */
async function perProcess<T extends Record<string, unknown>>(db: Db, s: Scope, figures: RawBuilder<unknown>) {
  const { rows } = await sql<T & { process_id: string; name: string }>`with f as (${figures})
    select f.*, ${inLanguage(sql.ref('p.names'), sql.ref('f.process_id'), s.language)} as name
    from f left join app_processes p on p.application_id = ${s.applicationId} and p.id = f.process_id
    order by p.order_no nulls last, f.process_id`.execute(db);
  return rows;
}

/** Average hours per process of instances completed and of tasks submitted in the period. The two scans
 *  (a year of a million instances is hundreds of thousands of rows in each table) run side by side on
 *  two connections, not one after the other in one statement; their few rows are then named and ordered. */
export async function processAndNodeHours(db: Db, s: Scope) {
  const averageHours = (rows: RawBuilder<unknown>) =>
    sql<{ process_id: string; hours: number }>`select process_id, ${hours(sql`avg(took)`)} as hours from (${rows}) r group by process_id`.execute(db);
  const [process, node] = await Promise.all([averageHours(completed(s)), averageHours(submitted(s))]);
  const figures = new Map<string, { process_id: string; process: number; node: number }>();
  const figure = (id: string) => figures.get(id) ?? figures.set(id, { process_id: id, process: 0, node: 0 }).get(id)!;
  for (const r of process.rows) figure(r.process_id).process = r.hours;
  for (const r of node.rows) figure(r.process_id).node = r.hours;
  return perProcess<{ process: number; node: number }>(
    db,
    s,
    sql`select * from jsonb_to_recordset(${JSON.stringify([...figures.values()])}::jsonb) as f(process_id text, process float8, node float8)`,
  );
}

export const processHoursTotal = (db: Db, s: Scope) =>
  perProcess<{ hours: number }>(db, s, sql`select process_id, ${hours(sql`sum(took)`)} as hours from (${completed(s)}) c group by process_id`);

export const instancesStarted = (db: Db, s: Scope) =>
  perProcess<{ count: number }>(
    db,
    s,
    sql`select process_id, count(*)::int as count from flow_instances
      where domain_id = ${s.domainId} and application_id = ${s.applicationId} and status <> 'deleted' and started_at >= ${s.since}
      group by process_id`,
  );

export interface SlowStep {
  flow: string;
  node: string;
  led: string;
  actor: string;
  hours: number;
}

/** The ten slowest submitted tasks; only those ten look up where their submission led (the history
 *  entry the submitter wrote at that node after the task was made) and the nodes' names in the
 *  version the instance ran. A submission that reached no approval led to the process's end. */
export async function slowestSteps(db: Db, s: Scope, limit = 10): Promise<SlowStep[]> {
  const { rows } = await sql<SlowStep>`with top as (select * from (${submitted(s)}) t order by took desc, id limit ${limit})
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
