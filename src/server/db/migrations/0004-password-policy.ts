// Columns the password policy needs on privileged users: when the password was last set (maximum
// age), failed logins in a row and the lock they lead to, and the "change it at next login" flag.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers
    add column password_changed_at timestamptz not null default now(),
    add column failed_logins integer not null default 0,
    add column locked_until timestamptz,
    add column must_change_password boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers
    drop column password_changed_at, drop column failed_logins, drop column locked_until, drop column must_change_password`.execute(
    db,
  );
}
