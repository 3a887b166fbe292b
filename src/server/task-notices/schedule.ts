// Sends the pending task mails every few seconds (croner) until the app closes; a round still running
// when the next is due makes that one skip. Stopping waits for the round under way.
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { dispatchTaskMail, type MailServices } from './mail-dispatch.ts';

export const TASK_MAIL_PATTERN = '*/10 * * * * *';

export function scheduleTaskMail(services: MailServices, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const job = new Cron(TASK_MAIL_PATTERN, { protect: true, name: 'task-mail' }, () => {
    running = dispatchTaskMail(services)
      .then((round) => {
        if (round.sent + round.failed + round.retry > 0) log.info({ taskMail: round }, 'task mails');
      })
      .catch((err: unknown) => log.error({ err }, 'task mail round failed'));
    return running;
  });
  return async () => {
    job.stop();
    await running;
  };
}
