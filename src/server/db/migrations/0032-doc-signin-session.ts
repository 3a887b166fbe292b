// API documentation sign-in (docs/adr/0068-monitor-cost-docs-sign-in-language.md): a sign-in belongs to the console session that made it.
// The token row names that session and goes with it (on delete cascade), so every way a session ends
// — sign-out, an administrator ending it, a password change, the purge of expired ones — ends the
// documentation sign-ins it made, in the database, on every instance. Earlier sign-ins (no session)
// are ended: they would outlive their session.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from api_tokens where signed_in_by is not null`.execute(db);
  await sql`alter table api_tokens add column session_id text references sessions (id) on delete cascade`.execute(db);
  await sql`create index api_tokens_session_id_idx on api_tokens (session_id) where session_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_tokens drop column session_id`.execute(db);
}
