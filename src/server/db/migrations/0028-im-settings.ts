// An enterprise's messaging suites (docs/adr/0061-messaging-suites.md): one row per enterprise and service (wechat,
// dingding, feishu) that saved its settings, the fields as the catalogue's entity holds them (jsonb:
// the three services differ). Secrets are kept as given (the token endpoint needs them) and never
// answered.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table domain_im_settings (
    domain_id text not null references domains (id) on delete cascade,
    service text not null check (service in ('wechat', 'dingding', 'feishu')),
    settings jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (domain_id, service)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table domain_im_settings`.execute(db);
}
