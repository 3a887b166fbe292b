// A process's start timer suspended by the platform's administrator
// (docs/adr/0171-start-timers-platform-actions.md): the row stays armed with its due time and its cycle's
// count, and the pollers leave it until it is resumed. Only a start timer (no instance) can be suspended:
// an instance's wait is moved on by intervention instead.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_jobs add column suspended_at timestamptz`.execute(db);
  await sql`alter table flow_jobs add constraint flow_jobs_suspended_check check (suspended_at is null or instance_id is null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_jobs drop constraint flow_jobs_suspended_check`.execute(db);
  await sql`alter table flow_jobs drop column suspended_at`.execute(db);
}
