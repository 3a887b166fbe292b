// A cheap fingerprint of everything stored: per table, its row count and a hash over its rows, in
// one statement. Tables that change on every request by design (sessions touched, check codes, rate
// counters) are left out, and background jobs' progress is not compared.
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/schema.ts';

/** Touched on every request by design (sessions' last use, check codes, rate counters), or by a
 *  background round rather than by a call (the server's own samples, docs/adr/0059-system-monitoring.md). The operation log (docs/adr/0056-operation-log.md) is
 *  written after every call with effects, refused ones included, with its chains' signed heads (ADR
 *  0087) and entry counts (docs/adr/0138-flow-list-and-log-plans.md) and operator names (docs/adr/0213-flow-people-and-log-operators-resolved-first.md): that is its job, so a refused input's entry is not a change the input made. The dashboard keeps the past days' figures it computes (docs/adr/0076-dashboard-kept-days.md):
 *  derived from the instances, written by its reads. */
export const VOLATILE = new Set([
  'sessions',
  'captchas',
  'rate_limit_hits',
  'fuzz_writes',
  'server_samples',
  'operation_log',
  'operation_log_heads',
  'operation_log_counts',
  'operation_log_operators',
  'sync_runs',
  'flow_figure_days',
]);
/** Tables whose rows advance on their own (a maintenance job started earlier reports progress): only
 *  their row count is compared, so a new row still shows. */
const COUNT_ONLY = new Set(['maintenance_jobs']);

export type StoreChecksum = Record<string, string>;

let statement: { tables: string[]; text: string } | undefined;

async function tablesOf(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !VOLATILE.has(name) && /^[a-z_0-9]+$/.test(name));
}

/** table → "rows:hash". The table list is read once per process (every test database has the same). */
export async function storeChecksum(db: Db): Promise<StoreChecksum> {
  if (!statement) {
    const tables = await tablesOf(db);
    const text = tables
      .map((t) =>
        COUNT_ONLY.has(t)
          ? `select '${t}' as t, count(*) || '' as h from "${t}" x`
          : `select '${t}' as t, count(*) || ':' || md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from "${t}" x`,
      )
      .join(' union all ');
    statement = { tables, text };
  }
  const { rows } = await sql<{ t: string; h: string }>`${sql.raw(statement.text)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: StoreChecksum, after: StoreChecksum): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
