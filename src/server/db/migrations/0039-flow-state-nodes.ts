// The monitoring list's current nodes by id beside their BPMN names (docs/adr/0110-flow-list-node-names.md): the list shows
// and searches them by the names the package gives in the reader's language, resolved from the installed
// manifest, so a package upgrade that only translates applies to every row at once. Kept by the engine's
// last statement of each action with state_label (workflow/actions.ts); filled here from the active tokens.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_instances add column state_nodes text[] not null default '{}'`.execute(db);
  await sql`update flow_instances i set state_nodes = t.nodes
    from (select instance_id, array_agg(distinct node_id order by node_id) as nodes
      from flow_tokens where state = 'active' group by instance_id) t
    where t.instance_id = i.id and i.status = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_instances drop column state_nodes`.execute(db);
}
