// Approvers an enterprise sets for the approvals a drawing leaves open (docs/adr/0119-approvers-set-in-the-console.md):
// one row per enterprise, application, process and node, holding the rules in their text form
// (`user:acme01; role:finance; department:SALES; superior; initiator`).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table domain_node_approvers (
    domain_id text not null references domains (id) on delete cascade,
    application_id text not null references applications (id) on delete cascade,
    process_id text not null,
    node_id text not null,
    approvers text not null,
    updated_at timestamptz not null default now(),
    primary key (domain_id, application_id, process_id, node_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table domain_node_approvers`.execute(db);
}
