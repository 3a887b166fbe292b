// The operation log's call search counted from an index (docs/adr/0165-off-order-pages-and-resolved-log-calls.md):
// the calls each chain has logged, kept by the chain's statement triggers (migrations 0044, 0046), so a
// search resolves its text to call ids first, and the entries of those calls are counted from a
// (chain, call_id) B-tree alone (deduplicated: a few bytes an entry) instead of visiting every matching
// row behind the trigram index.
import { sql, type Kysely } from 'kysely';

/** 0046's count function, which this migration extends with the calls seen. */
const countsOnly = sql`if tg_op in ('INSERT', 'UPDATE') then
        insert into operation_log_counts (chain, entries, changes) select chain, count(*), 1 from added group by 1
          on conflict (chain) do update set entries = operation_log_counts.entries + excluded.entries,
            changes = operation_log_counts.changes + 1;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update operation_log_counts c set entries = c.entries - g.n,
            removed = c.removed + case when tg_op = 'DELETE' then g.n else 0 end,
            changes = c.changes + case when tg_op = 'DELETE' then 1 else 0 end
          from (select chain, count(*) as n from gone group by 1) g where c.chain = g.chain;
      end if;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every call a chain has logged, never removed (a call whose entries were all deleted counts 0): the
  // writer appends under the chain's advisory lock, so the row it may add takes no new lock.
  await sql`create table operation_log_calls (chain text not null, call_id text not null, primary key (chain, call_id))`.execute(
    db,
  );
  await sql`insert into operation_log_calls (chain, call_id) select distinct chain, call_id from operation_log`.execute(
    db,
  );
  await sql`create or replace function operation_log_counts_apply() returns trigger language plpgsql as $$
    begin
      ${countsOnly}
      if tg_op in ('INSERT', 'UPDATE') then
        insert into operation_log_calls (chain, call_id) select distinct chain, call_id from added
          on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create index operation_log_chain_call_idx on operation_log (chain, call_id)`.execute(db);
  await sql`analyze operation_log`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index operation_log_chain_call_idx`.execute(db);
  await sql`create or replace function operation_log_counts_apply() returns trigger language plpgsql as $$
    begin
      ${countsOnly}
      return null;
    end $$`.execute(db);
  await sql`drop table operation_log_calls`.execute(db);
}
