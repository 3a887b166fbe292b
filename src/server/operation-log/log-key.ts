// The key that keys the log's chains and signs their heads and retention checkpoints: ATRIUM_LOG_KEY
// when set (kept outside the database, so a person who can write the database cannot forge a hash, a
// head or a checkpoint), else the one migration 0023 made in the database, which protects nothing
// against someone who can read that table (docs/adr/0087-operation-log-keyed-chain.md: verify says so).
import { createHmac } from 'node:crypto';
import type { Db } from '../db/schema.ts';

export interface LogKey {
  secret: string;
  /** A fingerprint that names the key without revealing it (stored in each chain's head). */
  id: string;
  /** Whether the key comes from outside the database (ATRIUM_LOG_KEY). */
  outside: boolean;
}

export const keyIdOf = (secret: string): string =>
  createHmac('sha256', secret).update('atrium operation log key id').digest('hex').slice(0, 16);

export async function logKeyOf(db: Db): Promise<LogKey> {
  const fromEnv = process.env.ATRIUM_LOG_KEY?.trim();
  const secret =
    fromEnv ||
    (await db.selectFrom('operation_log_key').select('secret').where('id', '=', 1).executeTakeFirstOrThrow()).secret;
  return { secret, id: keyIdOf(secret), outside: Boolean(fromEnv) };
}

export async function logKey(db: Db): Promise<string> {
  return (await logKeyOf(db)).secret;
}
