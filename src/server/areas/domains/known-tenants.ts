// Whether an enterprise exists, kept until domains change (docs/adr/0042-pages-kept-until-change.md): a
// list of one enterprise asks it before every page (docs/adr/0266-log-target-names-kept.md).
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import type { Db } from '../../db/schema.ts';

export type KnownTenants = ChangeCache<boolean>;

export const knownTenants = (changes: TableChanges, on: boolean): KnownTenants =>
  new ChangeCache(changes, ['domains'], { maxEntries: on ? 2_000 : 0, maxAgeMs: 60_000 });

export const tenantExists = (db: Db, kept: KnownTenants, id: string): Promise<boolean> =>
  kept.through(
    id,
    async () => (await db.selectFrom('domains').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  );
