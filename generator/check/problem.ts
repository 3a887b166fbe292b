// What every check takes and returns: the catalogue, its documents, the server's handler ids and the
// console registry's names in; problems (file, JSON pointer, message) out.
import type { CatalogueDocument, Problem } from '../../src/core/catalogue/build.ts';
import type { Catalogue } from '../../src/core/catalogue/types.ts';

export type { Problem };

/** Names registered in src/console/registry.ts, one list per kind of registry. */
export interface RegistryNames {
  screenKinds: string[];
  plugins: string[];
  cellRenderers: string[];
  widgets: string[];
  guards: string[];
  dialogs: string[];
}

export interface CheckInput {
  catalogue: Catalogue;
  docs: CatalogueDocument[];
  /** Call ids of `handlers` in src/server/areas/index.ts; null when it could not be loaded. */
  handlerIds: string[] | null;
  /** null when the console registry could not be loaded. */
  registry: RegistryNames | null;
  /** The committed generated types and a fresh generation, when the staleness check should run. */
  generatedTypes?: { file: string; committed: string | null; fresh: string; command: string };
  /** docs/security.md as committed and with its generated tables written afresh (generator/emit/security-doc.ts). */
  securityDoc?: { file: string; committed: string; fresh: string; command: string };
}

export type Check = (input: CheckInput) => Problem[];

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.pointer}: ${p.message}`;
}
