// The password-expiry notices (docs/adr/0017-rate-limits.md): an optional phone for privileged users (the SMS channel), their
// message centre, and the log of every notice attempt, keyed on the password it warns about.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers add column telephone text not null default ''`.execute(db);
  await sql`create table messages (
      id text primary key,
      superuser_id text not null references superusers (id) on delete cascade,
      title text not null,
      body text not null,
      created_at timestamptz not null default now(),
      read_at timestamptz
    )`.execute(db);
  await sql`create index messages_owner_idx on messages (superuser_id, created_at desc, id)`.execute(db);
  await sql`create table password_notices (
      id text primary key,
      superuser_id text not null references superusers (id) on delete cascade,
      password_changed_at timestamptz not null,
      method text not null,
      status text not null,
      detail text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_notices_round_idx on password_notices (superuser_id, password_changed_at, method)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table password_notices`.execute(db);
  await sql`drop table messages`.execute(db);
  await sql`alter table superusers drop column telephone`.execute(db);
}
