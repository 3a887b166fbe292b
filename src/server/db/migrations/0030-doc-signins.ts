// API documentation sign-in (docs/adr/0063-api-docs-sign-in-web-services.md): an administrator signs in to the documentation as one
// front-end user for a while. The sign-in is an access token of the user's enterprise (api_tokens, docs/adr/0040-open-api-secret-and-tokens.md)
// bound to that user, with who made it and why; the runtime calls accept it for that user only, and
// deleting the row ends it at once. Who signed in as whom, when and why is in the operation log (docs/adr/0056-operation-log.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_tokens
    add column user_id text references users (id) on delete cascade,
    add column signed_in_by text references superusers (id) on delete cascade,
    add column reason text,
    add column created_at timestamptz not null default now()`.execute(db);
  await sql`create index api_tokens_signed_in_by_idx on api_tokens (signed_in_by) where signed_in_by is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from api_tokens where user_id is not null`.execute(db);
  await sql`alter table api_tokens drop column user_id, drop column signed_in_by, drop column reason, drop column created_at`.execute(
    db,
  );
}
