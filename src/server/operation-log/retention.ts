// Removes the entries of a chain older than the retention age: always a prefix of the chain (up to the
// first entry that is younger), so what remains still links. A checkpoint signed with the log's key
// keeps the last removed hash, from which `verify` and the next append continue; the chain's head is
// signed again with the entries that remain (only a head that verifies: docs/adr/0087-operation-log-keyed-chain.md).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { refreshStatistics } from '../db/refresh-statistics.ts';
import { signatureOf } from './chain-hash.ts';
import { headIsValid, headOfRow, writeHeads } from './chain-head.ts';
import { logKeyOf } from './log-key.ts';
import { checkpointContent } from './verify-chain.ts';

export interface RetentionResult {
  deleted: number;
  upTo: string | null;
}

export async function deleteOlderThan(db: Db, chain: string, cutoff: Date, byUser: string): Promise<RetentionResult> {
  const key = await logKeyOf(db);
  const result = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`atrium.oplog:${chain}:`}::text || current_schema()))`.execute(
      trx,
    );
    const young = await trx
      .selectFrom('operation_log')
      .select('seq')
      .where('chain', '=', chain)
      .where('at', '>=', cutoff)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    let last = trx
      .selectFrom('operation_log')
      .select(['seq', 'hash'])
      .where('chain', '=', chain)
      .where('at', '<', cutoff);
    if (young) last = last.where('seq', '<', young.seq);
    const end = await last.orderBy('seq', 'desc').limit(1).executeTakeFirst();
    if (!end) return { deleted: 0, upTo: null };
    const removed = await trx
      .deleteFrom('operation_log')
      .where('chain', '=', chain)
      .where('seq', '<=', end.seq)
      .executeTakeFirst();
    const deleted = Number(removed.numDeletedRows);
    const checkpoint = {
      chain,
      up_to_seq: end.seq,
      last_hash: end.hash,
      deleted,
      at: new Date(),
      by_user: byUser,
    };
    await trx
      .insertInto('operation_log_checkpoints')
      .values({ ...checkpoint, signature: signatureOf(key.secret, checkpointContent(checkpoint)) })
      .execute();
    const stored = await trx
      .selectFrom('operation_log_heads')
      .selectAll()
      .where('chain', '=', chain)
      .executeTakeFirst();
    const head = stored && headOfRow(stored);
    if (head && headIsValid(key, head)) await writeHeads(trx, key, [{ ...head, entries: head.entries - deleted }]);
    return { deleted, upTo: String(end.seq) };
  });
  // A year's entries gone leave the planner's row counts of the log stale (docs/adr/0109-statistics-after-bulk-writes.md).
  await refreshStatistics(db, { operation_log: result.deleted });
  return result;
}
