// Call activities (docs/adr/0139-call-activities-and-conditional-events.md): a called process runs as an instance of its own,
// linked to the instance that called it and to the token that waits on the call activity, so the caller
// goes on when it completes and a caller cancelled takes its called instances along. The depth counts
// the callers above, which bounds a process that calls itself.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_instances add column parent_id text references flow_instances (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table flow_instances add column parent_token_id text`.execute(db);
  await sql`alter table flow_instances add column call_depth integer not null default 0`.execute(db);
  await sql`create index flow_instances_parent_idx on flow_instances (parent_id) where parent_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index flow_instances_parent_idx`.execute(db);
  await sql`alter table flow_instances drop column call_depth`.execute(db);
  await sql`alter table flow_instances drop column parent_token_id`.execute(db);
  await sql`alter table flow_instances drop column parent_id`.execute(db);
}
