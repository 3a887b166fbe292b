// Runs the password-expiry scan on a schedule (croner): at minute 7 of every hour, and once shortly
// after start so a restarted server does not wait an hour. Stopping waits for a scan under way.
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { NoticeServices } from './channels.ts';
import { scanPasswordNotices } from './scan.ts';

export const NOTICE_PATTERN = '7 * * * *';
const FIRST_SCAN_AFTER_MS = 30_000;

export function scheduleNoticeScans(services: NoticeServices, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const scan = () => {
    running = scanPasswordNotices(services, new Date(), log)
      .then(({ attempts }) => {
        if (attempts.length > 0) log.info({ notices: attempts.map(({ superuserId, method, status }) => ({ superuserId, method, status })) }, 'password-expiry notices');
      })
      .catch((err: unknown) => log.error({ err }, 'password-expiry notice scan failed'));
    return running;
  };
  // protect: a scan still running when the next one is due makes that one skip.
  const jobs = [new Cron(NOTICE_PATTERN, { protect: true, name: 'password-notices' }, scan), new Cron(new Date(Date.now() + FIRST_SCAN_AFTER_MS), scan)];
  return async () => {
    for (const job of jobs) job.stop();
    await running;
  };
}
