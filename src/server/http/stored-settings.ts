// Platform settings read on many calls (the stored language of most calls that answer text, the
// enterprise list's LDAP switch), kept until the settings change (docs/adr/0042-pages-kept-until-change.md,
// docs/adr/0183-list-request-cost.md): one entry per set of keys read.
import { ChangeCache } from '../db/change-cache.ts';
import { readConfig, type ConfigKey } from '../db/config-store.ts';
import type { Db } from '../db/schema.ts';
import type { TableChanges } from '../db/table-changes.ts';

export type StoredSettings = ChangeCache<Record<string, unknown>>;

export const storedSettingsCache = (changes: TableChanges, on: boolean): StoredSettings =>
  new ChangeCache(changes, ['config'], { maxEntries: on ? 8 : 0, maxAgeMs: 60_000 });

/** readConfig through the cache. */
export const storedConfig = <K extends ConfigKey>(db: Db, cache: StoredSettings, keys: readonly K[]) =>
  cache.through(JSON.stringify(keys), () => readConfig(db, keys)) as ReturnType<typeof readConfig<K>>;
