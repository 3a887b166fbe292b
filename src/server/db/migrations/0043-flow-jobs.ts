// What instances wait for outside a user's action (docs/adr/0126-timers-and-messages.md,
// docs/adr/0127-jobs-and-external-tasks.md): a timer due at an instant, a message by name, an external
// task a worker fetches by topic. Each row goes with the token that waits (deleted with it: a task done,
// an instance sent back or deleted takes its timers along). Timers are claimed by the servers' pollers
// with `for update skip locked` and a lease (locked_by, locked_until), so each fires once however many
// servers share the database, and one claimed by a server that died is claimed again once its lease ends.
// An instance started with a business key can be found by it when a message is correlated.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table flow_jobs (
    id text primary key,
    instance_id text not null references flow_instances (id) on delete cascade,
    token_id text not null references flow_tokens (id) on delete cascade,
    -- The event that fires (a catch event, one after an event-based gateway, a boundary event) or the external task.
    node_id text not null,
    kind text not null check (kind in ('timer', 'message', 'external')),
    -- Timers: when they fire.
    due_at timestamptz,
    -- Messages: the message's name; external tasks: the topic.
    topic text,
    -- Repeating timers: the firings still to come (null: no end).
    repeats_left integer,
    -- Failures a job may still have before it becomes an incident (failed_at set).
    retries integer not null default 3,
    locked_by text,
    locked_until timestamptz,
    failed_at timestamptz,
    error text not null default '',
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index flow_jobs_due_idx on flow_jobs (due_at) where kind = 'timer' and failed_at is null`.execute(
    db,
  );
  await sql`create index flow_jobs_topic_idx on flow_jobs (topic, created_at) where kind <> 'timer'`.execute(db);
  await sql`create index flow_jobs_token_idx on flow_jobs (token_id)`.execute(db);
  await sql`create index flow_jobs_instance_idx on flow_jobs (instance_id)`.execute(db);
  await sql`alter table flow_instances add column business_key text`.execute(db);
  await sql`create index flow_instances_business_key_idx on flow_instances (application_id, process_id, business_key) where business_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index flow_instances_business_key_idx`.execute(db);
  await sql`alter table flow_instances drop column business_key`.execute(db);
  await sql`drop table flow_jobs`.execute(db);
}
