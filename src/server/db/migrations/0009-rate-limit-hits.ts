// Rate-limit counters in the database (decision docs/adr/0017-rate-limits.md), so every server instance on one database counts
// the same hits: one row per route and client address, with the start of its current window.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit_hits (
    key text primary key,
    window_start timestamptz not null default now(),
    hits integer not null default 1
  )`.execute(db);
  await sql`create index rate_limit_hits_window on rate_limit_hits (window_start)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_hits`.execute(db);
}
