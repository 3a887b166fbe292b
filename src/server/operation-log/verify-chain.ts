// Verifies a chain against its signed head (docs/adr/0087-operation-log-keyed-chain.md): the head must be signed with the log's key; the
// chain starts at '' or, after a retention delete, at its last checkpoint (signed too); each entry must
// link to the one before it and carry the keyed hash of its content (plain SHA-256 below the head's
// `keyedFrom`); and the entries found must be exactly those the head counts, ending with its last hash.
// The first thing that fails is reported.
import { sql, type Selectable } from 'kysely';
import type { Db, OperationLogCheckpoints, OperationLogHeads } from '../db/schema.ts';
import { contentOf, keyedHashOf, plainHashOf, sameHash, signatureOf, type StoredEntry } from './chain-hash.ts';
import { headIsValid, headOfRow, type ChainHead } from './chain-head.ts';
import { logKeyOf, type LogKey } from './log-key.ts';
import { int8 } from '../db/int8.ts';

export type BreakReason =
  'edited' | 'recomputed' | 'link' | 'checkpoint' | 'tail' | 'unsigned' | 'head' | 'missingHead' | 'key';

export interface BrokenLink {
  chain: string;
  /** The entry that breaks the chain; '' when it is the head or the checkpoint. */
  id: string;
  at: string | null;
  reason: BreakReason;
  /** tail and unsigned: the entries the head counts, and those the chain holds. */
  expected?: number;
  found?: number;
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  chains: number;
  broken: BrokenLink | null;
  /** The key is ATRIUM_LOG_KEY, kept outside the database; else the check does not hold against
   *  someone who can read the database. */
  keyOutside: boolean;
  /** One chain verified intact: its head, to keep outside the database (a later rollback of the whole
   *  chain and head to an earlier state shows only against it). */
  head: Pick<ChainHead, 'entries' | 'lastSeq' | 'lastHash'> | null;
}

interface ChainResult {
  checked: number;
  broken: BrokenLink | null;
  head: ChainHead | null;
}

const BATCH = 1000;
const COLUMNS = [
  'seq',
  'chain',
  'at',
  'domain_id',
  'user_id',
  'user_name',
  'user_kind',
  'ip',
  'call_id',
  'method',
  'path',
  'target_id',
  'change',
  'errcode',
  'message',
  'prev_hash',
  'hash',
] as const;

export type CheckpointRow = Selectable<OperationLogCheckpoints>;

export const checkpointContent = (c: Omit<CheckpointRow, 'signature'>) => ({
  chain: c.chain,
  upToSeq: String(c.up_to_seq),
  lastHash: c.last_hash,
  deleted: c.deleted,
  at: new Date(c.at).toISOString(),
  byUser: c.by_user,
});

/** The head, the last checkpoint and the first entry, read in one statement (one snapshot). */
async function startOf(db: Db, chain: string) {
  const {
    rows: [start],
  } = await sql<{
    head: Selectable<OperationLogHeads> | null;
    checkpoint: CheckpointRow | null;
    first: string | null;
  }>`select
      (select to_jsonb(h) from operation_log_heads h where h.chain = ${chain}) as head,
      (select to_jsonb(k) from operation_log_checkpoints k where k.chain = ${chain} order by up_to_seq desc limit 1) as checkpoint,
      (select seq::text from operation_log where chain = ${chain} order by seq limit 1) as first`.execute(db);
  return start;
}

/** An entry whose hash is not the keyed one of its content. An edit alone leaves the entry after it
 *  good (it links to the hash as written); a rewrite without the key leaves a plain SHA-256 hash, or
 *  relinks the entry after it, which then fails too. */
async function mismatch(db: Db, row: StoredEntry, key: LogKey, keyed: boolean): Promise<BreakReason> {
  if (!keyed) return 'edited';
  if (row.hash === plainHashOf(contentOf(row))) return 'recomputed';
  const next = (await db
    .selectFrom('operation_log')
    .select([...COLUMNS])
    .where('chain', '=', row.chain)
    .where('seq', '>', row.seq)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst()) as StoredEntry | undefined;
  return next && next.prev_hash === row.hash && keyedHashOf(key.secret, contentOf(next)) !== next.hash
    ? 'recomputed'
    : 'edited';
}

