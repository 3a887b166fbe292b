// An application's own agent in an enterprise's messaging suites (docs/adr/0067-application-agent-messaging.md): one row per
// enterprise, bound application and service that saved its agent id, secret and app key (jsonb: the
// three services differ). The row goes with the binding: unbinding the application drops it. Secrets
// are kept as given (the service needs them) and never answered.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table domain_im_app_agents (
    domain_id text not null,
    application_id text not null,
    service text not null check (service in ('wechat', 'dingding', 'feishu')),
    settings jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (domain_id, application_id, service),
    foreign key (domain_id, application_id) references domain_applications (domain_id, application_id) on delete cascade
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table domain_im_app_agents`.execute(db);
}
