// Directory and messaging sync (docs/adr/0060-directory-sync.md): per enterprise and source kind its sync settings, the
// links from the source's keys to the departments and users a sync made or adopted (a rename or a move
// in the source keeps its row), and the history of runs, each updated while it runs (progress).
import { sql, type Kysely } from 'kysely';

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const run = async (db: Kysely<unknown>, statements: string) => {
  for (const statement of statements
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean))
    await sql.raw(statement).execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    create table sync_settings (
      domain_id text not null references domains (id) on delete cascade,
      kind text not null,
      scheduled boolean not null default false,
      resign_cap integer not null default 10,
      options jsonb not null default '{}',
      updated_at timestamptz not null default now(),
      primary key (domain_id, kind)
    );
    create table sync_department_links (
      domain_id text not null references domains (id) on delete cascade,
      kind text not null,
      external_id text not null,
      department_id text not null references departments (id) on delete cascade,
      primary key (domain_id, kind, external_id)
    );
    create index sync_department_links_department_idx on sync_department_links (department_id);
    create table sync_user_links (
      domain_id text not null references domains (id) on delete cascade,
      kind text not null,
      external_id text not null,
      user_id text not null references users (id) on delete cascade,
      primary key (domain_id, kind, external_id)
    );
    create index sync_user_links_user_idx on sync_user_links (user_id);
    create table sync_runs (
      id text primary key,
      domain_id text not null references domains (id) on delete cascade,
      kind text not null,
      mode text not null,
      dry_run boolean not null,
      trigger text not null default 'manual',
      started_by text not null default '',
      status text not null default 'running',
      phase text not null default 'reading',
      read_count integer not null default 0,
      started_at timestamptz not null default now(),
      ended_at timestamptz,
      counts jsonb not null default '{}',
      errors jsonb not null default '[]',
      changes jsonb not null default '[]',
      message text not null default ''
    );
    create index sync_runs_domain_idx on sync_runs (domain_id, kind, started_at desc);
    create unique index sync_runs_one_running_key on sync_runs (domain_id, kind) where status = 'running';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop table sync_runs; drop table sync_user_links; drop table sync_department_links; drop table sync_settings',
  );
}