async function verifyOne(db: Db, chain: string, key: LogKey): Promise<ChainResult> {
  const start = await startOf(db, chain);
  const fail = (reason: BreakReason, more: Partial<BrokenLink> = {}, checked = 0): ChainResult => ({
    checked,
    broken: { chain, id: '', at: null, reason, ...more },
    head: null,
  });
  if (!start.head)
    return start.checkpoint || start.first
      ? fail('missingHead', { id: start.first ?? '' })
      : { checked: 0, broken: null, head: null };
  const head = headOfRow(start.head);
  if (head.keyId !== key.id) return fail('key');
  if (!headIsValid(key, head)) return fail('head');
  const checkpoint = start.checkpoint;
  if (checkpoint && !sameHash(signatureOf(key.secret, checkpointContent(checkpoint)), checkpoint.signature))
    return fail('checkpoint');
  let expected = checkpoint?.last_hash ?? '';
  let after = checkpoint ? String(checkpoint.up_to_seq) : '0';
  let checked = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('operation_log')
      .select([...COLUMNS])
      .where('chain', '=', chain)
      .where('seq', '>', int8(after))
      .where('seq', '<=', int8(head.lastSeq))
      .orderBy('seq')
      .limit(BATCH)
      .execute()) as StoredEntry[];
    for (const row of rows) {
      const at = new Date(row.at).toISOString();
      if (row.prev_hash !== expected) return fail('link', { id: String(row.seq), at }, checked);
      const keyed = Number(row.seq) >= Number(head.keyedFrom);
      const content = contentOf(row);
      if (!sameHash(keyed ? keyedHashOf(key.secret, content) : plainHashOf(content), row.hash))
        return fail(await mismatch(db, row, key, keyed), { id: String(row.seq), at }, checked);
      expected = row.hash;
      checked++;
    }
    if (rows.length < BATCH) break;
    after = String(rows[rows.length - 1].seq);
  }
  const {
    rows: [beyond],
  } = await sql<{
    n: number;
    first: string | null;
    at: Date | null;
  }>`select count(*)::int as n, min(seq)::text as first,
      (select at from operation_log where chain = ${chain} and seq > ${head.lastSeq} order by seq limit 1) as at
    from operation_log where chain = ${chain} and seq > ${head.lastSeq}`.execute(db);
  const found = checked + beyond.n;
  if (beyond.n > 0)
    return fail(
      'unsigned',
      { id: beyond.first ?? '', at: beyond.at && new Date(beyond.at).toISOString(), expected: head.entries, found },
      checked,
    );
  if (checked < head.entries) return fail('tail', { expected: head.entries, found }, checked);
  if (checked > head.entries || expected !== head.lastHash)
    return fail('unsigned', { expected: head.entries, found }, checked);
  return { checked, broken: null, head };
}

/** One chain (an enterprise, '' the platform) or, with null, every chain the log holds. A break is
 *  looked at once more from a fresh head: an append or a retention delete that landed while the chain
 *  was read is then part of what is read. */
export async function verifyLog(db: Db, chain: string | null): Promise<VerifyResult> {
  const key = await logKeyOf(db);
  const chains =
    chain !== null
      ? [chain]
      : (
          await db
            .selectFrom('operation_log')
            .select('chain')
            .distinct()
            .union(db.selectFrom('operation_log_checkpoints').select('chain'))
            .union(db.selectFrom('operation_log_heads').select('chain'))
            .execute()
        )
          .map((r) => r.chain)
          .sort();
  let checked = 0;
  let last: ChainResult | null = null;
  for (const one of chains) {
    let result = await verifyOne(db, one, key);
    if (result.broken) result = await verifyOne(db, one, key);
    checked += result.checked;
    if (result.broken)
      return { ok: false, checked, chains: chains.length, broken: result.broken, keyOutside: key.outside, head: null };
    last = result;
  }
  const head =
    chain !== null && last?.head
      ? { entries: last.head.entries, lastSeq: last.head.lastSeq, lastHash: last.head.lastHash }
      : null;
  return { ok: true, checked, chains: chains.length, broken: null, keyOutside: key.outside, head };
}
