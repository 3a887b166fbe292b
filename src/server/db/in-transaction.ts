// Runs `work` in a transaction: a new one, or the caller's when `db` already is one. A save function
// written for one call (users.create) can then also be one step of a bigger unit of work (a row of an
// Excel import, inside its own transaction or a preview's savepoint).
import type { Db } from './schema.ts';

export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
