// A running instance's task-local variables as flow monitoring shows them
// (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md): the inputs of each waiting task that has
// some (docs/adr/0216-input-output-mappings.md), held by its token (`flow_tokens.locals`: a user or an
// external task alone on it) or, at a multi-instance approval, by each inner instance's open task
// (`flow_tasks.locals`, named by its approver). One row per variable, its value as JSON text. Read by
// flows.get, so only the instance's governors see them.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

export interface LocalRow {
  id: string;
  nodeId: string;
  nodeName: string;
  taskOf: string;
  name: string;
  value: string;
}

/** The rows of one holder's variables, by name. */
function rowsOf(
  holder: { id: string; node_id: string; locals: Record<string, unknown> | null },
  taskOf: string,
  nodeName: (id: string | null) => string,
): LocalRow[] {
  const names = Object.keys(holder.locals ?? {}).sort();
  return names.map((name) => ({
    id: `${holder.id}:${name}`,
    nodeId: holder.node_id,
    nodeName: nodeName(holder.node_id),
    taskOf,
    name,
    value: JSON.stringify(holder.locals![name] ?? null),
  }));
}

/** The detail's `locals`: the tokens' first, then the inner instances' tasks' (in the order made, those
 *  made together by their instance's index, then their approvers' names), each holder's by name. */
export async function instanceLocals(
  db: Db,
  instanceId: string,
  nodeName: (id: string | null) => string,
): Promise<LocalRow[]> {
  const [tokens, tasks] = await Promise.all([
    db
      .selectFrom('flow_tokens')
      .select(['id', 'node_id', 'locals'])
      .where('instance_id', '=', instanceId)
      .where('locals', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('flow_tasks as t')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.id', 't.node_id', 't.locals', 'u.name'])
      .where('t.instance_id', '=', instanceId)
      .where('t.status', '=', 'open')
      .where('t.locals', 'is not', null)
      .orderBy('t.created_at')
      // Tasks opened together in the order of their inner instances (the index a computed assignee's
      // task keeps, docs/adr/0227-multi-instance-assignee-per-element.md), then by approver name.
      .orderBy(sql`(t.output->>'index')::int`)
      .orderBy('u.name')
      .orderBy('t.id')
      .execute(),
  ]);
  return [
    ...tokens.flatMap((token) => rowsOf(token, '', nodeName)),
    ...tasks.flatMap((task) => rowsOf(task, task.name, nodeName)),
  ];
}
