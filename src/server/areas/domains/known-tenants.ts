// Whether an enterprise exists, kept until domains change (docs/adr/0042-pages-kept-until-change.md):
// most calls of one enterprise ask it before anything else (docs/adr/0266-log-target-names-kept.md).
// Kept for a server's root Kysely instance only: a transaction reads afresh.
import { ChangeCache } from '../../db/change-cache.ts';
import { changesOf } from '../../db/table-changes.ts';
import type { Db } from '../../db/schema.ts';

const ofDatabase = new WeakMap<object, ChangeCache<boolean>>();

/** Keeps the answers read through `db` (a server's root instance, app.ts); `on`: the server's caches. */
export function keepKnownTenants(db: Db, on: boolean): void {
  const changes = changesOf(db);
  if (changes)
    ofDatabase.set(db, new ChangeCache(changes, ['domains'], { maxEntries: on ? 2_000 : 0, maxAgeMs: 60_000 }));
}

export async function tenantExists(db: Db, id: string): Promise<boolean> {
  const read = async () =>
    (await db.selectFrom('domains').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const kept = ofDatabase.get(db);
  return kept ? kept.through(id, read) : read();
}
