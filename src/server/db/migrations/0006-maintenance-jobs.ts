// The manage tab's running or last maintenance job, shared by every server instance of the deployment
// (decision docs/adr/0013-maintenance-push-directory-test.md): one row (id 'deployment'), claimed by the instance that starts a job, its progress
// and heartbeat written while it runs, its outcome when it ends.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table maintenance_jobs (
    id text primary key,
    run_id text not null,
    job text not null,
    status text not null,
    progress integer not null default 0,
    message text not null default '',
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    heartbeat_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table maintenance_jobs`.execute(db);
}
