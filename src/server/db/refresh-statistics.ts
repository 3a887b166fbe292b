// Refreshes the planner's statistics of the tables a bulk write filled (docs/adr/0109-statistics-after-bulk-writes.md):
// an import, a sync or the demo seed may multiply a table, and until ANALYZE the planner keeps the old
// row counts and picks plans for a table a hundredth the size. Autovacuum would catch up some time on
// PostgreSQL when it is on; PGlite has none. Called once the write is committed, never inside it.
import { sql } from 'kysely';
import type { DB, Db } from './schema.ts';

/** A write smaller than this never matters to a plan, whatever the table's size. */
export const BULK_ROWS = 1000;
/** …nor one under this share of the table's estimated rows (autovacuum's default analyze scale factor). */
export const BULK_SHARE = 0.1;

/** Rows inserted or updated, by table. */
export type RowsWritten = Partial<Record<keyof DB, number>>;

interface Warn {
  warn(details: object, message: string): void;
}

/** Runs ANALYZE on each table whose written rows reach both bounds; answers the tables it analysed.
 *  Never throws: a failed refresh costs only slow plans until autovacuum, so it is logged, not raised. */
export async function refreshStatistics(db: Db, written: RowsWritten, log?: Warn): Promise<string[]> {
  const analysed: string[] = [];
  for (const [table, rows] of Object.entries(written)) {
    if (!rows || rows < BULK_ROWS) continue;
    try {
      // reltuples is -1 (PostgreSQL 14+) or 0 for a table never analysed: any bulk write counts then.
      const estimate = await sql<{ reltuples: number }>`
        select reltuples::float8 as reltuples from pg_class where oid = to_regclass(${table})`.execute(db);
      if (rows < BULK_SHARE * Math.max(0, Number(estimate.rows[0]?.reltuples ?? 0))) continue;
      await sql`analyze ${sql.table(table)}`.execute(db);
      analysed.push(table);
    } catch (error) {
      log?.warn({ err: error, table }, 'refreshing the statistics after a bulk write failed');
    }
  }
  return analysed;
}
