// An enterprise's mail settings in the database (table domain_mail_settings, docs/adr/0058-enterprise-mail-settings.md): read with the
// schema's defaults before the first save, written whole, the password answered only as the placeholder.
import type { Catalogue } from '../../../core/catalogue/types.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { Db } from '../../db/schema.ts';
import { entitySecretFields } from '../config/config-groups.ts';
import { keepStoredSecrets } from '../config/secrets.ts';

type MailSettingsForm = Calls['mailSettings.save']['body'];
/** Every field filled (the defaults of the schema for those a caller left out). */
export type MailSettings = Required<MailSettingsForm>;

const DEFAULTS: Omit<MailSettings, 'domainId'> = {
  enabled: 1,
  sendHost: '',
  address: '',
  account: '',
  password: '',
  ccAddress: '',
  smtpServer: '',
  smtpPort: 25,
  fetchServer: '',
  fetchPort: 110,
  protocol: 'pop3',
  ssl: 0,
  allowAttachment: 1,
};

/** The saved settings with the password in clear (for sending only), or null before the first save. */
export async function storedMailSettings(db: Db, domainId: string): Promise<MailSettings | null> {
  const row = await db
    .selectFrom('domain_mail_settings')
    .selectAll()
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    domainId,
    enabled: row.enabled ? 1 : 0,
    sendHost: row.send_host,
    address: row.address,
    account: row.account,
    password: row.password,
    ccAddress: row.cc_address,
    smtpServer: row.smtp_server,
    smtpPort: row.smtp_port,
    fetchServer: row.fetch_server,
    fetchPort: row.fetch_port,
    protocol: row.protocol as MailSettings['protocol'],
    ssl: row.ssl ? 1 : 0,
    allowAttachment: row.allow_attachment ? 1 : 0,
  };
}

/** Settings as answered: the password as the placeholder. */
export const answeredMailSettings = (settings: MailSettings): MailSettings => ({
  ...settings,
  password: settings.password ? UNCHANGED_SECRET : '',
});

/** What the console reads: the defaults before the first save (mail-settings-unsaved). */
export async function mailSettingsReply(db: Db, domainId: string): Promise<Calls['mailSettings.get']['reply']> {
  return answeredMailSettings((await storedMailSettings(db, domainId)) ?? { ...DEFAULTS, domainId });
}

/** `incoming` with the placeholder replaced by the saved password; 1001 on the password when any field
 *  it is bound to (the entity's `x-secret-bound`: server, port, TLS mode, account) changed with it. */
export async function withStoredPassword(
  db: Db,
  catalogue: Catalogue,
  domainId: string,
  incoming: MailSettingsForm,
): Promise<MailSettings> {
  const stored = (await storedMailSettings(db, domainId)) ?? { ...DEFAULTS, domainId };
  // Compared as they will be used: a field left out is its default (a TLS mode left out is "off").
  return {
    ...keepStoredSecrets(
      { ...DEFAULTS, ...incoming },
      { ...stored },
      entitySecretFields(catalogue, 'mail-settings'),
      false,
      '',
    ),
    domainId,
  } as MailSettings;
}

export async function saveMailSettings(db: Db, settings: MailSettings): Promise<void> {
  const s = settings;
  const columns = {
    enabled: s.enabled === 1,
    send_host: s.sendHost,
    address: s.address,
    account: s.account,
    password: s.password,
    cc_address: s.ccAddress,
    smtp_server: s.smtpServer,
    smtp_port: s.smtpPort,
    fetch_server: s.fetchServer,
    fetch_port: s.fetchPort,
    protocol: s.protocol,
    ssl: s.ssl === 1,
    allow_attachment: s.allowAttachment === 1,
    updated_at: new Date(),
  };
  await db
    .insertInto('domain_mail_settings')
    .values({ domain_id: settings.domainId, ...columns })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet(columns))
    .execute();
}
