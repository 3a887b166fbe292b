// Knowledge-management settings of an application in an enterprise (docs/adr/0041-module-switches-knowledge.md): whether its
// knowledge base is on there, and who manages it (the dictionary's enterprise knowledge manager,
// knowledge committee member and department knowledge manager). They go with the binding.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table km_settings (
    domain_id text not null,
    application_id text not null,
    enabled boolean not null default false,
    updated_at timestamptz not null default now(),
    primary key (domain_id, application_id),
    foreign key (domain_id, application_id) references domain_applications (domain_id, application_id) on delete cascade
  )`.execute(db);
  await sql`create table km_managers (
    domain_id text not null,
    application_id text not null,
    user_id text not null references users (id) on delete cascade,
    kind text not null check (kind in ('enterprise', 'committee', 'department')),
    primary key (domain_id, application_id, user_id, kind),
    foreign key (domain_id, application_id) references domain_applications (domain_id, application_id) on delete cascade
  )`.execute(db);
  await sql`create index km_managers_user_idx on km_managers (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table km_managers, km_settings`.execute(db);
}
