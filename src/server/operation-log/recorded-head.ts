// Checks a head recorded outside the database earlier (the last entry's number and hash an intact
// verify gave) against the chain now: the one thing that shows a rollback of a whole chain and its
// head to an earlier state they were both in (docs/adr/0087-operation-log-keyed-chain.md).
import type { Db } from '../db/schema.ts';
import { sameHash } from './chain-hash.ts';
import { int8 } from '../db/int8.ts';

/** holds: the entry is there with that hash, or a signed checkpoint of a later retention delete covers
 *  it; different: the entry is there with another hash; gone: the chain no longer reaches it. */
export type RecordedHead = 'holds' | 'different' | 'gone';

export async function recordedHead(db: Db, chain: string, seq: string, hash: string): Promise<RecordedHead> {
  const entry = await db
    .selectFrom('operation_log')
    .select('hash')
    .where('chain', '=', chain)
    .where('seq', '=', int8(seq))
    .executeTakeFirst();
  if (entry) return sameHash(entry.hash, hash) ? 'holds' : 'different';
  const covered = await db
    .selectFrom('operation_log_checkpoints')
    .select('last_hash')
    .where('chain', '=', chain)
    .where('up_to_seq', '>=', int8(seq))
    .limit(1)
    .executeTakeFirst();
  return covered ? 'holds' : 'gone';
}
