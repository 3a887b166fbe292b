// A count of the engine's units of work on instances in this process (D70), taken once each has ended
// (committed, or else rolled back). A value read from the instances with an older count (the
// monitoring list's kept totals) is then known to be older than this server's own changes.
import { inTransaction } from '../db/in-transaction.ts';
import type { Db } from '../db/schema.ts';

let writes = 0;

export const instanceWrites = (): number => writes;

/** `work` in a transaction (the caller's when `db` is one), counted once it has ended. */
export function writingInstances<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  writes++;
  return inTransaction(db, work).finally(() => {
    writes++;
  });
}
