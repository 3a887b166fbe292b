// The language a privileged user last signed in with, so what the server sends it on its own (the
// password-expiry notices) is in that language; '' = not known yet (the server's language).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers add column language text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers drop column language`.execute(db);
}
