// An enterprise's messaging-suite settings in the database (table domain_im_settings, docs/adr/0061-messaging-suites.md): read with
// the defaults before the first save, written whole, secrets answered only as the placeholder and kept
// by it only with the ids they were saved with (as the mail password, docs/adr/0058-enterprise-mail-settings.md).
import type { Db } from '../../db/schema.ts';
import { keepStoredSecrets, maskSecrets } from '../config/secrets.ts';
import { IM_SERVICES, type ImService, type ImSettings } from './services.ts';

/** Only the service's own fields: a row saved when the service's address was a setting still holds
 *  it, read by nothing and dropped at the next save (docs/adr/0082-suite-endpoints-and-sign-in.md). */
function ownFields(service: ImService, values: Record<string, unknown>): ImSettings {
  const own: ImSettings = {};
  for (const name of Object.keys(IM_SERVICES[service].defaults))
    if (values[name] !== undefined) own[name] = values[name] as string | number;
  return own;
}

/** The saved settings with secrets in clear (for the service only), the defaults before a save. */
export async function storedImSettings(db: Db, domainId: string, service: ImService): Promise<ImSettings> {
  const row = await db
    .selectFrom('domain_im_settings')
    .select('settings')
    .where('domain_id', '=', domainId)
    .where('service', '=', service)
    .executeTakeFirst();
  return { ...IM_SERVICES[service].defaults, ...ownFields(service, (row?.settings ?? {}) as Record<string, unknown>) };
}

/** What the console reads: secrets as the placeholder. */
export async function imSettingsReply(db: Db, domainId: string, service: ImService): Promise<ImSettings> {
  const stored = await storedImSettings(db, domainId, service);
  return { ...(maskSecrets(stored, IM_SERVICES[service].secrets) as ImSettings), domainId };
}

/** `incoming` (only the service's own fields) with placeholders replaced by the saved secrets; 1001
 *  on a secret whose address or id changed with it. */
export async function withStoredSecrets(
  db: Db,
  domainId: string,
  service: ImService,
  incoming: Record<string, unknown>,
): Promise<ImSettings> {
  const def = IM_SERVICES[service];
  const stored = await storedImSettings(db, domainId, service);
  return {
    ...def.defaults,
    ...(keepStoredSecrets(ownFields(service, incoming), stored, def.secrets, false, '') as ImSettings),
  };
}

export async function saveImSettings(
  db: Db,
  domainId: string,
  service: ImService,
  settings: ImSettings,
): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('domain_im_settings')
    .values({ domain_id: domainId, service, settings: json })
    .onConflict((oc) => oc.columns(['domain_id', 'service']).doUpdateSet({ settings: json, updated_at: new Date() }))
    .execute();
}
