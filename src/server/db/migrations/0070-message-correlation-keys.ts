// Camunda 8's message correlation keys (docs/adr/0245-zeebe-correlation-keys.md): a message wait keeps the
// key its message's `zeebe:subscription` evaluated when the wait opened, and a message sent with a key
// finds the waits of that name and key through the index (the instance's enterprise is checked on the
// few rows it gives). Waits of drawings without keys keep null and are not in the index.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_jobs add column correlation_key text`.execute(db);
  await sql`create index flow_jobs_correlation_key_idx on flow_jobs (topic, correlation_key, created_at)
    where kind = 'message' and correlation_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index flow_jobs_correlation_key_idx`.execute(db);
  await sql`alter table flow_jobs drop column correlation_key`.execute(db);
}
