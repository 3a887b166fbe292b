// A non-interrupting conditional boundary event fires when its condition goes from false to true, not
// after every action while it holds (docs/adr/0194-conditional-boundaries-non-interrupting.md): the token
// of its activity keeps which of them held when last looked at. Null (most tokens): none.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens add column conditions_held text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens drop column conditions_held`.execute(db);
}
