// Timed tasks (docs/adr/0057-timed-tasks.md): the platform's periodic jobs as rows an administrator starts and stops,
// and every run of them. A run is claimed by inserting its row: (task, due time) is unique, so however
// many server instances fire for one due time, one runs it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table timed_tasks (
    id text primary key,
    creator text not null,
    start_type text not null check (start_type in ('manual', 'auto', 'banned')),
    state text not null default 'stopped' check (state in ('stopped', 'run')),
    period text not null check (period in ('none', 'immediately', 'minute', 'hour', 'day', 'week', 'month', 'weekday')),
    run_time text not null,
    run_date text,
    run_count integer not null default 0,
    next_run_at timestamptz,
    version integer not null default 0,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table timed_task_runs (
    id text primary key,
    task_id text not null references timed_tasks (id) on delete cascade,
    due_at timestamptz not null,
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    heartbeat_at timestamptz not null default now(),
    outcome text not null default 'running' check (outcome in ('running', 'done', 'failed', 'interrupted')),
    message text not null default '',
    instance text not null,
    unique (task_id, due_at)
  )`.execute(db);
  await sql`create index timed_task_runs_recent_idx on timed_task_runs (task_id, started_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table timed_task_runs, timed_tasks`.execute(db);
}
