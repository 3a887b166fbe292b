// The workflow volume (docs/adr/0052-workflow-bench-million-instances.md): a million instances of the office application in one enterprise (Acme of
// the demo data), written inside the database with generate_series — the engine would take hours. The
// rows are those the engine writes (docs/adr/0044-engine-state-in-tables.md) for three stories: completed (the manager approved, then HR
// when the leave is over 3 days), waiting at the manager (a token, an open task) and deleted while
// waiting. One plan row per instance says its story and moments; every table is filled from the plan.
import { sql } from 'kysely';
import { keepClosedDays } from '../../src/server/areas/flow-analytics/day-keeper.ts';
import type { Db } from '../../src/server/db/schema.ts';

export const FLOW_INSTANCES = Number(process.env.BENCH_FLOW_INSTANCES ?? 1_000_000);
export const FLOW_DOMAIN = 'Acme';
/** The package whose application the instances run. */
export const FLOW_PACKAGE = 'office';
/** HR officers kept in the enterprise (the demo gives 45): each is given a task at every HR step. */
const HR_OFFICERS = 3;
/** The generated instances' ids start with it (the demo's are UUIDs). */
export const GENERATED_PREFIX = 'bench-fi-';
/** Over the last 540 days; the running ones started within the last 45. */
const SPAN_DAYS = 540;
const RECENT_DAYS = 45;

export interface FlowDataSet {
  domainId: string;
  applicationId: string;
  instances: number;
  /** Milliseconds the writer took to keep the dashboard's days of what it wrote (docs/adr/0129-dashboard-days-kept-as-written.md). */
  keepDaysMs: number;
}

/** Instances `from`…`instances` (a growth run adds those of its next size to the last size's). */
export async function generateFlowInstances(db: Db, instances = FLOW_INSTANCES, from = 1): Promise<FlowDataSet> {
  const domainId = (
    await db.selectFrom('domains').select('id').where('name', '=', FLOW_DOMAIN).executeTakeFirstOrThrow()
  ).id;
  const applicationId = (
    await db.selectFrom('applications').select('id').where('package_id', '=', FLOW_PACKAGE).executeTakeFirstOrThrow()
  ).id;
  await db.transaction().execute(async (trx) => {
    await planInstances(trx, domainId, applicationId, instances, from);
    await writeInstances(trx, domainId, applicationId);
    await sql`drop table bench_plan, bench_people, bench_hr`.execute(trx);
  });
  await sql`vacuum analyze flow_instances, flow_tasks, flow_history, flow_tokens`.execute(db);
  // A bulk writer keeps the dashboard's days of what it wrote, as the hourly task would (its row
  // triggers were off: no change was counted, and the days kept before are stale).
  await sql`delete from flow_figure_days where domain_id = ${domainId} and application_id = ${applicationId}`.execute(
    db,
  );
  const keeping = performance.now();
  await keepClosedDays(db, { domainId });
  return { domainId, applicationId, instances, keepDaysMs: performance.now() - keeping };
}

/** Who starts (on-job users but liaison officers, each with its department's liaison as manager), who
 *  approves at HR (the first few holders of the role keep it), and one plan row per instance. */
async function planInstances(
  trx: Db,
  domainId: string,
  applicationId: string,
  instances: number,
  from: number,
): Promise<void> {
  await sql`create unlogged table bench_people as
    select (row_number() over (order by u.loginno) - 1)::int as k, u.id, u.name, m.id as manager_id, m.name as manager_name
    from users u
    cross join lateral (select l.id, l.name from users l where l.department_id = u.department_id and l.liaison and l.status = 1
      and l.id <> u.id order by l.order_no, l.name limit 1) m
    where u.domain_id = ${domainId} and u.status = 1 and not u.liaison`.execute(trx);
  await sql`delete from role_users where (role_id, user_id) in (select h.role_id, h.user_id
    from role_users h join app_roles r on r.id = h.role_id join users u on u.id = h.user_id
    where r.application_id = ${applicationId} and r.package_role = 'hr' and u.domain_id = ${domainId}
    order by u.status <> 1, u.order_no, u.name offset ${HR_OFFICERS}::int)`.execute(trx);
  await sql`create unlogged table bench_hr as
    select (row_number() over (order by u.order_no, u.name) - 1)::int as k, u.id, u.name
    from users u join role_users h on h.user_id = u.id join app_roles r on r.id = h.role_id
    where u.domain_id = ${domainId} and u.status = 1 and r.application_id = ${applicationId} and r.package_role = 'hr'`.execute(
    trx,
  );
  // status by n % 20: 14 completed, 4 running, 2 deleted; a third are business trips (manager only).
  // Hours are spread by a multiplicative hash of n, so neighbouring instances differ.
  await sql`create unlogged table bench_plan as
    select n, ${GENERATED_PREFIX}::text || n as id, process_id, v.id as version_id, status, days, p.id as initiator_id, p.name as initiator_name,
      p.manager_id, p.manager_name, hr.id as hr_id, hr.name as hr_name, started_at,
      started_at + manager_hours * interval '1 hour' as manager_at,
      started_at + (manager_hours + 2 * hr_hours) * interval '1 hour' as hr_at,
      process_id = 'leave-approval' and days > 3 as via_hr
    from (
      select n,
        case when n % 3 = 0 then 'trip-approval' else 'leave-approval' end as process_id,
        case when n % 20 < 14 then 'completed' when n % 20 < 18 then 'running' else 'deleted' end as status,
        1 + n % 7 as days,
        0.25 + (n * 7919 % 9601) / 100.0 as manager_hours,
        0.25 + (n * 104729 % 4801) / 100.0 as hr_hours,
        now() - interval '10 days' - (case when n % 20 between 14 and 17 then ${RECENT_DAYS - 10}::int else ${SPAN_DAYS - 10}::int end)
          * interval '1 day' * ((n * 2654435761) % 1000003) / 1000003.0 as started_at
      from generate_series(${from}::int8, ${instances}::int8) as n
    ) plan
    join bench_people p on p.k = plan.n % (select count(*) from bench_people)
    join bench_hr hr on hr.k = plan.n % (select count(*) from bench_hr)
    join lateral (select id from process_versions where application_id = ${applicationId} and process_id = plan.process_id
      order by version desc limit 1) v on true`.execute(trx);
}

