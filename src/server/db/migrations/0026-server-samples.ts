// The server's periodic samples (docs/adr/0059-system-monitoring.md): every instance writes one row every 5 s, so any
// instance can draw any other's charts; rows older than a day are purged.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table server_samples (
    instance text not null,
    at timestamptz not null,
    cpu_load real not null,
    thread_num integer not null,
    heap_used real not null,
    non_heap_used real not null,
    rss real not null,
    primary key (instance, at)
  )`.execute(db);
  await sql`create index server_samples_at on server_samples (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table server_samples`.execute(db);
}
