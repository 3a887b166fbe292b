// What the planner believes of a table (pg_class.reltuples, on both databases) against what it holds:
// equal once ANALYZE has read a table small enough to be sampled whole (docs/adr/0109-statistics-after-bulk-writes.md).
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/schema.ts';

export async function plannerRows(db: Db, table: string): Promise<{ estimated: number; stored: number }> {
  const estimate = await sql<{ n: number }>`
    select reltuples::float8 as n from pg_class where oid = to_regclass(${table})`.execute(db);
  const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return { estimated: Number(estimate.rows[0].n), stored: Number(count.rows[0].n) };
}
