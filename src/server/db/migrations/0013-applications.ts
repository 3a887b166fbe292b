// Applications installed from packages (docs/adr/0038-applications-from-packages.md): an application is the platform's, bound to the
// tenants that use it; what its package brings (modules with resources, PC and mobile menus, forms,
// processes) is kept part by part for the screens and the permission trees, and the manifest whole
// for the next upgrade's comparison. Roles belong to an application (the package's and those an
// administrator adds), with the menus and resources they grant and the users they hold. A tenant's own
// application (domain_id set, no package) stays possible.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applications
    add column package_id text unique,
    add column version text,
    add column names jsonb,
    add column manifest jsonb,
    add column updated_at timestamptz`.execute(db);
  await sql`create table domain_applications (
    domain_id text not null references domains (id) on delete cascade,
    application_id text not null references applications (id) on delete cascade,
    enabled boolean not null default true,
    is_default boolean not null default false,
    disabled_modules text[] not null default '{}',
    bound_at timestamptz not null default now(),
    primary key (domain_id, application_id)
  )`.execute(db);
  await sql`create index domain_applications_application_idx on domain_applications (application_id)`.execute(db);
  await sql`create unique index domain_applications_one_default on domain_applications (domain_id) where is_default`.execute(
    db,
  );
  // Every application a tenant owned so far is bound to it.
  await sql`insert into domain_applications (domain_id, application_id) select domain_id, id from applications where domain_id is not null`.execute(
    db,
  );

  const part = (name: string, columns: string) =>
    sql`create table ${sql.raw(name)} (
      application_id text not null references applications (id) on delete cascade,
      id text not null,
      names jsonb not null,
      order_no integer not null default 0,
      ${sql.raw(columns)}
    )`.execute(db);
  await part('app_modules', 'primary key (application_id, id)');
  await part('app_resources', 'module_id text not null, primary key (application_id, id)');
  await part(
    'app_menus',
    `kind text not null check (kind in ('pc', 'mobile')), parent_id text, module_id text, icon text, primary key (application_id, kind, id)`,
  );
  await part('app_forms', 'module_id text not null, fields jsonb not null, primary key (application_id, id)');
  await part('app_processes', 'form_id text not null, bpmn text not null, primary key (application_id, id)');

  await sql`create table app_roles (
    id text primary key,
    application_id text not null references applications (id) on delete cascade,
    package_role text,
    name text not null,
    names jsonb,
    created_at timestamptz not null default now(),
    unique (application_id, package_role)
  )`.execute(db);
  await sql`create unique index app_roles_name_key on app_roles (application_id, lower(name))`.execute(db);
  await sql`create table role_menus (
    role_id text not null references app_roles (id) on delete cascade,
    kind text not null check (kind in ('pc', 'mobile')),
    menu_id text not null,
    primary key (role_id, kind, menu_id)
  )`.execute(db);
  await sql`create table role_resources (
    role_id text not null references app_roles (id) on delete cascade,
    resource_id text not null,
    primary key (role_id, resource_id)
  )`.execute(db);
  await sql`create table role_users (
    role_id text not null references app_roles (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    primary key (role_id, user_id)
  )`.execute(db);
  await sql`create index role_users_user_idx on role_users (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table role_users, role_resources, role_menus, app_roles, app_processes, app_forms, app_menus, app_resources, app_modules, domain_applications`.execute(
    db,
  );
  await sql`alter table applications drop column package_id, drop column version, drop column names, drop column manifest, drop column updated_at`.execute(
    db,
  );
}
