// Mails the approvers of new tasks (docs/adr/0051-new-task-notifies-approver.md): a round claims up to a batch of pending messages in one
// statement (skip locked, so servers sharing the database never take the same one), then sends them
// outside any transaction, so a slow SMTP server holds no lock and, on PGlite, blocks no other query.
// A message whose task has ended, whose user has no address, or when no mail is set up is skipped;
// a refused or unreachable send is tried again after RETRY_AFTER, at most MAX_ATTEMPTS times.
import { sql } from 'kysely';
import type { MailStatus } from '../db/column-types.ts';
import { translatorFor } from '../../core/translate.ts';
import { serverLanguage } from '../notices/recipient-language.ts';
import type { AppServices } from '../services.ts';
import { taskMessages, type TaskMessage } from './message-text.ts';
import { mailerFromSettings, type Mailer } from '../integrations/mail/mailer.ts';
import { storedMailSettings } from '../areas/mail-settings/settings-store.ts';

export type MailServices = Pick<AppServices, 'db' | 'catalogue' | 'mailer'>;

export const MAX_ATTEMPTS = 3;
const RETRY_AFTER = '5 minutes';
const BATCH = 50;

export interface MailRound {
  sent: number;
  skipped: number;
  failed: number;
  /** Refused this time, tried again later. */
  retry: number;
}

/** The mailer of the user's enterprise: its own mail settings when it saved them switched on (docs/adr/0058-enterprise-mail-settings.md),
 *  else the deployment's SMTP server (ATRIUM_SMTP_URL). One per enterprise and round. */
async function mailerFor(
  services: MailServices,
  domainId: string,
  opened: Map<string, Mailer | undefined>,
): Promise<Mailer | undefined> {
  if (opened.has(domainId)) return opened.get(domainId);
  const settings = await storedMailSettings(services.db, domainId);
  const mailer = settings?.enabled === 1 ? mailerFromSettings(settings) : services.mailer;
  opened.set(domainId, mailer);
  return mailer;
}

async function claim(services: MailServices, now: Date) {
  const { rows } = await sql<{ id: string; mail_attempts: number; domain_id: string }>`
    update task_messages set mail_attempts = mail_attempts + 1, mail_at = ${now}
    where id in (
      select id from task_messages
      where mail_status = 'pending' and (mail_at is null or mail_at < ${now}::timestamptz - ${RETRY_AFTER}::interval)
      order by created_at limit ${BATCH} for update skip locked)
    returning id, mail_attempts, domain_id`.execute(services.db);
  return rows;
}

async function mailOne(
  mailer: Mailer | undefined,
  message: TaskMessage,
  attempts: number,
): Promise<{ status: MailStatus; detail: string }> {
  if (!message.taskOpen) return { status: 'skipped', detail: 'the task is no longer open' };
  if (!mailer) return { status: 'skipped', detail: "no mail settings (the enterprise's or ATRIUM_SMTP_URL)" };
  if (!message.email) return { status: 'skipped', detail: 'no e-mail address' };
  try {
    return {
      status: 'sent',
      detail: await mailer.send({ to: message.email, subject: message.title, text: message.body }),
    };
  } catch (error) {
    return { status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', detail: (error as Error).message.slice(0, 500) };
  }
}

/** One round: what it claimed, and what became of each. Called by the schedule and by the tests. */
export async function dispatchTaskMail(services: MailServices, now = new Date()): Promise<MailRound> {
  const round: MailRound = { sent: 0, skipped: 0, failed: 0, retry: 0 };
  const claimed = await claim(services, now);
  if (claimed.length === 0) return round;
  const attempts = new Map(claimed.map((c) => [c.id, c.mail_attempts]));
  const domains = new Map(claimed.map((c) => [c.id, c.domain_id]));
  const opened = new Map<string, Mailer | undefined>();
  // Enterprise users have no stored language: the mails are in the server's.
  const language = await serverLanguage(services.db);
  const translate = translatorFor(services.catalogue.labels[language]);
  try {
    for (const message of await taskMessages(
      services.db,
      language,
      translate,
      { ids: [...attempts.keys()] },
      { limit: BATCH, offset: 0 },
    )) {
      const mailer = await mailerFor(services, domains.get(message.id)!, opened);
      const outcome = await mailOne(mailer, message, attempts.get(message.id)!);
      await services.db
        .updateTable('task_messages')
        .set({ mail_status: outcome.status, mail_detail: outcome.detail })
        .where('id', '=', message.id)
        .execute();
      if (outcome.status === 'pending') round.retry += 1;
      else round[outcome.status] += 1;
    }
  } finally {
    // The enterprises' own mailers are this round's; the deployment's stays open for the next.
    for (const mailer of opened.values()) if (mailer && mailer !== services.mailer) mailer.close();
  }
  return round;
}
