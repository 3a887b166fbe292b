// A multi-instance sub-process inside another (docs/adr/0197-multi-instance-sub-processes-nested.md): a
// token inside both says which outer instance it is in (`loop_index`, as for every token inside the outer
// one, so that level's queries are unchanged) and which inner one (`inner_index`). Null (most tokens): none.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens add column inner_index integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_tokens drop column inner_index`.execute(db);
}
