// An enterprise's directory sync settings (sync_settings, kind 'ldap') and the directory settings a
// sync of it uses: the platform's ldapConfig (connection, structure, mappings) with the enterprise's
// own part of the directory (its baseDN, under the platform's).
import type { Catalogue } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import type { LdapSyncSettings } from '../../integrations/ldap/directory-source.ts';
import { normalDn } from '../../integrations/ldap/dn.ts';
import { readGroups } from '../config/config-groups.ts';

export const KIND = 'ldap';

export interface DomainSyncSettings {
  baseDN: string;
  scheduled: boolean;
  resignCap: number;
}

export async function readSettings(db: Db, domainId: string): Promise<DomainSyncSettings> {
  const row = await db
    .selectFrom('sync_settings')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('kind', '=', KIND)
    .executeTakeFirst();
  const baseDN = typeof row?.options.baseDN === 'string' ? row.options.baseDN : '';
  return { baseDN, scheduled: row?.scheduled ?? false, resignCap: row?.resign_cap ?? 10 };
}

export async function saveSettings(db: Db, domainId: string, settings: DomainSyncSettings): Promise<void> {
  const values = {
    scheduled: settings.scheduled,
    resign_cap: settings.resignCap,
    options: JSON.stringify({ baseDN: settings.baseDN }),
    updated_at: new Date(),
  };
  await db
    .insertInto('sync_settings')
    .values({ domain_id: domainId, kind: KIND, ...values })
    .onConflict((oc) => oc.columns(['domain_id', 'kind']).doUpdateSet(values))
    .execute();
}

/** Is `dn` the platform's baseDN or below it? */
export function withinBase(dn: string, base: string): boolean {
  const inner = normalDn(dn);
  const outer = normalDn(base);
  return inner === outer || inner.endsWith(`,${outer}`);
}

/** The platform's directory settings with the enterprise's baseDN; null when no directory is set. */
export async function directoryFor(
  db: Db,
  catalogue: Catalogue,
  domain: DomainSyncSettings,
): Promise<LdapSyncSettings | null> {
  const { ldapConfig } = await readGroups(db, catalogue, ['ldapConfig']);
  const config = ldapConfig as unknown as LdapSyncSettings;
  if (!config.url?.trim() || !config.baseDN?.trim()) return null;
  return { ...config, baseDN: domain.baseDN.trim() || config.baseDN };
}
