// The users lists' deep pages start after kept anchors (docs/adr/0115-short-fragment-search.md), which
// hold only while the list's users are unchanged (docs/adr/0198-users-list-anchors-and-cost.md). Every
// statement that writes users already writes the count rows of the tenants and departments it touched
// (migration 0012): those rows also count the statements (`changes`), so the page's own statement reads,
// beside its count, whether the anchors it started from were read from the same users. Rows are never
// deleted, so a list's summed stamp only grows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_counts add column changes bigint not null default 0`.execute(db);
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function user_counts_apply() returns trigger language plpgsql as $$
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
  await sql`alter table user_counts drop column changes`.execute(db);
}
