// The operation log's pages at a million entries (docs/adr/0146-log-pages-kept-and-anchored.md): the
// chain's count row (migration 0044) also counts the statements that changed the chain and the entries
// removed from it, so a list can tell from that one row whether a page it read is still the chain's
// (kept pages) and whether the chain's oldest entries are still where its deep-page anchors say.
// A refused entry's window of dates gets an index of the refused entries alone.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operation_log_counts add column changes bigint not null default 0`.execute(db);
  await sql`alter table operation_log_counts add column removed bigint not null default 0`.execute(db);
  await sql`create or replace function operation_log_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into operation_log_counts (chain, entries, changes) select chain, count(*), 1 from added group by 1
          on conflict (chain) do update set entries = operation_log_counts.entries + excluded.entries,
            changes = operation_log_counts.changes + 1;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update operation_log_counts c set entries = c.entries - g.n,
            removed = c.removed + case when tg_op = 'DELETE' then g.n else 0 end,
            changes = c.changes + case when tg_op = 'DELETE' then 1 else 0 end
          from (select chain, count(*) as n from gone group by 1) g where c.chain = g.chain;
      end if;
      return null;
    end $$`.execute(db);
  // Emptied, not deleted: a chain's stamps only grow, so a page kept before a truncate is never taken
  // for one read after it.
  await sql`create or replace function operation_log_counts_truncate() returns trigger language plpgsql as $$
    begin
      update operation_log_counts set removed = removed + entries, entries = 0, changes = changes + 1;
      return null;
    end $$`.execute(db);
  await sql`create index operation_log_refused_idx on operation_log (chain, at) include (seq) where errcode <> 0`.execute(
    db,
  );
  await sql`analyze operation_log`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index operation_log_refused_idx`.execute(db);
  await sql`create or replace function operation_log_counts_truncate() returns trigger language plpgsql as $$
    begin
      delete from operation_log_counts;
      return null;
    end $$`.execute(db);
  await sql`create or replace function operation_log_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        insert into operation_log_counts (chain, entries) select chain, count(*) from added group by 1
          on conflict (chain) do update set entries = operation_log_counts.entries + excluded.entries;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update operation_log_counts c set entries = c.entries - g.n
          from (select chain, count(*) as n from gone group by 1) g where c.chain = g.chain;
      end if;
      return null;
    end $$`.execute(db);
  await sql`alter table operation_log_counts drop column removed`.execute(db);
  await sql`alter table operation_log_counts drop column changes`.execute(db);
}
