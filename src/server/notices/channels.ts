// The ways a password-expiry notice travels (policy noticeMethod): SMS through the SMS gateway, a
// message in the user's message centre, e-mail through the SMTP server. Each answers what happened;
// nothing to send to (no phone, no address, no SMTP or SMS service configured) is `skipped`.
import { randomUUID } from 'node:crypto';
import type { NoticeMethod } from '../auth/password-policy.ts';
import type { AppServices } from '../services.ts';
import { SUCCESS, type SmsLog } from '../integrations/sms/sms-gateway.ts';

export type NoticeServices = Pick<AppServices, 'database' | 'db' | 'catalogue' | 'sms' | 'mailer'>;

/** One notice to one privileged user, its text already in the recipient's language (scan.ts). */
export interface Notice {
  superuserId: string;
  email: string;
  telephone: string;
  title: string;
  body: string;
}

export interface Outcome {
  status: 'sent' | 'failed' | 'skipped';
  detail: string;
}

type Channel = (notice: Notice, services: NoticeServices, log: SmsLog) => Promise<Outcome>;

const sms: Channel = async (notice, { sms: gateway }, log) => {
  if (!notice.telephone) return { status: 'skipped', detail: 'no mobile phone' };
  if (gateway.provider === 'log')
    return { status: 'skipped', detail: 'no SMS gateway configured (ATRIUM_SMS_PROVIDER)' };
  const account = gateway.platformAccount ?? { memberCode: '', memberPassword: '' };
  const answer = await gateway.send({ ...account, phone: notice.telephone, text: notice.body }, log);
  const said = [answer.type, answer.message].filter(Boolean).join(': ');
  return answer.type === SUCCESS ? { status: 'sent', detail: said } : { status: 'failed', detail: said };
};

const messageCenter: Channel = async (notice, { db }) => {
  const id = randomUUID();
  await db
    .insertInto('messages')
    .values({ id, superuser_id: notice.superuserId, title: notice.title, body: notice.body })
    .execute();
  return { status: 'sent', detail: `message ${id}` };
};

const email: Channel = async (notice, { mailer }) => {
  if (!mailer) return { status: 'skipped', detail: 'no SMTP server configured (ATRIUM_SMTP_URL)' };
  if (!notice.email) return { status: 'skipped', detail: 'no e-mail address' };
  const response = await mailer.send({ to: notice.email, subject: notice.title, text: notice.body });
  return { status: 'sent', detail: response };
};

export const channels: Record<NoticeMethod, Channel> = { sms, messageCenter, email };
