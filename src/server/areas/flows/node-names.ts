// A process's node names in the reader's language: its package names them in the three languages
// (app.yaml `processes[].nodes`, docs/packages.md), kept with the application's manifest; a node the
// package does not name keeps its BPMN name. Read from the installed manifest, so an upgrade that only
// translates applies at once to the instances of every version.
import type { Language } from '../../../core/catalogue/types.ts';
import type { Manifest } from '../../../core/packages/package-types.ts';
import type { Db } from '../../db/schema.ts';

/** Node id → name in `language`, for the nodes the package names. */
export async function packageNodeNames(
  db: Db,
  applicationId: string,
  processId: string,
  language: Language,
): Promise<Record<string, string>> {
  const row = await db.selectFrom('applications').select('manifest').where('id', '=', applicationId).executeTakeFirst();
  const process = (row?.manifest as Manifest | null | undefined)?.processes?.find((p) => p.id === processId);
  return Object.fromEntries(Object.entries(process?.nodes ?? {}).map(([id, text]) => [id, text[language] ?? text.en]));
}

/** A node's name: the package's in the language, else the BPMN name, else the id. */
export const nodeNamer =
  (names: Record<string, string>, definition: { nodes: Record<string, { name?: string } | undefined> }) =>
  (id: string | null): string =>
    id ? (names[id] ?? definition.nodes[id]?.name ?? id) : '';
