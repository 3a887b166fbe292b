// Appends entries to their chain. Each append is one transaction that first takes the chain's advisory
// lock (transaction-scoped, per schema like db/deployment-lock.ts), so on PostgreSQL two instances never
// read the same last hash; on PGlite the single connection already serializes transactions. Entries of
// this instance are written one after the other, after their replies went out; a failed write is logged
// and never reaches the caller.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { hashOf, type LogContent } from './chain-hash.ts';
import type { LogDraft } from './entry-of-call.ts';

export interface LogWriter {
  /** Queues the entry; resolves at once. */
  append(draft: LogDraft): void;
  /** Resolves when every queued entry is written (reads of the log wait for it). */
  idle(): Promise<void>;
}

export const chainOf = (domainId: string | null): string => domainId ?? '';

export async function appendEntry(db: Db, draft: LogDraft): Promise<void> {
  const chain = chainOf(draft.domainId);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`atrium.oplog:${chain}:`}::text || current_schema()))`.execute(trx);
    const last = await trx.selectFrom('operation_log').select('hash').where('chain', '=', chain).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    const { rows } = await sql<{ seq: string }>`select nextval('operation_log_seq')::text as seq`.execute(trx);
    const content: LogContent = { ...draft, seq: rows[0].seq, chain, at: draft.at.toISOString(), prevHash: last?.hash ?? (await checkpointHash(trx, chain)) };
    await trx.insertInto('operation_log').values({
      seq: content.seq, chain, at: draft.at, domain_id: draft.domainId, user_id: draft.userId, user_name: draft.userName, user_kind: draft.userKind,
      ip: draft.ip, call_id: draft.callId, method: draft.method, path: draft.path, target_id: draft.targetId,
      change: JSON.stringify(draft.change ?? null), errcode: draft.errcode, message: draft.message, prev_hash: content.prevHash, hash: hashOf(content),
    }).execute();
  });
}

/** An empty chain continues from its last checkpoint (everything before it was deleted), else from ''. */
async function checkpointHash(db: Db, chain: string): Promise<string> {
  const checkpoint = await db.selectFrom('operation_log_checkpoints').select('last_hash').where('chain', '=', chain).orderBy('up_to_seq', 'desc').limit(1).executeTakeFirst();
  return checkpoint?.last_hash ?? '';
}

export function logWriter(db: Db, onError: (error: unknown) => void): LogWriter {
  let tail: Promise<void> = Promise.resolve();
  return {
    append(draft) {
      tail = tail.then(() => appendEntry(db, draft)).catch(onError);
    },
    idle: () => tail,
  };
}
