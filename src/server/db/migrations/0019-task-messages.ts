// A new task tells its approver (docs/adr/0051-new-task-notifies-approver.md): one row per task in the approver's message centre, written
// in the transaction that makes the task, so an action that rolls back (a refusal, a query, a preview)
// tells nobody and a committed one never misses anyone. The row is also the mail outbox: a dispatcher
// sends what is pending (task-notices/mail-dispatch.ts), servers sharing the database taking turns.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table task_messages (
    id text primary key,
    domain_id text not null references domains (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    task_id text not null references flow_tasks (id) on delete cascade,
    instance_id text not null references flow_instances (id) on delete cascade,
    created_at timestamptz not null default now(),
    read_at timestamptz,
    mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skipped', 'failed')),
    mail_detail text not null default '',
    mail_attempts integer not null default 0,
    mail_at timestamptz
  )`.execute(db);
  await sql`create index task_messages_user_idx on task_messages (user_id, created_at desc)`.execute(db);
  await sql`create index task_messages_unread_idx on task_messages (user_id) where read_at is null`.execute(db);
  await sql`create index task_messages_task_idx on task_messages (task_id)`.execute(db);
  await sql`create index task_messages_outbox_idx on task_messages (created_at) where mail_status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table task_messages`.execute(db);
}
