// The engine benches' round of submissions (docs/adr/0191-engine-statements-cheaper.md).
import type { Db } from '../../src/server/db/schema.ts';

/** One open task of each running instance, its first by id: submitted one by one, each its own action,
 *  until none is left (an approval by any one approver ends with its first submission; the next round
 *  submits the step it led to). */
export function openTaskPerInstance(db: Db): Promise<Array<{ instance_id: string; assignee_id: string }>> {
  return db
    .selectFrom('flow_tasks as t')
    .innerJoin('flow_instances as i', 'i.id', 't.instance_id')
    .select(['t.instance_id', 't.assignee_id'])
    .distinctOn('t.instance_id')
    .where('t.status', '=', 'open')
    .where('i.status', '=', 'running')
    .orderBy('t.instance_id')
    .orderBy('t.id')
    .execute();
}
