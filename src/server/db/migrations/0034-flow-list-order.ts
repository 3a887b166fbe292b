// The monitoring list in its order (docs/adr/0070-flow-list-million-instances.md): an enterprise's instances, newest activity first. The page's
// ids are read from one index in that order, its columns carrying what a search filters on (application,
// state, process, start, initiator), so a page is found without visiting rows it does not show. A search
// by initiator reads that person's instances in the same order; it replaces 0020's index by initiator.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index flow_instances_activity_idx on flow_instances (domain_id, updated_at desc, id)
    include (application_id, status, process_id, started_at, initiator_id)`.execute(db);
  await sql`create index flow_instances_initiator_activity_idx on flow_instances (initiator_id, updated_at desc, id)
    include (domain_id, application_id, status)`.execute(db);
  await sql`drop index flow_instances_initiator_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index flow_instances_initiator_idx on flow_instances (initiator_id)`.execute(db);
  await sql`drop index flow_instances_initiator_activity_idx, flow_instances_activity_idx`.execute(db);
}
