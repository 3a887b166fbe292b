// An enterprise's relation to the platform's cloud centre, the instant-messaging service (docs/adr/0054-cloud-centre-messaging.md): the
// accounts its registration made there (the username is the user's id), so ending the relation removes
// exactly those. Accounts the service already had are not the enterprise's to remove.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cloud_accounts (
    domain_id text not null references domains (id) on delete cascade,
    username text not null,
    created_at timestamptz not null default now(),
    primary key (domain_id, username)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cloud_accounts`.execute(db);
}
