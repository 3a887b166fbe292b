// The built-in officers of security separation (decision docs/adr/0014-password-policy-security-separation.md): privileged users whose type is fixed
// and who hold no enterprise, so the scope rules of the form do not apply to them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers add column builtin boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table superusers drop column builtin`.execute(db);
}
