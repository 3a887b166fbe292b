// Appends entries to their chains. A write is one transaction that first takes each chain's advisory
// lock (transaction-scoped, per schema like db/deployment-lock.ts), so on PostgreSQL two instances never
// read the same last hash; on PGlite the single connection already serializes transactions. Entries of
// this instance are written in the order their replies went out, those queued meanwhile together; a
// failed write is logged and never reaches the caller.
import { sql, type Insertable } from 'kysely';
import type { Db, OperationLogTable } from '../db/schema.ts';
import { hashOf, type LogContent } from './chain-hash.ts';
import type { LogDraft } from './entry-of-call.ts';

export interface LogWriter {
  /** Queues the entry; resolves at once. */
  append(draft: LogDraft): void;
  /** Resolves when every queued entry is written (reads of the log wait for it). */
  idle(): Promise<void>;
}

const MAX_BATCH = 200;
const FLUSH_MS = 100;

export const chainOf = (domainId: string | null): string => domainId ?? '';

/** Appends drafts in order, in one transaction: per chain one statement takes its lock and reads where
 *  it ends (its last entry, else its last checkpoint, else ''), with the numbers the new entries get;
 *  then one insert writes them all. A burst of calls costs one round of statements, not one per call. */
export async function appendEntries(db: Db, drafts: readonly LogDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  const byChain = new Map<string, LogDraft[]>();
  for (const draft of drafts) byChain.set(chainOf(draft.domainId), [...(byChain.get(chainOf(draft.domainId)) ?? []), draft]);
  await db.transaction().execute(async (trx) => {
    const rows: Insertable<OperationLogTable>[] = [];
    for (const [chain, own] of byChain) {
      const { rows: [head] } = await sql<{ locked: unknown; last: string; seqs: string[] }>`select
          pg_advisory_xact_lock(hashtext(${`atrium.oplog:${chain}:`}::text || current_schema())) as locked,
          coalesce((select hash from operation_log where chain = ${chain} order by seq desc limit 1),
                   (select last_hash from operation_log_checkpoints where chain = ${chain} order by up_to_seq desc limit 1), '') as last,
          array(select nextval('operation_log_seq')::text from generate_series(1, ${own.length}::int)) as seqs`.execute(trx);
      let prevHash = head.last;
      own.forEach((draft, i) => {
        const content: LogContent = { ...draft, seq: head.seqs[i], chain, at: draft.at.toISOString(), prevHash };
        const hash = hashOf(content);
        rows.push({
          seq: content.seq, chain, at: draft.at, domain_id: draft.domainId, user_id: draft.userId, user_name: draft.userName, user_kind: draft.userKind,
          ip: draft.ip, call_id: draft.callId, method: draft.method, path: draft.path, target_id: draft.targetId,
          change: JSON.stringify(draft.change ?? null), errcode: draft.errcode, message: draft.message, prev_hash: prevHash, hash,
        });
        prevHash = hash;
      });
    }
    await trx.insertInto('operation_log').values(rows).execute();
  });
}

export const appendEntry = (db: Db, draft: LogDraft): Promise<void> => appendEntries(db, [draft]);

/** Entries wait a moment (FLUSH_MS) so that a burst of calls is written in one transaction (under a
 *  stream of workflow actions, one per ~25 instead of ~5: D80); a read of the log (idle) writes what
 *  waits at once. */
export function logWriter(db: Db, onError: (error: unknown) => void): LogWriter {
  const queued: LogDraft[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued.splice(0, MAX_BATCH);
      await appendEntries(db, batch).catch(onError);
    }
    running = null;
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    running ??= drain();
  };
  return {
    append(draft) {
      queued.push(draft);
      if (!running && !timer) timer = setTimeout(flush, FLUSH_MS);
      // A write under way takes what was queued meanwhile when it ends.
    },
    async idle() {
      if (timer || queued.length > 0) flush();
      while (running) await running;
    },
  };
}
