// The flow-monitoring list and the operation log at a million rows of one tenant
// (docs/adr/0138-flow-list-and-log-plans.md): an index for each search, matched to its filter and to
// the list's order, and the log's exact entry count per chain kept by statement-level triggers as the
// users' counts are (migration 0012), so the plain log page does not count a million rows per request.
// The substring searches get trigram indexes when pg_trgm is installed (migration 0012 installs it
// where it is available; PGlite ships it).
import { sql, type Kysely } from 'kysely';

const TRIGRAM_INDEXES: [string, string, string][] = [
  ['flow_instances_summary_trgm_idx', 'flow_instances', 'summary'],
  ['operation_log_user_name_trgm_idx', 'operation_log', 'user_name'],
  ['operation_log_ip_trgm_idx', 'operation_log', 'ip'],
  ['operation_log_call_trgm_idx', 'operation_log', 'call_id'],
  ['operation_log_path_trgm_idx', 'operation_log', 'path'],
  ['operation_log_target_trgm_idx', 'operation_log', 'target_id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Last approver: that person's instances in the list's order, as 0034's index by initiator.
  await sql`create index flow_instances_last_actor_activity_idx on flow_instances (last_actor_id, updated_at desc, id)
    include (domain_id, application_id, status)`.execute(db);
  // Current node: only instances that wait somewhere, in the list's order, carrying what the node
  // search reads (the stored names and the nodes' ids), so a page and its count never visit a row.
  await sql`create index flow_instances_waiting_idx on flow_instances (domain_id, updated_at desc, id)
    include (application_id, process_id, status, state_label, state_nodes)
    where state_label <> '' or cardinality(state_nodes) > 0`.execute(db);
  // First processing dates: 0017's index by start, now carrying the status and the list's order key,
  // so a window's page (a top-N of its entries) and count are read from the index alone.
  await sql`create index flow_instances_started_activity_idx on flow_instances (domain_id, application_id, started_at desc)
    include (status, updated_at, id)`.execute(db);
  await sql`drop index flow_instances_domain_idx`.execute(db);
  // The log's dates (and outcome) window of one chain, newest first by number.
  await sql`create index operation_log_chain_at_idx on operation_log (chain, at) include (errcode, seq)`.execute(db);
  // The operator searched by id as well as by name (the other half of the name search's OR).
  await sql`create index operation_log_user_idx on operation_log (user_id)`.execute(db);

  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (rows.length > 0) {
    const opclass = sql.raw(`${rows[0].schema}.gin_trgm_ops`);
    for (const [name, table, column] of TRIGRAM_INDEXES)
      await sql`create index ${sql.raw(name)} on ${sql.table(table)} using gin (lower(${sql.ref(column)}) ${opclass})`.execute(
        db,
      );
  }

  await sql`create table operation_log_counts (chain text primary key, entries bigint not null)`.execute(db);
  await sql`create function operation_log_counts_apply() returns trigger language plpgsql as $$
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
  await sql`create trigger operation_log_count_insert after insert on operation_log referencing new table as added
    for each statement execute function operation_log_counts_apply()`.execute(db);
  await sql`create trigger operation_log_count_delete after delete on operation_log referencing old table as gone
    for each statement execute function operation_log_counts_apply()`.execute(db);
  await sql`create trigger operation_log_count_update after update on operation_log referencing old table as gone new table as added
    for each statement execute function operation_log_counts_apply()`.execute(db);
  await sql`create function operation_log_counts_truncate() returns trigger language plpgsql as $$
    begin
      delete from operation_log_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger operation_log_count_truncate after truncate on operation_log
    for each statement execute function operation_log_counts_truncate()`.execute(db);
  await sql`insert into operation_log_counts (chain, entries) select chain, count(*) from operation_log group by 1`.execute(
    db,
  );
  // The planner knows an expression (lower(summary), lower(call_id), …) only once ANALYZE has sampled
  // the index on it: until then it guesses 100 matches for every search and picks a trigram scan of
  // 143,000 entries over a walk that stops at the page (docs/adr/0138-flow-list-and-log-plans.md).
  await sql`analyze flow_instances`.execute(db);
  await sql`analyze operation_log`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger operation_log_count_truncate on operation_log`.execute(db);
  await sql`drop trigger operation_log_count_update on operation_log`.execute(db);
  await sql`drop trigger operation_log_count_delete on operation_log`.execute(db);
  await sql`drop trigger operation_log_count_insert on operation_log`.execute(db);
  await sql`drop function operation_log_counts_truncate()`.execute(db);
  await sql`drop function operation_log_counts_apply()`.execute(db);
  await sql`drop table operation_log_counts`.execute(db);
  for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
  await sql`drop index operation_log_user_idx`.execute(db);
  await sql`drop index operation_log_chain_at_idx`.execute(db);
  await sql`create index flow_instances_domain_idx on flow_instances (domain_id, application_id, started_at desc)`.execute(
    db,
  );
  await sql`drop index flow_instances_started_activity_idx`.execute(db);
  await sql`drop index flow_instances_waiting_idx`.execute(db);
  await sql`drop index flow_instances_last_actor_activity_idx`.execute(db);
}
