// What a task message says (docs/adr/0051-new-task-notifies-approver.md): which approval waits for whom, on which flow, started by whom.
// Stored as references and written out when read or mailed, so each reader gets its own language and
// a renamed flow reads with its new name.
import { sql } from 'kysely';
import type { Language } from '../../core/catalogue/types.ts';
import type { Calls } from '../../core/generated/api-types.ts';
import type { Db } from '../db/schema.ts';
import { inLanguage } from '../areas/applications/application-sql.ts';
import type { Translate } from '../notices/recipient-language.ts';
import { versionById } from '../workflow/process-versions.ts';

/** A message as the runtime answers it, with whom it tells (for the mail). */
export type TaskMessage = Calls['runtime.messages']['reply']['datas'][number] & { userId: string; email: string };

/** Which messages: one user's (all, or the unread ones), or the ones named. */
export type MessageFilter = { userId: string; unread: boolean } | { ids: readonly string[] };

/** The messages the filter picks, newest first, written out with `t`. */
export async function taskMessages(
  db: Db,
  language: Language,
  t: Translate,
  filter: MessageFilter,
  page = { limit: 100, offset: 0 },
): Promise<TaskMessage[]> {
  if ('ids' in filter && filter.ids.length === 0) return [];
  let query = db
    .selectFrom('task_messages as m')
    .innerJoin('flow_tasks as k', 'k.id', 'm.task_id')
    .innerJoin('flow_instances as i', 'i.id', 'm.instance_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('users as s', 's.id', 'i.initiator_id')
    .leftJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'i.application_id').onRef('p.id', '=', 'i.process_id'),
    )
    .select([
      'm.id',
      'm.user_id',
      'u.email',
      'm.instance_id',
      'm.task_id',
      'k.node_id',
      'k.status as task_status',
      'i.version_id',
      'i.title',
      's.name as initiator',
      'm.created_at',
      'm.read_at',
      'm.mail_status',
      sql<string>`to_char(i.started_at, 'YYYY-MM-DD HH24:MI')`.as('started'),
      inLanguage(sql.ref('p.names'), sql.ref('i.process_id'), language).as('flow'),
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .limit(page.limit)
    .offset(page.offset);
  if ('ids' in filter) query = query.where('m.id', 'in', filter.ids);
  else {
    query = query.where('m.user_id', '=', filter.userId);
    if (filter.unread) query = query.where('m.read_at', 'is', null);
  }
  const rows = await query.execute();
  const messages: TaskMessage[] = [];
  for (const row of rows) {
    const { definition } = await versionById(db, row.version_id);
    const node = definition.nodes[row.node_id]?.name ?? row.node_id;
    const params = {
      node,
      flow: row.flow,
      initiator: row.initiator,
      title: row.title || row.flow,
      started: row.started,
    };
    messages.push({
      id: row.id,
      userId: row.user_id,
      email: row.email,
      title: t('workflow.taskNotice.title', params),
      body: t('workflow.taskNotice.body', params),
      instanceId: row.instance_id,
      taskId: row.task_id,
      taskOpen: row.task_status === 'open',
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
      mail: row.mail_status,
    });
  }
  return messages;
}
