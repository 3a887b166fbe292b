// Multi-instance embedded sub-processes (docs/adr/0148-multi-instance-sub-processes.md): while one runs,
// a token stands at the sub-process itself holding the collection it runs over and how many instances
// are done; each token inside carries the instance (the collection's index) it belongs to, which gives
// the walk its element variable and tells one instance's end from another's.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens add column loop_index integer`.execute(db);
  await sql`alter table flow_tokens add column loop_items text`.execute(db);
  await sql`alter table flow_tokens add column loop_done integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens drop column loop_done`.execute(db);
  await sql`alter table flow_tokens drop column loop_items`.execute(db);
  await sql`alter table flow_tokens drop column loop_index`.execute(db);
}
