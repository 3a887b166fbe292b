// Issue 32's varied lists at a million rows (docs/adr/0224-start-days-summary-words-log-operators.md).
// - A window of first-processing dates pages through each UTC start day's instances in the list's order
//   (areas/flows/start-days.ts): one short walk a day instead of every instance of the window. The day
//   is of UTC, an immutable expression; the window's own bounds are kept as conditions, so a session in
//   another zone still gets exactly its window.
// - The log's operator search looks its text up among the chain's operator names
//   (areas/operation-log/log-operators.ts) through a pieces index (one or two characters, migration
//   0041's search_grams) and a trigram index (three or more, where pg_trgm is installed), so a chain
//   with a great many operators is not read name by name.
// Plain CREATE INDEX inside the migration's transaction: writers of the tables wait while it builds.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index flow_instances_start_day_idx on flow_instances
    (domain_id, ((started_at at time zone 'UTC')::date), updated_at desc, id)
    include (application_id, status, started_at)`.execute(db);
  await sql`create index operation_log_operators_grams_idx on operation_log_operators
    using gin (search_grams(lower(user_name)))`.execute(db);
  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (rows.length > 0)
    await sql`create index operation_log_operators_trgm_idx on operation_log_operators
      using gin (lower(user_name) ${sql.raw(`${rows[0].schema}.gin_trgm_ops`)})`.execute(db);
  // The planner knows the day expression once ANALYZE has sampled its index (docs/adr/0138-flow-list-and-log-plans.md).
  await sql`analyze flow_instances, operation_log_operators`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists operation_log_operators_trgm_idx`.execute(db);
  await sql`drop index operation_log_operators_grams_idx, flow_instances_start_day_idx`.execute(db);
}