/** Instances, history (ids computed: four per instance after those already there), tokens and tasks. */
async function writeInstances(trx: Db, domainId: string, applicationId: string): Promise<void> {
  const base = (
    await sql<{ base: number }>`select coalesce(max(id), 0)::int8 + 1 as base from flow_history`.execute(trx)
  ).rows[0].base;
  const finishedAt = sql`case when via_hr then hr_at else manager_at end`;
  // The dashboard's row triggers counting changes to past days (migration 0037, docs/adr/0076-dashboard-kept-days.md) are off while the
  // rows are generated (a million changes counted one by one); the application's days are kept anew
  // once they are written (generateFlowInstances).
  await sql`alter table flow_instances disable trigger user`.execute(trx);
  // In the order they started, as the engine writes them (the table's physical order, which plans see).
  await sql`insert into flow_instances (id, domain_id, application_id, process_id, version_id, title, summary, form_data, status,
      initiator_id, started_at, updated_at, completed_at, last_actor_id, state_label, state_nodes, auditor_names)
    select id, ${domainId}, ${applicationId}, process_id, version_id,
      case when process_id = 'leave-approval' then 'Leave of ' || days || ' days — ' || initiator_name else 'Trip of ' || initiator_name end,
      'Request ' || n, jsonb_build_object('days', days), status, initiator_id, started_at,
      case status when 'completed' then ${finishedAt} when 'deleted' then manager_at else started_at end,
      case when status = 'completed' then ${finishedAt} end,
      case status when 'completed' then case when via_hr then hr_id else manager_id end else initiator_id end,
      case when status = 'running' then 'Manager approval' else '' end,
      case when status = 'running' then '{manager}'::text[] else '{}' end,
      case when status = 'running' then manager_name else '' end
    from bench_plan order by bench_plan.started_at`.execute(trx);
  // History: start (k 0), the manager's submit or the deletion (1), HR's submit (2), complete (3).
  await sql`insert into flow_history (id, instance_id, at, actor_id, action, node_id, to_nodes)
    select ${base} + n * 4, id, started_at, initiator_id, 'start', 'start', '["manager"]' from bench_plan
    union all
    select ${base} + n * 4 + 1, id, manager_at, case when status = 'deleted' then initiator_id else manager_id end,
      case when status = 'deleted' then 'delete' else 'submit' end, case when status = 'deleted' then null else 'manager' end,
      case when via_hr then '["hr"]'::jsonb else '[]' end
    from bench_plan where status <> 'running'
    union all
    select ${base} + n * 4 + 2, id, hr_at, hr_id, 'submit', 'hr', '[]' from bench_plan where status = 'completed' and via_hr
    union all
    select ${base} + n * 4 + 3, id, ${finishedAt}, null, 'complete', null, '[]' from bench_plan where status = 'completed'`.execute(
    trx,
  );
  await sql`select setval(pg_get_serial_sequence('flow_history', 'id'), (select max(id) from flow_history))`.execute(
    trx,
  );
  await sql`insert into flow_tokens (id, instance_id, node_id, state, created_at)
    select 'bench-tk-' || n, id, 'manager', 'active', started_at from bench_plan where status = 'running'`.execute(trx);
  // The manager's task; at HR every holder of the role got one: the one who submitted it is done, the
  // others' were cancelled by that submission. The tasks carry their instance's scope, which the insert
  // trigger (migration 0018) would copy row by row: written here directly, the triggers off meanwhile.
  await sql`alter table flow_tasks disable trigger user`.execute(trx);
  await sql`insert into flow_tasks (id, instance_id, token_id, node_id, assignee_id, status, created_at, done_at, created_by_action,
      domain_id, application_id, process_id)
    select 'bench-tm-' || n, id, case when status = 'running' then 'bench-tk-' || n else 'bench-tk-m-' || n end, 'manager', manager_id,
      case status when 'completed' then 'done' when 'running' then 'open' else 'cancelled' end,
      started_at, case when status <> 'running' then manager_at end, ${base} + n * 4, ${domainId}, ${applicationId}, process_id
    from bench_plan
    union all
    select 'bench-th-' || n || '-' || hr.k, p.id, 'bench-tk-h-' || n, 'hr', hr.id, case when hr.id = p.hr_id then 'done' else 'cancelled' end,
      manager_at, hr_at, ${base} + n * 4 + 1, ${domainId}, ${applicationId}, process_id
    from bench_plan p cross join bench_hr hr where p.status = 'completed' and p.via_hr`.execute(trx);
  await sql`alter table flow_tasks enable trigger user`.execute(trx);
  await sql`alter table flow_instances enable trigger user`.execute(trx);
}
