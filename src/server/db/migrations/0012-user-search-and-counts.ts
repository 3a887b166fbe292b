// Two things a 100,000-user tenant needs for its users page (measured by the bench):
// - a name or login search ("contains") served by trigram indexes, when pg_trgm is installable
//   (PGlite ships it; a PostgreSQL without the contrib package keeps the slower scan);
// - the exact user count per tenant and department kept by statement-level triggers, so the
//   unfiltered page answers its rowCount without counting the tenant's rows on every request (docs/adr/0037-large-tenant.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: available } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available[0].n > 0) {
    // One extension serves every installation sharing the database: it goes to the public schema (not
    // this installation's, whose drop would take the others' indexes along), one creator at a time.
    await sql`select pg_advisory_xact_lock(hashtext('atrium: create extension pg_trgm'))`.execute(db);
    const { rows: publicSchema } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_namespace where nspname = 'public'`.execute(db);
    await (
      publicSchema[0].n > 0
        ? sql`create extension if not exists pg_trgm schema public`
        : sql`create extension if not exists pg_trgm`
    ).execute(db);
    // An older installation may have put it in a schema of its own.
    const { rows } = await sql<{
      schema: string;
    }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    const opclass = sql.raw(`${rows[0].schema}.gin_trgm_ops`);
    await sql`create index users_name_trgm_idx on users using gin (lower(name) ${opclass})`.execute(db);
    await sql`create index users_loginno_trgm_idx on users using gin (lower(loginno) ${opclass})`.execute(db);
  }

  await sql`create table user_counts (
    domain_id text not null,
    department_id text not null,
    users integer not null,
    primary key (domain_id, department_id)
  )`.execute(db);
  // One function for every change: the rows added count up, the rows gone count down ('' = no department).
  await sql`create function user_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into user_counts (domain_id, department_id, users)
          select domain_id, coalesce(department_id, ''), count(*) from added group by 1, 2
          on conflict (domain_id, department_id) do update set users = user_counts.users + excluded.users;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update user_counts c set users = c.users - g.n
          from (select domain_id, coalesce(department_id, '') as department_id, count(*) as n from gone group by 1, 2) g
          where c.domain_id = g.domain_id and c.department_id = g.department_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_count_insert after insert on users referencing new table as added for each statement execute function user_counts_apply()`.execute(
    db,
  );
  await sql`create trigger users_count_delete after delete on users referencing old table as gone for each statement execute function user_counts_apply()`.execute(
    db,
  );
  await sql`create trigger users_count_update after update on users referencing old table as gone new table as added for each statement execute function user_counts_apply()`.execute(
    db,
  );
  await sql`insert into user_counts (domain_id, department_id, users) select domain_id, coalesce(department_id, ''), count(*) from users group by 1, 2`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_count_update on users`.execute(db);
  await sql`drop trigger users_count_delete on users`.execute(db);
  await sql`drop trigger users_count_insert on users`.execute(db);
  await sql`drop function user_counts_apply()`.execute(db);
  await sql`drop table user_counts`.execute(db);
  await sql`drop index if exists users_loginno_trgm_idx`.execute(db);
  await sql`drop index if exists users_name_trgm_idx`.execute(db);
}
