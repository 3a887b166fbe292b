// What one instance of a multi-instance approval gave (docs/adr/0202-multi-instance-output-collections.md):
// a submission at an approval with Camunda 8's `outputCollection` keeps, on its task, its `outputElement`'s
// value and the index of its element in the collection (`{ "index": 2, "value": true }`); when the
// approval completes the list is made from its done tasks. Null (every other task): nothing collected.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tasks add column output jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tasks drop column output`.execute(db);
}
