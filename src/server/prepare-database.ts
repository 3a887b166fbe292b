// Brings a freshly opened database up to date: migrations, then the idempotent demo seed.
import { migrateToLatest } from './db/migrate.ts';
import type { Db } from './db/schema.ts';
import { purgeExpired } from './auth/sessions.ts';
import { seedDemo, type SeedResult } from './seed/seed-demo.ts';

export async function prepareDatabase(db: Db, options: { dataDir: string; adminPassword?: string }): Promise<SeedResult> {
  await migrateToLatest(db);
  await purgeExpired(db);
  return seedDemo(db, options);
}
