// Extension fields: definitions of the spare columns (field1…field20) of users, departments and
// enterprises. The values live in each row's `ext` jsonb under the spare column's name.
import { sql, type Kysely } from 'kysely';

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const statements = [
  sql`alter table users add column if not exists ext jsonb not null default '{}'::jsonb`,
  sql`alter table departments add column if not exists ext jsonb not null default '{}'::jsonb`,
  sql`create table field_extends (
      fid text primary key,
      domain_id text references domains (id) on delete cascade,
      name text not null,
      label text not null,
      type text not null,
      for_table text not null,
      enabel boolean not null default false,
      sort_number integer not null default 0,
      options text not null default '',
      is_not_null boolean not null default false,
      is_readonly boolean not null default false,
      is_support_search boolean not null default false,
      created_at timestamptz not null default now()
    )`,
  // One definition per spare column, table and scope (null = platform level).
  sql`create unique index field_extends_column_key on field_extends (coalesce(domain_id, ''), for_table, name)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists field_extends`.execute(db);
  await sql`alter table users drop column if exists ext`.execute(db);
  await sql`alter table departments drop column if exists ext`.execute(db);
}
