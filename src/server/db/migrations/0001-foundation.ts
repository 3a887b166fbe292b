// The first schema: privileged users, tenants with their departments, users and applications,
// sessions, check codes, configuration and the generic record store.
import { sql, type Kysely } from 'kysely';

// One statement per entry: PGlite's extended protocol runs a single statement per query.
const statements = `
    create table superusers (
      id text primary key,
      name text not null,
      loginno text not null,
      password_hash text not null,
      email text not null default '',
      status smallint not null default 1,
      super_admin boolean not null default false,
      domain_admin boolean not null default false,
      developer boolean not null default false,
      type text not null default 'super',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index superusers_loginno_key on superusers (lower(loginno));

    create table domains (
      id text primary key,
      name text not null,
      system_name text not null default '',
      sms_member_code text not null default '',
      sms_member_pwd text not null default '',
      description text not null default '',
      logo_url text not null default '',
      status smallint not null default 1,
      ext jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index domains_name_key on domains (lower(name));
    create index domains_created_at_idx on domains (created_at desc, id);

    create table departments (
      id text primary key,
      domain_id text not null references domains (id),
      superior_id text references departments (id),
      name text not null,
      code text not null default '',
      level integer not null default 0,
      order_no integer not null default 0,
      valid boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index departments_domain_idx on departments (domain_id, superior_id);
    create index departments_superior_idx on departments (superior_id);

    create table users (
      id text primary key,
      domain_id text not null references domains (id),
      department_id text references departments (id),
      name text not null,
      loginno text not null,
      password_hash text,
      email text not null default '',
      telephone text not null default '',
      status smallint not null default 1,
      created_at timestamptz not null default now()
    );
    create unique index users_domain_loginno_key on users (domain_id, lower(loginno));
    create index users_department_idx on users (department_id);

    create table applications (
      id text primary key,
      domain_id text references domains (id),
      name text not null,
      description text not null default '',
      created_at timestamptz not null default now()
    );
    create index applications_domain_idx on applications (domain_id);

    create table superuser_domains (
      superuser_id text not null references superusers (id) on delete cascade,
      domain_id text not null references domains (id),
      primary key (superuser_id, domain_id)
    );
    create index superuser_domains_domain_idx on superuser_domains (domain_id);

    create table superuser_departments (
      superuser_id text not null references superusers (id) on delete cascade,
      department_id text not null references departments (id),
      primary key (superuser_id, department_id)
    );
    create index superuser_departments_department_idx on superuser_departments (department_id);

    create table superuser_applications (
      superuser_id text not null references superusers (id) on delete cascade,
      application_id text not null references applications (id),
      primary key (superuser_id, application_id)
    );
    create index superuser_applications_application_idx on superuser_applications (application_id);

    create table sessions (
      id text primary key,
      superuser_id text not null references superusers (id) on delete cascade,
      csrf_token text not null,
      ip text not null default '',
      user_agent text not null default '',
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sessions_superuser_idx on sessions (superuser_id);
    create index sessions_expires_idx on sessions (expires_at);

    create table captchas (
      id text primary key,
      text text not null,
      expires_at timestamptz not null
    );
    create index captchas_expires_idx on captchas (expires_at);

    create table config (
      key text primary key,
      value jsonb not null
    );

    create table store_records (
      collection text not null,
      id text not null,
      data jsonb not null,
      seq bigserial,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (collection, id)
    );
    create index store_records_collection_seq_idx on store_records (collection, seq desc);
`
  .split(/;\s*\n/)
  .map((s) => s.trim())
  .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table store_records, config, captchas, sessions, superuser_applications, superuser_departments,
    superuser_domains, applications, users, departments, domains, superusers`.execute(db);
}
