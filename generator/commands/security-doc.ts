// `atrium security-doc`: rewrites the tables of docs/security.md that the catalogue decides (the
// project's own catalogue, without extra roots, like the committed types).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue, PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { SECURITY_DOC, securityTables, withTables } from '../emit/security-doc.ts';

export async function securityDocCommand(): Promise<number> {
  const { catalogue } = loadCatalogue([PROJECT_ROOT]);
  const path = join(PROJECT_ROOT, SECURITY_DOC);
  writeFileSync(path, withTables(readFileSync(path, 'utf8'), securityTables(catalogue)));
  console.log(`wrote ${path}`);
  return 0;
}
