// An instance's history as its detail shows it: each action with when, who (the user, or the
// administrator of an intervention; nobody for what the engine did itself), on which node, where it led.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

export async function instanceHistory(db: Db, instanceId: string, nodeName: (id: string | null) => string) {
  const rows = await db
    .selectFrom('flow_history as h')
    .leftJoin('users as u', 'u.id', 'h.actor_id')
    .leftJoin('superusers as s', 's.id', 'h.admin_id')
    .select(['h.action', 'h.node_id', 'h.to_nodes', 'h.comment'])
    .select([
      sql<string>`to_char(h.at, 'YYYY-MM-DD HH24:MI:SS')`.as('at'),
      sql<string>`coalesce(u.name, s.name, '')`.as('actor'),
    ])
    .where('h.instance_id', '=', instanceId)
    .orderBy('h.id')
    .execute();
  return rows.map((row) => ({
    at: row.at,
    action: row.action,
    actor: row.actor,
    nodeName: nodeName(row.node_id),
    toNodes: (row.to_nodes ?? []).map((id) => nodeName(id)),
    comment: row.comment,
  }));
}
