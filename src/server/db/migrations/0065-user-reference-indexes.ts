// Every column that points at a user is read by its user's id (docs/adr/0218-user-references-indexed-lean-import-worker.md): deleting
// a user checks it holds no task (any status) and clears the proxies it stood for, and the foreign
// keys' ON DELETE actions look its rows up by that column; without an index each reads the whole table.
// Plain CREATE INDEX inside the migration's transaction: it blocks writes to the table while it builds.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every task of the user, not only the open ones; status and created_at serve the open-task reads
  // that the partial index served (assignee, open, newest first).
  await sql`create index flow_tasks_assignee_status_idx on flow_tasks (assignee_id, status, created_at)`.execute(db);
  await sql`drop index flow_tasks_assignee_idx`.execute(db);
  await sql`create index flow_history_actor_idx on flow_history (actor_id) where actor_id is not null`.execute(db);
  await sql`create index users_proxy_user_idx on users (proxy_user_id) where proxy_user_id is not null`.execute(db);
  await sql`create index api_tokens_user_idx on api_tokens (user_id) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index flow_tasks_assignee_idx on flow_tasks (assignee_id) where status = 'open'`.execute(db);
  await sql`drop index flow_tasks_assignee_status_idx, flow_history_actor_idx, users_proxy_user_idx, api_tokens_user_idx`.execute(
    db,
  );
}
