// A per-input check that a refused input stored nothing, cheap enough for every input: row triggers on
// every table of the test database append the table's name to fuzz_writes whenever a row is inserted,
// deleted or really changed (an update to the same values is not a change). A write that is rolled
// back takes its log row with it, so the log holds exactly what was committed. One small query per
// input reads what was written since the last one. Installed only in the fuzz test's own database.
// Each logged row is also announced on the change channel, heard before the commit returns
// (src/server/db/migrations/0016-change-notices.ts): an input that announced nothing skips the query,
// and `confirm` reads the log once per call to prove no write went unannounced
// (docs/adr/0181-api-walks-read-the-write-log-when-announced.md).
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/schema.ts';
import { CHANGES_CHANNEL } from '../../../src/server/db/table-changes.ts';
import type { AtriumDatabase } from '../../../src/server/db/connect.ts';
import { VOLATILE } from './store-checksum.ts';

/** Rows that advance on their own (a maintenance job started earlier reports progress): only new
 *  and removed rows count. */
const INSERT_DELETE_ONLY = new Set(['maintenance_jobs']);

export async function installWriteLog(db: Db): Promise<void> {
  await sql`create table fuzz_writes (id bigserial primary key, tbl text not null)`.execute(db);
  await sql`create function fuzz_log_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (tbl) values (TG_TABLE_NAME);
      perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, ${sql.lit(ANNOUNCED)});
      return null;
    end $$`.execute(db);
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

/** The change channel's key of a logged write: no table is so named, so no cache of the server reads it. */
const ANNOUNCED = 'fuzz_writes';

export interface WriteReader {
  /** The tables written since the last read (in order, repeated per row). */
  (): Promise<string[]>;
  /** Reads the log itself when no write was announced since the last read: what it returns was
   *  written unannounced (a read skipped wrongly), so it must be empty. */
  confirm(): Promise<string[]>;
  /** Reads of the log made, and reads skipped as nothing was announced. */
  readonly counts: { reads: number; skipped: number };
}

/** Reads the tables written since the last read; on PGlite only when a write was announced since. */
export function writeReader(database: AtriumDatabase): WriteReader {
  const { db } = database;
  let seen = 0;
  const counts = { reads: 0, skipped: 0 };
  const read = async () => {
    counts.reads++;
    // The position as a literal: with no parameter to bind the statement costs PGlite about a third
    // less, and it runs after every probe (docs/adr/0158-api-tests-less-cpu-per-probe.md).
    const { rows } = await sql<{
      id: string;
      tbl: string;
    }>`select id, tbl from fuzz_writes where id > ${sql.lit(seen)} order by id`.execute(db);
    if (rows.length > 0) seen = Number(rows[rows.length - 1].id);
    return rows.map((r) => r.tbl);
  };
  // Every connection of the server's pool listens, and the one that commits hears its own notice before
  // the commit's reply (PGlite: one connection; PostgreSQL: a session's own notices precede its
  // ReadyForQuery): a write the server made is announced before its answer leaves
  // (docs/adr/0187-cheaper-refused-requests.md). With no connection listening, every read queries.
  const heard = database.changes.live ? database.changes : undefined;
  if (!heard) return Object.assign(read, { confirm: async () => [], counts });
  let stamp = heard.stamp([ANNOUNCED]);
  const reader = async () => {
    const now = heard.stamp([ANNOUNCED]);
    if (now === stamp) {
      counts.skipped++;
      return [];
    }
    stamp = now;
    return read();
  };
  // An announced write is left to the next read, which attributes it as every read does.
  const confirm = async () => (heard.stamp([ANNOUNCED]) === stamp ? read() : []);
  return Object.assign(reader, { confirm, counts });
}
