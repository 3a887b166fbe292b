// The organisation of a tenant (docs/adr/0034-tenant-organisation.md): what a user record holds beyond its name and login, and the
// rules the database itself keeps — a department's name is unique among its siblings, a user's order
// and name give the list a stable order. A user belongs to one department (docs/adr/0034-tenant-organisation.md).
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
    alter table users
      add column calendar_id text,
      add column proxy_user_id text references users (id) on delete set null,
      add column proxy_start date,
      add column proxy_end date,
      add column domain_admin boolean not null default false,
      add column liaison boolean not null default false,
      add column login_locked boolean not null default false,
      add column use_im boolean not null default false,
      add column order_no integer not null default 0,
      add column updated_at timestamptz not null default now();
    create index users_domain_name_idx on users (domain_id, name, id);
    create index users_domain_admin_idx on users (domain_id) where domain_admin;
    create unique index departments_sibling_name_key on departments (domain_id, coalesce(superior_id, ''), lower(name));
    alter table departments add column updated_at timestamptz not null default now();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    drop index departments_sibling_name_key;
    alter table departments drop column updated_at;
    drop index users_domain_admin_idx;
    drop index users_domain_name_idx;
    alter table users drop column calendar_id, drop column proxy_user_id, drop column proxy_start, drop column proxy_end,
      drop column domain_admin, drop column liaison, drop column login_locked, drop column use_im, drop column order_no, drop column updated_at;
  `,
  );
}
