// What the instances of a multi-instance sub-process give (docs/adr/0212-multi-instance-sub-process-outputs.md):
// on the token holding the instances of one collecting output (Camunda 8's `outputCollection`), the list
// as it stands, one entry per element, and each running instance's own variable, the one its
// `outputElement` names alone (`{ "list": [true, null], "locals": { "1": { "approved": false } } }`).
// Null (every other token): nothing collected.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens add column loop_output jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens drop column loop_output`.execute(db);
}
