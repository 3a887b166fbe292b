// The operation log searched by operator at a million entries (docs/adr/0213-flow-people-and-log-operators-resolved-first.md):
// a chain holds few distinct operator names (its people and administrators) however many entries it
// has, so a search resolves its text to those names first, in a table of each chain's names kept by
// the log's statement triggers (migrations 0044, 0046), then reads each name's newest entries from an
// index in the list's order, merged. A two-character Chinese name has no trigram: the LIKE read every
// entry of the chain for the page and again for the total.
import { sql, type Kysely } from 'kysely';

const COUNTS_APPLY = (
  names: boolean,
) => sql`create or replace function operation_log_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into operation_log_counts (chain, entries, changes) select chain, count(*), 1 from added group by 1
          on conflict (chain) do update set entries = operation_log_counts.entries + excluded.entries,
            changes = operation_log_counts.changes + 1;${sql.raw(
              names
                ? `
        insert into operation_log_operators (chain, user_name) select distinct chain, user_name from added
          order by 1, 2 on conflict do nothing;`
                : '',
            )}
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update operation_log_counts c set entries = c.entries - g.n,
            removed = c.removed + case when tg_op = 'DELETE' then g.n else 0 end,
            changes = c.changes + case when tg_op = 'DELETE' then 1 else 0 end
          from (select chain, count(*) as n from gone group by 1) g where c.chain = g.chain;
      end if;
      return null;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // No entry is appended between the names read below and the trigger that keeps them.
  await sql`lock table operation_log in share mode`.execute(db);
  // A name is kept once one entry of the chain carried it; a delete or a truncate leaves it (a name
  // with no entry left matches nothing, so a search stays exact).
  await sql`create table operation_log_operators (
    chain text not null,
    user_name text not null,
    primary key (chain, user_name)
  )`.execute(db);
  await COUNTS_APPLY(true).execute(db);
  await sql`insert into operation_log_operators (chain, user_name)
    select distinct chain, user_name from operation_log`.execute(db);
  await sql`create index operation_log_operator_idx on operation_log (chain, user_name, seq)`.execute(db);
  await sql`analyze operation_log, operation_log_operators`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await COUNTS_APPLY(false).execute(db);
  await sql`drop index operation_log_operator_idx`.execute(db);
  await sql`drop table operation_log_operators`.execute(db);
}
