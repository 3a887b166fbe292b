// A multi-instance approval's inputs, one set per inner instance (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md):
// on each of its tasks, the values its input mappings gave for that instance's element and loopCounter
// (`{ "label": "Vote of mk-r1" }`), as `flow_tokens.locals` holds them for a task alone on its token
// (migration 0063). Null (every other task): the token's, if any.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tasks add column locals jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tasks drop column locals`.execute(db);
}
