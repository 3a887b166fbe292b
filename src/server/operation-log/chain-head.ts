// A chain's signed head (docs/adr/0087-operation-log-keyed-chain.md): how many entries it holds, the number and hash of its last one,
// from which entry on its hashes are keyed, and the key's fingerprint, signed with the log's key. It is
// written in the same transaction as each append and each retention delete, so an entry deleted from
// the end no longer matches it, and a chain rewritten without the key cannot be signed again.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, OperationLogHeads } from '../db/schema.ts';
import { sameHash, signatureOf } from './chain-hash.ts';
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

const headContent = (h: ChainHead) => ({
  chain: h.chain,
  entries: h.entries,
  lastSeq: h.lastSeq,
  lastHash: h.lastHash,
  keyedFrom: h.keyedFrom,
  keyId: h.keyId,
});

export const headSignature = (secret: string, head: ChainHead): string => signatureOf(secret, headContent(head));

/** Signed with this key, and the signature holds. */
export const headIsValid = (key: LogKey, head: ChainHead & { signature: string }): boolean =>
  head.keyId === key.id && sameHash(headSignature(key.secret, head), head.signature);

export function headOfRow(row: Selectable<OperationLogHeads>): ChainHead & { signature: string } {
  return {
    chain: row.chain,
    entries: Number(row.entries),
    lastSeq: String(row.last_seq),
    lastHash: row.last_hash,
    keyedFrom: String(row.keyed_from),
    keyId: row.key_id,
    signature: row.signature,
  };
}

/** The heads as rows, signed with the key. */
export function signedHeadRows(
  key: LogKey,
  heads: readonly Omit<ChainHead, 'keyId'>[],
): Insertable<OperationLogHeads>[] {
  return heads.map((h) => ({
    chain: h.chain,
    entries: h.entries,
    last_seq: h.lastSeq,
    last_hash: h.lastHash,
    keyed_from: h.keyedFrom,
    key_id: key.id,
    signature: headSignature(key.secret, { ...h, keyId: key.id }),
  }));
}

/** Writes (or replaces) the heads, signed with the key, in one statement. */
export async function writeHeads(db: Db, key: LogKey, heads: readonly Omit<ChainHead, 'keyId'>[]): Promise<void> {
  if (heads.length === 0) return;
  await sql`insert into operation_log_heads ${HEAD_ROWS(signedHeadRows(key, heads))} ${HEAD_UPSERT}`.execute(db);
}

const HEAD_COLUMNS = sql.raw('chain, entries, last_seq, last_hash, keyed_from, key_id, signature');
/** Rows given as one JSON parameter: the statement's text is the same whatever their number. */
export const HEAD_ROWS = (rows: readonly Insertable<OperationLogHeads>[]) =>
  sql`(${HEAD_COLUMNS}) select ${HEAD_COLUMNS} from jsonb_populate_recordset(null::operation_log_heads, ${JSON.stringify(rows)}::jsonb)`;
export const HEAD_UPSERT = sql`on conflict (chain) do update set entries = excluded.entries, last_seq = excluded.last_seq, last_hash = excluded.last_hash,
  keyed_from = excluded.keyed_from, key_id = excluded.key_id, signature = excluded.signature`;

/** Takes the chains' append locks (transaction-scoped, per schema, in one order so two writers never
 *  wait on each other). A statement of its own: the next one then reads what the last holder wrote. */
export async function lockChains(db: Db, chains: readonly string[]): Promise<void> {
  const keys = [...chains].sort().map((chain) => `atrium.oplog:${chain}:`);
  await sql`select pg_advisory_xact_lock(hashtext(k || current_schema())) from unnest(${keys}::text[]) as t(k)`.execute(
    db,
  );
}
