// Caches of what the database holds (db/change-cache.ts, docs/adr/0042-pages-kept-until-change.md) are good only until it changes. These
// triggers name the changed table on the `atrium_changes` channel, once per statement; every server
// listening on the database drops what it read from that table, and the server that made the change
// hears it before its own commit returns.
import { sql, type Kysely } from 'kysely';

/** Table → the changes that can make a cached read wrong. A new session alters no other session. */
export const WATCHED_CHANGES: Record<string, string> = {
  sessions: 'delete',
  superusers: 'update or delete',
  superuser_domains: 'insert or update or delete',
  superuser_departments: 'insert or update or delete',
  config: 'insert or update or delete',
  domains: 'insert or update or delete',
  departments: 'insert or update or delete',
  users: 'insert or update or delete',
  role_users: 'insert or update or delete',
  field_extends: 'insert or update or delete',
};

const trigger = (table: string) => sql.raw(`${table}_changed`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('atrium_changes', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const [table, events] of Object.entries(WATCHED_CHANGES)) {
    await sql`create trigger ${trigger(table)} after ${sql.raw(events)} on ${sql.table(table)} for each statement execute function notify_change()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(WATCHED_CHANGES))
    await sql`drop trigger ${trigger(table)} on ${sql.table(table)}`.execute(db);
  await sql`drop function notify_change()`.execute(db);
}
