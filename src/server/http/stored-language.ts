// The platform's stored language setting, kept until the settings change (docs/adr/0042-pages-kept-until-change.md):
// most calls that answer text come without the cookie.
import { ChangeCache } from '../db/change-cache.ts';
import type { TableChanges } from '../db/table-changes.ts';

export type StoredLanguage = ChangeCache<{ language: unknown }>;

export const storedLanguageCache = (changes: TableChanges, on: boolean): StoredLanguage =>
  new ChangeCache(changes, ['config'], { maxEntries: on ? 1 : 0, maxAgeMs: 60_000 });
