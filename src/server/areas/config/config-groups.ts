// The four configuration groups (spec/platform-console.md, "Entities and their fields"): their stored form (one `config` row per group), the defaults
// of a fresh install (the entity schemas' `default`s) and their secret fields (`x-secret`).
import type { Catalogue, JsonSchema } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';

export const CONFIG_GROUPS = ['authConfig', 'loginConfig', 'hxImConfig', 'ldapConfig'] as const;
export type ConfigGroup = (typeof CONFIG_GROUPS)[number];
export type GroupValues = Record<string, unknown>;
export type ConfigRecord = Partial<Record<ConfigGroup, GroupValues>>;

const ENTITY_OF: Record<ConfigGroup, string> = {
  authConfig: 'config-auth',
  loginConfig: 'config-login',
  hxImConfig: 'config-im',
  ldapConfig: 'config-ldap',
};

function propertiesOf(catalogue: Catalogue, group: ConfigGroup): Record<string, JsonSchema> {
  return (catalogue.entities[ENTITY_OF[group]]?.schema.properties ?? {}) as Record<string, JsonSchema>;
}

/** What a group holds when nothing is stored: each property's schema default. */
export function groupDefaults(catalogue: Catalogue, group: ConfigGroup): GroupValues {
  const out: GroupValues = {};
  for (const [name, prop] of Object.entries(propertiesOf(catalogue, group)))
    if (prop.default !== undefined) out[name] = structuredClone(prop.default);
  return out;
}

/** A group's secrets, each with the fields it was saved with (`x-secret-bound`). */
export interface SecretField {
  name: string;
  boundTo: string[];
}

export const secretFields = (catalogue: Catalogue, group: ConfigGroup): SecretField[] =>
  entitySecretFields(catalogue, ENTITY_OF[group]);

/** The secrets of any catalogue entity, each bound to the fields its `x-secret-bound` names
 *  (docs/adr/0084-secret-binding.md): the catalogue is the one place a binding is written. */
export function entitySecretFields(catalogue: Catalogue, entity: string): SecretField[] {
  const properties = (catalogue.entities[entity]?.schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties)
    .filter(([, prop]) => prop['x-secret'] === true)
    .map(([name, prop]) => ({
      name,
      boundTo: Array.isArray(prop['x-secret-bound']) ? (prop['x-secret-bound'] as string[]) : [],
    }));
}

const isRecord = (v: unknown): v is GroupValues => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored groups (secrets in clear), defaults filled in for what was never saved. */
export async function readGroups(
  db: Db,
  catalogue: Catalogue,
  groups: readonly ConfigGroup[],
): Promise<Record<ConfigGroup, GroupValues>> {
  const rows =
    groups.length === 0
      ? []
      : await db
          .selectFrom('config')
          .select(['key', 'value'])
          .where('key', 'in', [...groups])
          .execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const out = {} as Record<ConfigGroup, GroupValues>;
  for (const group of groups) {
    const value = stored.get(group);
    out[group] = { ...groupDefaults(catalogue, group), ...(isRecord(value) ? value : {}) };
  }
  return out;
}
