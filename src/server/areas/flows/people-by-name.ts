// The flows area's cache of name searches: the ids of the users a flow-list search names (null: too
// many to list), kept until users change (docs/adr/0042-pages-kept-until-change.md, docs/adr/0070-flow-list-million-instances.md).
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';

export type PeopleByName = ChangeCache<string[] | null>;

export const peopleByName = (changes: TableChanges, on: boolean): PeopleByName =>
  new ChangeCache(changes, ['users'], { maxEntries: on ? 500 : 0, maxAgeMs: 60_000 });
