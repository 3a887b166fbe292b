// The whole tenant's users page answered its exact total by summing the tenant's user_counts rows, one
// per department (1,000 in a big tenant: 0.23 of the prepared page's 0.27 ms in PostgreSQL). The same
// statement triggers (migration 0012) now keep one total per tenant beside them, in the transaction of
// every statement that writes users (a save, a move, an import, a sync, a tenant's deletion), with its
// own count of those statements as the whole list's stamp (migration 0056). The tenants a statement
// touched are written in id order first, so two writers of one tenant queue on its total before either
// takes a department's row (docs/adr/0205-lists-bench-server-in-its-own-process.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No statement of another server writes users between the new function and the totals read below.
  await sql`lock table users in share mode`.execute(db);
  await sql`create table user_totals (
    domain_id text primary key,
    users integer not null,
    changes bigint not null default 0
  )`.execute(db);
  await sql`create or replace function user_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into user_totals (domain_id, users, changes)
          select domain_id, count(*), 1 from added group by 1 order by 1
          on conflict (domain_id) do update set users = user_totals.users + excluded.users,
            changes = user_totals.changes + 1;
      elsif tg_op = 'DELETE' then
        insert into user_totals (domain_id, users, changes)
          select domain_id, -count(*), 1 from gone group by 1 order by 1
          on conflict (domain_id) do update set users = user_totals.users + excluded.users,
            changes = user_totals.changes + 1;
      else
        insert into user_totals (domain_id, users, changes)
          select domain_id, sum(n), 1 from (
            select domain_id, 1 as n from added union all select domain_id, -1 from gone) d
          group by 1 order by 1
          on conflict (domain_id) do update set users = user_totals.users + excluded.users,
            changes = user_totals.changes + 1;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into user_counts (domain_id, department_id, users, changes)
          select domain_id, coalesce(department_id, ''), count(*), 1 from added group by 1, 2
          on conflict (domain_id, department_id) do update set users = user_counts.users + excluded.users,
            changes = user_counts.changes + 1;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update user_counts c set users = c.users - g.n, changes = c.changes + 1
          from (select domain_id, coalesce(department_id, '') as department_id, count(*) as n from gone group by 1, 2) g
          where c.domain_id = g.domain_id and c.department_id = g.department_id;
      end if;
      return null;
    end $$`.execute(db);
  // From the rows of each tenant, the stamp included: a stamp only grows, and it starts where its sum was.
  await sql`insert into user_totals (domain_id, users, changes)
    select domain_id, sum(users), sum(changes) from user_counts group by 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function user_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into user_counts (domain_id, department_id, users, changes)
          select domain_id, coalesce(department_id, ''), count(*), 1 from added group by 1, 2
          on conflict (domain_id, department_id) do update set users = user_counts.users + excluded.users,
            changes = user_counts.changes + 1;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update user_counts c set users = c.users - g.n, changes = c.changes + 1
          from (select domain_id, coalesce(department_id, '') as department_id, count(*) as n from gone group by 1, 2) g
          where c.domain_id = g.domain_id and c.department_id = g.department_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop table user_totals`.execute(db);
}
