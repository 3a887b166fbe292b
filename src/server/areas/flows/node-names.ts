// A process's node names in the reader's language: its package names them in the three languages
// (app.yaml `processes[].nodes`, docs/packages.md), kept with the application's manifest; a node the
// package does not name keeps its BPMN name. Read from the installed manifest, so an upgrade that only
// translates applies at once to the instances of every version, and to the monitoring list, which
// keeps its rows' current nodes by id (docs/adr/0110-flow-list-node-names.md).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';

interface NamedNode {
  application_id: string;
  process_id: string;
  node_id: string;
  name: string;
}

/** The nodes the installed packages name, each with its name in `language` (English where the package
 *  gives none in it), those `where` keeps (on `application_id` and `name`). */
const namedNodes = (db: Db, language: Language, where: RawBuilder<SqlBool>) =>
  sql<NamedNode>`select * from (select a.id as application_id, p.value ->> 'id' as process_id, n.key as node_id,
      coalesce(n.value ->> ${language}, n.value ->> 'en') as name
    from applications a
    cross join lateral jsonb_array_elements(coalesce(a.manifest -> 'processes', '[]'::jsonb)) p
    cross join lateral jsonb_each(coalesce(p.value -> 'nodes', '{}'::jsonb)) n) named
    where name is not null and ${where}`
    .execute(db)
    .then((result) => result.rows);

/** The key of an application's process in the maps below. */
export const processKey = (applicationId: string, processId: string) => JSON.stringify([applicationId, processId]);

/** Node id → name in `language` for the nodes the packages name, by process (processKey), for the
 *  processes of these applications: one query for a page of the monitoring list. */
export async function packagesNodeNames(
  db: Db,
  applicationIds: readonly string[],
  language: Language,
): Promise<Map<string, Record<string, string>>> {
  const names = new Map<string, Record<string, string>>();
  if (applicationIds.length === 0) return names;
  const where = sql<SqlBool>`application_id = any(${sql.val([...new Set(applicationIds)])}::text[])`;
  for (const node of await namedNodes(db, language, where)) {
    const key = processKey(node.application_id, node.process_id);
    names.set(key, { ...names.get(key), [node.node_id]: node.name });
  }
  return names;
}

/** Node id → name in `language`, for the nodes the package names. */
export async function packageNodeNames(
  db: Db,
  applicationId: string,
  processId: string,
  language: Language,
): Promise<Record<string, string>> {
  return (await packagesNodeNames(db, [applicationId], language)).get(processKey(applicationId, processId)) ?? {};
}

/** The nodes whose name in `language` `named` keeps, by process. */
export async function nodesNamed(
  db: Db,
  language: Language,
  named: (name: RawBuilder<string>) => RawBuilder<SqlBool>,
  applicationId: string | undefined,
): Promise<Array<{ applicationId: string; processId: string; nodeIds: string[] }>> {
  const where = named(sql<string>`name`);
  const rows = await namedNodes(
    db,
    language,
    applicationId === undefined ? where : sql<SqlBool>`${where} and application_id = ${applicationId}`,
  );
  const processes = new Map<string, { applicationId: string; processId: string; nodeIds: string[] }>();
  for (const row of rows) {
    const key = processKey(row.application_id, row.process_id);
    const process = processes.get(key) ?? { applicationId: row.application_id, processId: row.process_id, nodeIds: [] };
    process.nodeIds.push(row.node_id);
    processes.set(key, process);
  }
  return [...processes.values()];
}

/** A node's name: the package's in the language, else the BPMN name, else the id. */
export const nodeNamer = (
  names: Record<string, string>,
  definition: { nodes: Record<string, { name?: string; parent?: string } | undefined> },
) => {
  const own = (id: string) => names[id] ?? definition.nodes[id]?.name ?? id;
  // A node inside sub-processes shows their names before its own: the level it is at (docs/adr/0124-embedded-sub-processes-and-ends.md).
  const named = (id: string | null): string => {
    if (!id) return '';
    const parent = definition.nodes[id]?.parent;
    return parent ? `${named(parent)} › ${own(id)}` : own(id);
  };
  return named;
};
