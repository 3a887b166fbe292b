// Saves configuration groups as a whole in one transaction: each group sent replaces the stored one,
// secrets that say "unchanged" keep the stored value, and the answer names every key that changed.
import type { Catalogue } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  CONFIG_GROUPS,
  readGroups,
  secretFields,
  type ConfigGroup,
  type ConfigRecord,
  type GroupValues,
} from './config-groups.ts';
import { keepStoredSecrets } from './secrets.ts';

/** The groups a record carries, refused as a whole when one is not the caller's (1403). */
export function groupsToStore(record: ConfigRecord, allowed: readonly ConfigGroup[]): ConfigGroup[] {
  const sent = CONFIG_GROUPS.filter((group) => record[group] !== undefined);
  if (sent.some((group) => !allowed.includes(group)))
    throw new AppError('forbidden', undefined, 'config.msg.groupForbidden');
  return sent;
}

function changedKeys(group: ConfigGroup, before: GroupValues, after: GroupValues): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .map((name) => `${group}.${name}`);
}

export async function storeGroups(
  db: Db,
  catalogue: Catalogue,
  record: ConfigRecord,
  groups: readonly ConfigGroup[],
  options: { keepEmptySecrets: boolean },
): Promise<string[]> {
  if (groups.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    // Lock the stored rows so two saves of the same group never interleave their secret merges.
    await trx
      .selectFrom('config')
      .select('key')
      .where('key', 'in', [...groups])
      .forUpdate()
      .execute();
    const stored = await readGroups(trx, catalogue, groups);
    const changed: string[] = [];
    const rows: Array<{ key: string; value: string }> = [];
    for (const group of groups) {
      const next = keepStoredSecrets(
        record[group] ?? {},
        stored[group],
        secretFields(catalogue, group),
        options.keepEmptySecrets,
        `/${group}`,
      );
      changed.push(...changedKeys(group, stored[group], next));
      rows.push({ key: group, value: JSON.stringify(next) });
    }
    await trx
      .insertInto('config')
      .values(rows)
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    return changed;
  });
}
