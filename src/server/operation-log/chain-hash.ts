// The hashed content of a log entry and its hash: HMAC-SHA-256 with the log's key over a canonical JSON
// (keys sorted at every depth, no spaces) of the content, whose `prevHash` is the hash of the chain's
// previous entry ('' for the first). jsonb keeps no key order, so only a canonical form reads back to
// the same hash. Entries written before the chain was keyed carry plain SHA-256 (docs/adr/0087-operation-log-keyed-chain.md).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { OperationLog } from '../db/schema.ts';
import type { LogDraft } from './entry-of-call.ts';

/** The draft as the route made it, numbered in its chain, its instant as text, and linked to the
 *  previous entry. */
export type LogContent = Omit<LogDraft, 'at'> & { seq: string; chain: string; at: string; prevHash: string };

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash of an entry written before its chain was keyed (migration 0038 sealed those). */
export const plainHashOf = (content: LogContent): string =>
  createHash('sha256').update(canonicalJson(content)).digest('hex');

/** The hash of an entry of a keyed chain: only a holder of the key can compute it. */
export const keyedHashOf = (secret: string, content: LogContent): string => signatureOf(secret, content);

export const signatureOf = (secret: string, value: unknown): string =>
  createHmac('sha256', secret).update(canonicalJson(value)).digest('hex');

/** Compares a computed hash or signature with a stored one in constant time (the verify call must not
 *  tell, by how long it takes, how much of a forged value is right). */
export function sameHash(computed: string, stored: string): boolean {
  const a = Buffer.from(computed);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A stored row read back as the content its hash covers (the review fields are outside it). */
export type StoredEntry = Omit<
  Selectable<OperationLog>,
  'remark' | 'reviewed' | 'reviewed_by' | 'reviewed_at' | 'change'
> & { change: unknown };

export function contentOf(row: StoredEntry): LogContent {
  return {
    seq: String(row.seq),
    chain: row.chain,
    at: new Date(row.at).toISOString(),
    domainId: row.domain_id,
    userId: row.user_id,
    userName: row.user_name,
    userKind: row.user_kind,
    ip: row.ip,
    callId: row.call_id,
    method: row.method,
    path: row.path,
    targetId: row.target_id,
    change: row.change ?? null,
    errcode: row.errcode,
    message: row.message,
    prevHash: row.prev_hash,
  };
}
