// "Send test mail" (docs/adr/0058-enterprise-mail-settings.md): one mail with the settings as on the form, to their own address, through
// nodemailer; the outcome in the user's words. What the mail server said stays in the server log: a
// reply carries only one of the outbound policy's reasons (docs/adr/0083-outbound-policy.md).
import { mailerFromSettings } from '../../integrations/mail/mailer.ts';
import { reasonText } from '../../integrations/outbound/outbound-failure.ts';
import type { MailSettings } from './settings-store.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;
type Log = { info(details: object, message: string): void };

export async function sendTestMail(
  settings: MailSettings,
  t: Translate,
  log: Log,
): Promise<{ success: boolean; message: string }> {
  const mailer = mailerFromSettings(settings);
  const where = { host: settings.smtpServer, port: settings.smtpPort, address: settings.address };
  try {
    await mailer.send({ to: settings.address, subject: t('mail.test.subject'), text: t('mail.test.body', where) });
    return { success: true, message: t('mail.test.sent', where) };
  } catch (error) {
    log.info({ err: error, host: settings.smtpServer, port: settings.smtpPort }, 'test mail failed');
    return { success: false, message: t('mail.test.failed', { ...where, reason: reasonText(t, error) }) };
  } finally {
    mailer.close();
  }
}
