// The workflow dashboard (docs/adr/0047-workflow-dashboard-figures.md): each figure of one application in one enterprise over a period is read
// from an index holding every column it needs (an index-only scan), so a year of a million instances
// is summed without visiting the rows. A task carries its instance's enterprise, application and
// process (filled by a trigger at insert, so the engine writes tasks as before): the node figures then
// need no join of millions of tasks to their instances, and the slowest steps are read in order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Process time: the instances completed in the period.
  await sql`create index flow_instances_completed_idx on flow_instances (domain_id, application_id, completed_at)
    include (process_id, started_at) where status = 'completed'`.execute(db);
  // Instance share: the instances started in the period, deleted ones left out.
  await sql`create index flow_instances_started_idx on flow_instances (domain_id, application_id, started_at)
    include (process_id) where status <> 'deleted'`.execute(db);

  await sql`alter table flow_tasks add column domain_id text, add column application_id text, add column process_id text`.execute(
    db,
  );
  await sql`update flow_tasks t set domain_id = i.domain_id, application_id = i.application_id, process_id = i.process_id
    from flow_instances i where i.id = t.instance_id`.execute(db);
  // An instance never changes enterprise, application or process, so copying them once is enough.
  await sql`create function flow_tasks_instance_columns() returns trigger language plpgsql as $$
    begin
      select i.domain_id, i.application_id, i.process_id into new.domain_id, new.application_id, new.process_id
        from flow_instances i where i.id = new.instance_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger flow_tasks_instance_columns before insert on flow_tasks
    for each row execute function flow_tasks_instance_columns()`.execute(db);
  // Node time: the tasks submitted in the period.
  await sql`create index flow_tasks_done_idx on flow_tasks (domain_id, application_id, done_at)
    include (process_id, created_at) where status = 'done'`.execute(db);
  // The slowest steps: the submitted tasks, longest first (the period is a filter on the way).
  await sql`create index flow_tasks_took_idx on flow_tasks (domain_id, application_id, (done_at - created_at) desc)
    include (done_at) where status = 'done'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger flow_tasks_instance_columns on flow_tasks`.execute(db);
  await sql`drop function flow_tasks_instance_columns()`.execute(db);
  await sql`drop index flow_instances_completed_idx, flow_instances_started_idx, flow_tasks_done_idx, flow_tasks_took_idx`.execute(
    db,
  );
  await sql`alter table flow_tasks drop column domain_id, drop column application_id, drop column process_id`.execute(
    db,
  );
}
