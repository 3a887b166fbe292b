// How the approvers of an instance's open tasks were told (docs/adr/0051-new-task-notifies-approver.md): how many messages, how many read,
// and what became of their mails, so an administrator sees whether anyone knows the instance waits.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { MailStatus } from '../../db/column-types.ts';

export async function instanceNotices(db: Db, instanceId: string) {
  const rows = await db
    .selectFrom('task_messages as m')
    .innerJoin('flow_tasks as k', 'k.id', 'm.task_id')
    .select(['m.mail_status', sql<boolean>`m.read_at is not null`.as('read')])
    .where('m.instance_id', '=', instanceId)
    .where('k.status', '=', 'open')
    .execute();
  const mail: Record<MailStatus, number> = { pending: 0, sent: 0, skipped: 0, failed: 0 };
  for (const row of rows) mail[row.mail_status] += 1;
  return { told: rows.length, read: rows.filter((r) => r.read).length, mail };
}
