// Brings a freshly opened database up to date: migrations, then either the idempotent demo seed or,
// without demo data, the first super administrator (docs/adr/0023-safe-defaults.md). Callers choose `demo` explicitly
// (main.ts from ATRIUM_DEMO and the database kind, seed/demo-choice.ts; the tests always ask for it).
import { migrateToLatest } from './db/migrate.ts';
import type { Db } from './db/schema.ts';
import { purgeExpired } from './auth/sessions.ts';
import { hasDemoData, seedDemo, type SeedResult } from './seed/seed-demo.ts';
import { ensureFirstAdministrator } from './seed/first-admin.ts';

/** `demoInstances: false` leaves the demo's workflow instances out (docs/adr/0046-demo-instances-replayed.md): the API tests on PostgreSQL,
 *  which seed a schema per test server and would pay the engine's replay every time. */
export async function prepareDatabase(
  db: Db,
  options: { dataDir: string; adminPassword?: string; demo: boolean; demoInstances?: boolean },
): Promise<SeedResult> {
  await migrateToLatest(db);
  await purgeExpired(db);
  if (options.demo) {
    const seeded = await seedDemo(db, options);
    if (seeded.demo) return seeded;
  }
  const first = await ensureFirstAdministrator(db, options.adminPassword);
  return { ...first, created: false, demo: await hasDemoData(db) };
}
