// Reads and writes the key → JSON settings of the `config` table.
import type { Db } from './schema.ts';

/** Known keys and the value each has when nothing is stored. */
export const CONFIG_DEFAULTS = {
  language: 'zh',
  title: 'TK_Atrium',
  copyright: '',
  isOpenSecurity: false,
  encryptionMode: 0,
  'ldap.enabled': false,
} as const satisfies Record<string, unknown>;

export type ConfigKey = keyof typeof CONFIG_DEFAULTS;
type ConfigValues<K extends ConfigKey> = {
  [P in K]: (typeof CONFIG_DEFAULTS)[P] extends boolean
    ? boolean
    : (typeof CONFIG_DEFAULTS)[P] extends number
      ? number
      : string;
};

export async function readConfig<K extends ConfigKey>(db: Db, keys: readonly K[]): Promise<ConfigValues<K>> {
  const rows = await db
    .selectFrom('config')
    .select(['key', 'value'])
    .where('key', 'in', keys as readonly string[])
    .execute();
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = CONFIG_DEFAULTS[key];
  for (const row of rows) if (typeof row.value === typeof CONFIG_DEFAULTS[row.key as K]) out[row.key] = row.value;
  return out as ConfigValues<K>;
}

/** One statement, so several keys change together or not at all. */
export async function writeConfig(db: Db, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
  if (rows.length === 0) return;
  await db
    .insertInto('config')
    .values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
