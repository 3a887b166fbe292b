// Node only: reads the catalogue folders (schemas/, locales/) of the project and of any extra
// catalogue roots (tests and plugins add screens this way, with no code change).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { buildCatalogue, type CatalogueDocument, type Problem } from './build.ts';
import type { Catalogue } from './types.ts';

/** The project's folder (schemas/, locales/, packages/, dist/console/): the nearest one above this module
 *  holding package.json, so the same under tsx (src/core/catalogue/) and in the compiled server
 *  (dist/server/, docs/adr/0105-compiled-server.md). */
export const PROJECT_ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const FOLDERS: Array<[string, CatalogueDocument['kind']]> = [
  ['schemas/entities', 'entity'],
  ['schemas/api', 'api'],
  ['schemas/screens', 'screen'],
  ['locales', 'locale'],
];

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && statSync(join(dir, f)).isFile())
    .sort()
    .map((f) => join(dir, f));
}

export function readCatalogueDocuments(roots: string[]): { docs: CatalogueDocument[]; problems: Problem[] } {
  const docs: CatalogueDocument[] = [];
  const problems: Problem[] = [];
  for (const root of roots) {
    for (const [folder, kind] of FOLDERS) {
      for (const path of yamlFiles(join(root, folder))) {
        const file = relative(PROJECT_ROOT, path);
        try {
          docs.push({ file, kind, data: parse(readFileSync(path, 'utf8')) });
        } catch (e) {
          problems.push({ file, pointer: '', message: `not valid YAML: ${(e as Error).message.split('\n')[0]}` });
        }
      }
    }
  }
  return { docs, problems };
}

/** Extra roots come from ATRIUM_CATALOGUE_EXTRA (a path list separated by the platform delimiter). */
export function catalogueRoots(extra = process.env.ATRIUM_CATALOGUE_EXTRA): string[] {
  const more = (extra ?? '')
    .split(/[:;]/)
    .filter(Boolean)
    .map((p) => resolve(p));
  return [PROJECT_ROOT, ...more];
}

export function loadCatalogue(roots = catalogueRoots()): {
  catalogue: Catalogue;
  problems: Problem[];
  docs: CatalogueDocument[];
} {
  const read = readCatalogueDocuments(roots);
  const built = buildCatalogue(read.docs);
  return { catalogue: built.catalogue, problems: [...read.problems, ...built.problems], docs: read.docs };
}
