// The monitoring list's search by initiator (docs/adr/0052-workflow-bench-million-instances.md): the names match a few users (users' trigram index),
// whose instances are then found by initiator instead of by reading every instance of the enterprise.
// An instance never changes initiator, so the index costs the engine's actions nothing but the insert.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index flow_instances_initiator_idx on flow_instances (initiator_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index flow_instances_initiator_idx`.execute(db);
}
