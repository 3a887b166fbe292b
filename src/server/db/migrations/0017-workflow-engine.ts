// The process engine's state (docs/adr/0044-engine-state-in-tables.md): every version of a process the engine has run, its instances, the
// places their tokens wait, the approvers' tasks, and the history of every action. An action is one
// transaction that locks its instance's row first, so servers sharing the database take turns on an
// instance and a crash leaves it as it was before the action.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An upgrade replaces app_processes; a running instance keeps the version it started on.
  await sql`create table process_versions (
    id text primary key,
    application_id text not null references applications (id) on delete cascade,
    process_id text not null,
    version integer not null,
    bpmn text not null,
    graph jsonb not null,
    created_at timestamptz not null default now(),
    unique (application_id, process_id, version)
  )`.execute(db);
  await sql`create table flow_instances (
    id text primary key,
    domain_id text not null references domains (id) on delete cascade,
    application_id text not null references applications (id) on delete cascade,
    process_id text not null,
    version_id text not null references process_versions (id),
    title text not null default '',
    summary text not null default '',
    form_data jsonb not null default '{}',
    status text not null check (status in ('running', 'completed', 'deleted')),
    initiator_id text not null references users (id),
    started_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    completed_at timestamptz,
    last_actor_id text references users (id) on delete set null,
    -- What the monitoring list shows and searches, kept by every action: the names of the nodes the
    -- instance waits at and of their open tasks' approvers.
    state_label text not null default '',
    auditor_names text not null default ''
  )`.execute(db);
  await sql`create index flow_instances_domain_idx on flow_instances (domain_id, application_id, started_at desc)`.execute(
    db,
  );
  // Where the instance stands: one row per token (parallel branches have several); a token waiting at a
  // parallel join says by which flow it came.
  await sql`create table flow_tokens (
    id text primary key,
    instance_id text not null references flow_instances (id) on delete cascade,
    node_id text not null,
    state text not null check (state in ('active', 'joining')),
    via_flow text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index flow_tokens_instance_idx on flow_tokens (instance_id)`.execute(db);
  await sql`create table flow_tasks (
    id text primary key,
    instance_id text not null references flow_instances (id) on delete cascade,
    token_id text,
    node_id text not null,
    assignee_id text not null references users (id) on delete cascade,
    status text not null check (status in ('open', 'done', 'cancelled')),
    created_at timestamptz not null default now(),
    done_at timestamptz,
    comment text not null default '',
    -- The history entry that made it, so a retraction finds the tasks of the submission it takes back.
    created_by_action bigint,
    -- A batch change of approvers that made or cancelled it, so the batch can be undone.
    made_by_batch text,
    cancelled_by_batch text
  )`.execute(db);
  await sql`create index flow_tasks_instance_idx on flow_tasks (instance_id, status)`.execute(db);
  await sql`create index flow_tasks_assignee_idx on flow_tasks (assignee_id) where status = 'open'`.execute(db);
  await sql`create table flow_history (
    id bigserial primary key,
    instance_id text not null references flow_instances (id) on delete cascade,
    at timestamptz not null default now(),
    actor_id text references users (id) on delete set null,
    -- An intervention's author: an administrator, not a user of the enterprise.
    admin_id text references superusers (id) on delete set null,
    action text not null check (action in ('start', 'submit', 'back', 'retract', 'auto', 'complete', 'delete', 'intervene', 'reassign')),
    node_id text,
    to_nodes jsonb not null default '[]',
    comment text not null default ''
  )`.execute(db);
  await sql`create index flow_history_instance_idx on flow_history (instance_id, id)`.execute(db);
  // A batch change of current approvers (flow monitoring): who, when, how many, and whether it was undone.
  await sql`create table flow_batches (
    id text primary key,
    domain_id text not null references domains (id) on delete cascade,
    admin_id text references superusers (id) on delete set null,
    comment text not null default '',
    created_at timestamptz not null default now(),
    undone_at timestamptz
  )`.execute(db);
  await sql`create index flow_tasks_batch_idx on flow_tasks (made_by_batch) where made_by_batch is not null`.execute(
    db,
  );
  await sql`create index flow_tasks_cancelled_batch_idx on flow_tasks (cancelled_by_batch) where cancelled_by_batch is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table flow_batches, flow_history, flow_tasks, flow_tokens, flow_instances, process_versions`.execute(
    db,
  );
}
