// A task's local variables (docs/adr/0216-input-output-mappings.md): on the token of a user or external
// task with input mappings (Camunda 8's `zeebe:input`, Camunda 7's `camunda:inputParameter`), the values
// evaluated when it was entered (`{ "price": 120 }`); its expressions, its worker and its form see them
// over the instance's variables, which they never join. Null (every other token): none.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens add column locals jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens drop column locals`.execute(db);
}
