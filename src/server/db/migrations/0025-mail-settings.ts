// An enterprise's mail settings (docs/adr/0058-enterprise-mail-settings.md): one row per enterprise that saved them. The password
// is kept as given (the SMTP login needs it back) and never answered.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table domain_mail_settings (
    domain_id text primary key references domains (id) on delete cascade,
    enabled boolean not null default true,
    send_host text not null default '',
    address text not null,
    account text not null default '',
    password text not null default '',
    cc_address text not null default '',
    smtp_server text not null,
    smtp_port integer not null,
    fetch_server text not null default '',
    fetch_port integer not null default 110,
    protocol text not null default 'pop3',
    ssl boolean not null default false,
    allow_attachment boolean not null default true,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table domain_mail_settings`.execute(db);
}
