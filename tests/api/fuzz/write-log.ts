// A per-input check that a refused input stored nothing, cheap enough for every input: row triggers on
// every table of the test database append the table's name to fuzz_writes whenever a row is inserted,
// deleted or really changed (an update to the same values is not a change). A write that is rolled
// back takes its log row with it, so the log holds exactly what was committed. One small query per
// input reads what was written since the last one. Installed only in the fuzz test's own database.
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/schema.ts';
import { VOLATILE } from './store-checksum.ts';

/** Rows that advance on their own (a maintenance job started earlier reports progress): only new
 *  and removed rows count. */
const INSERT_DELETE_ONLY = new Set(['maintenance_jobs']);

export async function installWriteLog(db: Db): Promise<void> {
  await sql`create table fuzz_writes (id bigserial primary key, tbl text not null)`.execute(db);
  await sql`create function fuzz_log_write() returns trigger language plpgsql as $$
    begin insert into fuzz_writes (tbl) values (TG_TABLE_NAME); return null; end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  for (const { name } of rows) {
    if (VOLATILE.has(name) || !/^[a-z_0-9]+$/.test(name)) continue;
    await sql
      .raw(
        `create trigger fuzz_log_insert_delete after insert or delete on "${name}" for each row execute function fuzz_log_write()`,
      )
      .execute(db);
    if (INSERT_DELETE_ONLY.has(name)) continue;
    await sql
      .raw(
        `create trigger fuzz_log_update after update on "${name}" for each row when (old.* is distinct from new.*) execute function fuzz_log_write()`,
      )
      .execute(db);
  }
}

/** Reads the tables written since the last read (in order, repeated per row). */
export function writeReader(db: Db): () => Promise<string[]> {
  let seen = 0;
  return async () => {
    // The position as a literal: with no parameter to bind the statement costs PGlite about a third
    // less, and it runs after every probe (docs/adr/0158-api-tests-less-cpu-per-probe.md).
    const { rows } = await sql<{
      id: string;
      tbl: string;
    }>`select id, tbl from fuzz_writes where id > ${sql.lit(seen)} order by id`.execute(db);
    if (rows.length > 0) seen = Number(rows[rows.length - 1].id);
    return rows.map((r) => r.tbl);
  };
}
