// The key that signs retention checkpoints: ATRIUM_LOG_KEY when set (kept outside the database, so a
// person who can write the database cannot forge a checkpoint), else the one migration 0023 made.
import type { Db } from '../db/schema.ts';

export async function logKey(db: Db): Promise<string> {
  const fromEnv = process.env.ATRIUM_LOG_KEY?.trim();
  if (fromEnv) return fromEnv;
  const row = await db.selectFrom('operation_log_key').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.secret;
}
