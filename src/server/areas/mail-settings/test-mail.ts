// "Send test mail" (D58): one mail with the settings as on the form, to their own address, through
// nodemailer; the outcome in the user's words, with what the mail server said when it failed.
import { mailerFromSettings } from '../../integrations/mail/mailer.ts';
import type { MailSettings } from './settings-store.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

interface SmtpError {
  code?: string;
  response?: string;
  message: string;
}

/** Which of the test's messages a nodemailer failure is. */
function failureKey(error: SmtpError): string {
  if (error.code === 'EAUTH') return 'mail.test.refusedLogin';
  if (error.code === 'EDNS' || error.code === 'ECONNECTION' || error.code === 'ETIMEDOUT' || error.code === 'ESOCKET') return 'mail.test.unreachable';
  return 'mail.test.refused';
}

export async function sendTestMail(settings: MailSettings, t: Translate): Promise<{ success: boolean; message: string }> {
  const mailer = mailerFromSettings(settings);
  const where = { host: settings.smtpServer, port: settings.smtpPort, address: settings.address };
  try {
    await mailer.send({ to: settings.address, subject: t('mail.test.subject'), text: t('mail.test.body', where) });
    return { success: true, message: t('mail.test.sent', where) };
  } catch (error) {
    const failure = error as SmtpError;
    const reason = (failure.response ?? failure.message).slice(0, 300);
    return { success: false, message: t(failureKey(failure), { ...where, reason }) };
  } finally {
    mailer.close();
  }
}
