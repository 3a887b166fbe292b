// The flow-monitoring list's pages are kept until what they were read from changes (docs/adr/0072-flow-list-pages-kept.md). The
// applications and their processes (the flow's name in each language) change rarely: announced by the
// same statement triggers as migration 0016's tables. flow_instances, changed by every engine action,
// is announced by the server after each unit of work instead (workflow/instance-writes.ts): a trigger
// would take PostgreSQL's notify lock inside every engine transaction and serialise their commits.
import { sql, type Kysely } from 'kysely';

export const WATCHED_FLOW_CHANGES: Record<string, string> = {
  applications: 'insert or update or delete',
  app_processes: 'insert or update or delete',
  process_versions: 'insert or update or delete',
};

const trigger = (table: string) => sql.raw(`${table}_changed`);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, events] of Object.entries(WATCHED_FLOW_CHANGES)) {
    await sql`create trigger ${trigger(table)} after ${sql.raw(events)} on ${sql.table(table)} for each statement execute function notify_change()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(WATCHED_FLOW_CHANGES))
    await sql`drop trigger ${trigger(table)} on ${sql.table(table)}`.execute(db);
}
