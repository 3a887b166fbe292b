// Timer start events (docs/adr/0147-timer-start-events.md): a process that starts by a date, a duration
// or a cycle waits as a timer row of flow_jobs that belongs to no instance yet — the application's
// process it starts, deleted with the application (uninstalled). The pollers claim it like every timer
// (same partial index on due_at), so it fires once across servers. Flow monitoring's retry and cancel
// of a job become history actions.
import { sql, type Kysely } from 'kysely';

const ACTIONS = `'start', 'submit', 'back', 'retract', 'auto', 'complete', 'delete', 'intervene', 'reassign'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_jobs alter column instance_id drop not null`.execute(db);
  await sql`alter table flow_jobs alter column token_id drop not null`.execute(db);
  await sql`alter table flow_jobs add column application_id text references applications (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table flow_jobs add column process_id text`.execute(db);
  // Either an instance's wait (with its token) or a process's start timer (no instance yet).
  await sql`alter table flow_jobs add constraint flow_jobs_owner_check check (
    (instance_id is not null and token_id is not null and application_id is null)
    or (instance_id is null and token_id is null and kind = 'timer' and application_id is not null and process_id is not null))`.execute(
    db,
  );
  // Flow monitoring's job actions leave an entry in the instance's history (docs/adr/0140-jobs-in-flow-monitoring.md).
  await sql`alter table flow_history drop constraint flow_history_action_check`.execute(db);
  await sql`alter table flow_history add constraint flow_history_action_check check (action in (${sql.raw(ACTIONS)}, 'retryJob', 'cancelJob'))`.execute(
    db,
  );
  await sql`create index flow_jobs_start_idx on flow_jobs (application_id, process_id) where application_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from flow_history where action in ('retryJob', 'cancelJob')`.execute(db);
  await sql`alter table flow_history drop constraint flow_history_action_check`.execute(db);
  await sql`alter table flow_history add constraint flow_history_action_check check (action in (${sql.raw(ACTIONS)}))`.execute(
    db,
  );
  await sql`delete from flow_jobs where instance_id is null`.execute(db);
  await sql`drop index flow_jobs_start_idx`.execute(db);
  await sql`alter table flow_jobs drop constraint flow_jobs_owner_check`.execute(db);
  await sql`alter table flow_jobs drop column process_id`.execute(db);
  await sql`alter table flow_jobs drop column application_id`.execute(db);
  await sql`alter table flow_jobs alter column token_id set not null`.execute(db);
  await sql`alter table flow_jobs alter column instance_id set not null`.execute(db);
}
