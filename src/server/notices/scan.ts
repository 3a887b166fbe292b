// The password-expiry scan: every active privileged user whose password expires within the policy's
// noticeTime days is told once per password (the round is keyed on password_changed_at) over each
// chosen method. Every attempt is logged in password_notices; a failed one is tried again at the next
// scan, a sent or skipped one is not. Called by the schedule and directly by the tests (with `now`).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { interpolate } from '../../core/translate.ts';
import { expiryNotice, readPasswordPolicy, type NoticeMethod, type PasswordPolicy } from '../auth/password-policy.ts';
import { lockDeployment } from '../db/deployment-lock.ts';
import type { SmsLog } from '../integrations/sms/sms-gateway.ts';
import { channels, type NoticeServices, type Outcome } from './channels.ts';
import { recipientTranslators } from './recipient-language.ts';

export interface Attempt extends Outcome {
  superuserId: string;
  method: NoticeMethod;
}

export interface ScanResult {
  /** False when another instance was scanning (nothing done here). */
  ran: boolean;
  attempts: Attempt[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const quietLog: SmsLog = { info: () => undefined };

/** Active users whose password expires within the notice window; `round` is the exact stored time. */
function candidates(services: NoticeServices, policy: PasswordPolicy, now: Date) {
  return services.db
    .selectFrom('superusers')
    .select([
      'id',
      'loginno',
      'email',
      'telephone',
      'language',
      'password_changed_at',
      sql<string>`password_changed_at::text`.as('round'),
    ])
    .where('status', '=', 1)
    .where('password_changed_at', '>', new Date(now.getTime() - policy.maxAgeDays * DAY_MS))
    .where('password_changed_at', '<=', new Date(now.getTime() - (policy.maxAgeDays - policy.noticeDays) * DAY_MS))
    .execute();
}

/** Methods already done for this password (sent, or skipped for want of an address or a service). */
async function doneMethods(services: NoticeServices, superuserId: string, round: string): Promise<Set<string>> {
  const rows = await services.db
    .selectFrom('password_notices')
    .select('method')
    .where('superuser_id', '=', superuserId)
    .where('password_changed_at', '=', sql<Date>`${round}::timestamptz`)
    .where('status', 'in', ['sent', 'skipped'])
    .execute();
  return new Set(rows.map((r) => r.method));
}

// One scan at a time per database in this process (the schedule and "run now" may meet); the advisory
// lock keeps other instances out.
const inProcess = new WeakMap<object, Promise<unknown>>();

export function scanPasswordNotices(
  services: NoticeServices,
  now = new Date(),
  log: SmsLog = quietLog,
): Promise<ScanResult> {
  const previous = inProcess.get(services.database) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => scanOnce(services, now, log));
  inProcess.set(services.database, next);
  return next;
}

async function scanOnce(services: NoticeServices, now: Date, log: SmsLog): Promise<ScanResult> {
  const policy = await readPasswordPolicy(services.db);
  if (policy.maxAgeDays <= 0 || policy.noticeDays <= 0 || policy.noticeMethods.length === 0)
    return { ran: true, attempts: [] };
  const release = await lockDeployment(services.database, 'password-notices');
  if (!release) return { ran: false, attempts: [] };
  try {
    const translatorOf = await recipientTranslators(services);
    const attempts: Attempt[] = [];
    for (const user of await candidates(services, policy, now)) {
      const due = expiryNotice(policy, user.password_changed_at, now);
      if (!due) continue;
      const done = await doneMethods(services, user.id, user.round);
      const params = { days: due.daysLeft, loginno: user.loginno };
      const t = translatorOf(user.language);
      const notice = {
        superuserId: user.id,
        email: user.email,
        telephone: user.telephone,
        title: t('passwordNotice.title', params),
        // The policy's own text when it has one ({{days}} and {{loginno}} filled in), else the default.
        body: policy.noticeContent.trim()
          ? interpolate(policy.noticeContent.trim(), params)
          : t('passwordNotice.body', params),
      };
      for (const method of policy.noticeMethods.filter((m) => !done.has(m))) {
        const outcome = await channels[method](notice, services, log).catch((error: unknown): Outcome => ({
          status: 'failed',
          detail: (error as Error).message || String(error),
        }));
        await services.db
          .insertInto('password_notices')
          .values({
            id: randomUUID(),
            superuser_id: user.id,
            password_changed_at: sql<Date>`${user.round}::timestamptz`,
            method,
            ...outcome,
            detail: outcome.detail.slice(0, 1000),
          })
          .execute();
        attempts.push({ superuserId: user.id, method, ...outcome });
      }
    }
    return { ran: true, attempts };
  } finally {
    await release();
  }
}
