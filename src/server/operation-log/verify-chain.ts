// Walks a chain in order and reports its first broken link: an entry whose stored hash is not the hash
// of its content (edited), or whose previous hash is not the hash before it (an entry removed or put in
// between). The start of a chain is '' or, after a retention delete, its last checkpoint, whose
// signature is checked with the log's key.
import type { Selectable } from 'kysely';
import type { Db, OperationLogCheckpointsTable } from '../db/schema.ts';
import { contentOf, hashOf, signatureOf, type StoredEntry } from './chain-hash.ts';
import { logKey } from './log-key.ts';

export interface BrokenLink {
  chain: string;
  /** The entry that breaks the chain; '' when it is the checkpoint itself. */
  id: string;
  at: string | null;
  reason: 'edited' | 'link' | 'checkpoint';
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  chains: number;
  broken: BrokenLink | null;
}

const BATCH = 1000;

export type CheckpointRow = Selectable<OperationLogCheckpointsTable>;

export const checkpointContent = (c: Omit<CheckpointRow, 'signature'>) => ({
  chain: c.chain, upToSeq: String(c.up_to_seq), lastHash: c.last_hash, deleted: c.deleted, at: new Date(c.at).toISOString(), byUser: c.by_user,
});

async function verifyOne(db: Db, chain: string, secret: string): Promise<{ checked: number; broken: BrokenLink | null }> {
  const checkpoint = await db.selectFrom('operation_log_checkpoints').selectAll().where('chain', '=', chain).orderBy('up_to_seq', 'desc').limit(1).executeTakeFirst();
  if (checkpoint && signatureOf(secret, checkpointContent(checkpoint)) !== checkpoint.signature) return { checked: 0, broken: { chain, id: '', at: null, reason: 'checkpoint' } };
  let expected = checkpoint?.last_hash ?? '';
  let after = checkpoint ? String(checkpoint.up_to_seq) : '0';
  let checked = 0;
  for (;;) {
    const rows = (await db.selectFrom('operation_log').select(['seq', 'chain', 'at', 'domain_id', 'user_id', 'user_name', 'user_kind', 'ip', 'call_id', 'method', 'path', 'target_id', 'change', 'errcode', 'message', 'prev_hash', 'hash'])
      .where('chain', '=', chain).where('seq', '>', after).orderBy('seq').limit(BATCH).execute()) as StoredEntry[];
    for (const row of rows) {
      const at = new Date(row.at).toISOString();
      if (row.prev_hash !== expected) return { checked, broken: { chain, id: String(row.seq), at, reason: 'link' } };
      if (hashOf(contentOf(row)) !== row.hash) return { checked, broken: { chain, id: String(row.seq), at, reason: 'edited' } };
      expected = row.hash;
      checked++;
    }
    if (rows.length < BATCH) return { checked, broken: null };
    after = String(rows[rows.length - 1].seq);
  }
}

/** One chain (an enterprise, '' the platform) or, with null, every chain the log holds. */
export async function verifyLog(db: Db, chain: string | null): Promise<VerifyResult> {
  const secret = await logKey(db);
  const chains = chain !== null ? [chain] : (await db.selectFrom('operation_log').select('chain').distinct().union(db.selectFrom('operation_log_checkpoints').select('chain')).execute()).map((r) => r.chain).sort();
  let checked = 0;
  for (const one of chains) {
    const result = await verifyOne(db, one, secret);
    checked += result.checked;
    if (result.broken) return { ok: false, checked, chains: chains.length, broken: result.broken };
  }
  return { ok: true, checked, chains: chains.length, broken: null };
}
