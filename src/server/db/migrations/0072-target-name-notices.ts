// The operation log's target names are kept until a table they are read from changes
// (docs/adr/0266-log-target-names-kept.md): the two tables no earlier trigger announced, and the
// superusers' inserts (migration 0016 announces their updates and deletions only), so that an id kept
// as naming no record is read again once one is made.
import { sql, type Kysely } from 'kysely';

export const WATCHED_NAME_CHANGES: Record<string, string> = {
  app_roles: 'insert or update or delete',
  work_calendars: 'insert or update or delete',
};

const trigger = (table: string) => sql.raw(`${table}_changed`);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, events] of Object.entries(WATCHED_NAME_CHANGES)) {
    await sql`create trigger ${trigger(table)} after ${sql.raw(events)} on ${sql.table(table)} for each statement execute function notify_change()`.execute(
      db,
    );
  }
  await sql`create trigger superusers_inserted after insert on superusers for each statement execute function notify_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger superusers_inserted on superusers`.execute(db);
  for (const table of Object.keys(WATCHED_NAME_CHANGES))
    await sql`drop trigger ${trigger(table)} on ${sql.table(table)}`.execute(db);
}
