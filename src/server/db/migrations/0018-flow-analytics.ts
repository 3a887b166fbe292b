// The workflow dashboard's indexes (D47): each figure of one application in one enterprise over a
// period is read from an index holding every column it needs (an index-only scan), so a year of a
// million instances is summed without visiting the rows. Tasks carry no enterprise: the submitted ones
// are found by when they were submitted and joined to their instance.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Process time: the instances completed in the period.
  await sql`create index flow_instances_completed_idx on flow_instances (domain_id, application_id, completed_at)
    include (process_id, started_at) where status = 'completed'`.execute(db);
  // Instance share: the instances started in the period, deleted ones left out.
  await sql`create index flow_instances_started_idx on flow_instances (domain_id, application_id, started_at)
    include (process_id) where status <> 'deleted'`.execute(db);
  // Node time and the slowest steps: the tasks submitted in the period.
  await sql`create index flow_tasks_done_idx on flow_tasks (done_at) include (instance_id, created_at) where status = 'done'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index flow_instances_completed_idx, flow_instances_started_idx, flow_tasks_done_idx`.execute(db);
}
