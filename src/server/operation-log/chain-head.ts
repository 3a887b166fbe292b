// A chain's signed head (ADR 0087): how many entries it holds, the number and hash of its last one,
// from which entry on its hashes are keyed, and the key's fingerprint, signed with the log's key. It is
// written in the same transaction as each append and each retention delete, so an entry deleted from
// the end no longer matches it, and a chain rewritten without the key cannot be signed again.
import { sql, type Selectable } from 'kysely';
import type { Db, OperationLogHeadsTable } from '../db/schema.ts';
import { signatureOf } from './chain-hash.ts';
import type { LogKey } from './log-key.ts';

export interface ChainHead {
  chain: string;
  entries: number;
  lastSeq: string;
  lastHash: string;
  /** Entries numbered below it carry plain SHA-256 hashes (written before the chain was keyed). */
  keyedFrom: string;
  keyId: string;
}

type Executor = Pick<Db, 'insertInto' | 'selectFrom'>;

const headContent = (h: ChainHead) => ({ chain: h.chain, entries: h.entries, lastSeq: h.lastSeq, lastHash: h.lastHash, keyedFrom: h.keyedFrom, keyId: h.keyId });

export const headSignature = (secret: string, head: ChainHead): string => signatureOf(secret, headContent(head));

/** Signed with this key, and the signature holds. */
export const headIsValid = (key: LogKey, head: ChainHead & { signature: string }): boolean => head.keyId === key.id && headSignature(key.secret, head) === head.signature;

export function headOfRow(row: Selectable<OperationLogHeadsTable>): ChainHead & { signature: string } {
  return { chain: row.chain, entries: Number(row.entries), lastSeq: String(row.last_seq), lastHash: row.last_hash, keyedFrom: String(row.keyed_from), keyId: row.key_id, signature: row.signature };
}

/** Writes (or replaces) the heads, signed with the key, in one statement. */
export async function writeHeads(db: Executor, key: LogKey, heads: readonly Omit<ChainHead, 'keyId'>[]): Promise<void> {
  if (heads.length === 0) return;
  const rows = heads.map((h) => {
    const head = { ...h, keyId: key.id };
    return { chain: h.chain, entries: h.entries, last_seq: h.lastSeq, last_hash: h.lastHash, keyed_from: h.keyedFrom, key_id: key.id, signature: headSignature(key.secret, head) };
  });
  await db.insertInto('operation_log_heads').values(rows)
    .onConflict((oc) => oc.column('chain').doUpdateSet((eb) => ({
      entries: eb.ref('excluded.entries'), last_seq: eb.ref('excluded.last_seq'), last_hash: eb.ref('excluded.last_hash'),
      keyed_from: eb.ref('excluded.keyed_from'), key_id: eb.ref('excluded.key_id'), signature: eb.ref('excluded.signature'),
    })))
    .execute();
}

/** Takes the chains' append locks (transaction-scoped, per schema, in one order so two writers never
 *  wait on each other). A statement of its own: the next one then reads what the last holder wrote. */
export async function lockChains(db: Db, chains: readonly string[]): Promise<void> {
  const keys = [...chains].sort().map((chain) => `atrium.oplog:${chain}:`);
  await sql`select pg_advisory_xact_lock(hashtext(k || current_schema())) from unnest(${keys}::text[]) as t(k)`.execute(db);
}
