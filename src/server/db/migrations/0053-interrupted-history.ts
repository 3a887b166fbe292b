// A sub-process left by an interrupting event gets an `interrupted` history entry, not `auto`
// (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md): the history, the API reply and the
// diagram tell a level the engine completed from one it cancelled.
import { sql, type Kysely } from 'kysely';

const ACTIONS = `'start', 'submit', 'back', 'retract', 'auto', 'complete', 'delete', 'intervene', 'reassign', 'retryJob', 'cancelJob'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_history drop constraint flow_history_action_check`.execute(db);
  await sql`alter table flow_history add constraint flow_history_action_check check (action in (${sql.raw(ACTIONS)}, 'interrupted'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update flow_history set action = 'auto' where action = 'interrupted'`.execute(db);
  await sql`alter table flow_history drop constraint flow_history_action_check`.execute(db);
  await sql`alter table flow_history add constraint flow_history_action_check check (action in (${sql.raw(ACTIONS)}))`.execute(
    db,
  );
}
