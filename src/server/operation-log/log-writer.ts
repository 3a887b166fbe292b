// Appends entries to their chains. A write is one transaction that first takes each chain's advisory
// lock (transaction-scoped, per schema like db/deployment-lock.ts) in a statement of its own, so on
// PostgreSQL two instances never read the same head; on PGlite the single connection already serializes
// transactions. Each entry's hash is keyed with the log's key and the chain's signed head moves with
// the insert, in the same statement (docs/adr/0087-operation-log-keyed-chain.md). Entries of this instance are written in the order their
// replies went out, those queued meanwhile together; a failed write is logged and never reaches the caller.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, OperationLogHeads, OperationLog } from '../db/schema.ts';
import { keyedHashOf, type LogContent } from './chain-hash.ts';
import {
  HEAD_ROWS,
  HEAD_UPSERT,
  headIsValid,
  headOfRow,
  lockChains,
  signedHeadRows,
  type ChainHead,
} from './chain-head.ts';
import type { LogDraft } from './entry-of-call.ts';
import { logKeyOf, type LogKey } from './log-key.ts';

export interface LogWriter {
  /** Queues the entry; resolves at once. */
  append(draft: LogDraft): void;
  /** Resolves when every queued entry is written (reads of the log wait for it). */
  idle(): Promise<void>;
}

const MAX_BATCH = 200;
const FLUSH_MS = 100;

const ENTRY_COLUMNS = sql.raw(
  'seq, chain, at, domain_id, user_id, user_name, user_kind, ip, call_id, method, path, target_id, change, errcode, message, prev_hash, hash',
);

export const chainOf = (domainId: string | null): string => domainId ?? '';

interface ChainEnd {
  chain: string;
  /** The head as stored, when there is one. */
  head: Selectable<OperationLogHeads> | null;
  last_hash: string;
  seqs: string[];
}

/** Appends drafts in order, in one transaction of three statements whatever the burst: the chains'
 *  locks; where each chain ends (its head, else — a head deleted — its last entry or checkpoint) with
 *  the numbers its new entries get; the entries inserted and the heads signed again together, given as
 *  JSON so that the statement's text is the same for any burst. */
export async function appendEntries(db: Db, drafts: readonly LogDraft[], key?: LogKey): Promise<void> {
  if (drafts.length === 0) return;
  const logKey = key ?? (await logKeyOf(db));
  const byChain = new Map<string, LogDraft[]>();
  for (const draft of drafts)
    byChain.set(chainOf(draft.domainId), [...(byChain.get(chainOf(draft.domainId)) ?? []), draft]);
  const chains = [...byChain.keys()];
  await db.transaction().execute(async (trx) => {
    await lockChains(trx, chains);
    const { rows: ends } =
      await sql<ChainEnd>`select c.chain, case when h.chain is null then null else to_jsonb(h) end as head,
        coalesce(h.last_hash, (select hash from operation_log where chain = c.chain order by seq desc limit 1),
                 (select last_hash from operation_log_checkpoints where chain = c.chain order by up_to_seq desc limit 1), '') as last_hash,
        array(select nextval('operation_log_seq')::text from generate_series(1, c.n)) as seqs
      from unnest(${chains}::text[], ${chains.map((c) => byChain.get(c)!.length)}::int[]) as c(chain, n)
      left join operation_log_heads h on h.chain = c.chain`.execute(trx);
    const rows: Array<Omit<Insertable<OperationLog>, 'change'> & { change: unknown }> = [];
    const heads: Omit<ChainHead, 'keyId'>[] = [];
    for (const end of ends) {
      let prevHash = end.last_hash;
      byChain.get(end.chain)!.forEach((draft, i) => {
        const content: LogContent = {
          ...draft,
          seq: end.seqs[i],
          chain: end.chain,
          at: draft.at.toISOString(),
          prevHash,
        };
        const hash = keyedHashOf(logKey.secret, content);
        rows.push({
          seq: content.seq,
          chain: end.chain,
          at: draft.at,
          domain_id: draft.domainId,
          user_id: draft.userId,
          user_name: draft.userName,
          user_kind: draft.userKind,
          ip: draft.ip,
          call_id: draft.callId,
          method: draft.method,
          path: draft.path,
          target_id: draft.targetId,
          change: draft.change ?? null,
          errcode: draft.errcode,
          message: draft.message,
          prev_hash: prevHash,
          hash,
        });
        prevHash = hash;
      });
      // Only a head that verifies is moved on, and a new one only starts an empty chain: a head someone
      // deleted or wrote without the key stays as verify will find it, never signed good again.
      const head = end.head && headOfRow(end.head);
      const extended = head ? headIsValid(logKey, head) : end.last_hash === '';
      if (extended)
        heads.push({
          chain: end.chain,
          entries: (head?.entries ?? 0) + end.seqs.length,
          lastSeq: end.seqs[end.seqs.length - 1],
          lastHash: prevHash,
          keyedFrom: head?.keyedFrom ?? '0',
        });
    }
    await sql`with written as (insert into operation_log (${ENTRY_COLUMNS})
        select ${ENTRY_COLUMNS} from jsonb_populate_recordset(null::operation_log, ${JSON.stringify(rows)}::jsonb))
      insert into operation_log_heads ${HEAD_ROWS(signedHeadRows(logKey, heads))} ${HEAD_UPSERT}`.execute(trx);
  });
}

export const appendEntry = (db: Db, draft: LogDraft): Promise<void> => appendEntries(db, [draft]);

/** Entries wait a moment (FLUSH_MS) so that a burst of calls is written in one transaction (under a
 *  stream of workflow actions, one per ~25 instead of ~5: docs/adr/0080-submissions-caller-check-locks.md); a read of the log (idle) writes what
 *  waits at once. */
export function logWriter(db: Db, onError: (error: unknown) => void): LogWriter {
  const queued: LogDraft[] = [];
  // Read once: ATRIUM_LOG_KEY is read at start, and the key in the database never changes.
  let key: Promise<LogKey> | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued.splice(0, MAX_BATCH);
      key ??= logKeyOf(db);
      await key
        .then((k) => appendEntries(db, batch, k))
        .catch((error: unknown) => {
          key = null; // a key that could not be read is read again by the next write
          onError(error);
        });
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
