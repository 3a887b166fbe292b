// The current-node search's total counted from a deduplicated index
// (docs/adr/0165-off-order-pages-and-waiting-labels.md): the waiting instances' labels in key columns
// only, so the search resolves its text to the few distinct labels that contain it (a skip from one
// label to the next) and counts `state_label = any(…)` here, a few bytes an instance, instead of testing
// the label of every waiting instance in 0044's wide index.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Key columns only: an INCLUDE index is never deduplicated.
  await sql`create index flow_instances_waiting_labels_idx on flow_instances (domain_id, application_id, state_label, status)
    where state_label <> '' or cardinality(state_nodes) > 0`.execute(db);
  await sql`analyze flow_instances`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index flow_instances_waiting_labels_idx`.execute(db);
}
