// `atrium types [--out FILE]`: writes the TypeScript types of entities and calls (default: the committed file).
import { join } from 'node:path';
import { loadCatalogue, PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { generateTypes, TYPES_FILE } from '../emit/types.ts';
import { option } from './args.ts';
import { writeOutput } from './output.ts';

export async function typesCommand(args: string[]): Promise<number> {
  // The project's own catalogue only: extra roots (ATRIUM_CATALOGUE_EXTRA) are not part of the committed types.
  const { catalogue } = loadCatalogue([PROJECT_ROOT]);
  writeOutput(await generateTypes(catalogue), option(args, 'out') ?? join(PROJECT_ROOT, TYPES_FILE));
  return 0;
}
