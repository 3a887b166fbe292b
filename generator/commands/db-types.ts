// `atrium db-types [--check]`: regenerates src/server/db/schema.ts from the migrations, or with --check
// fails when the committed file differs from what they produce (docs/adr/0101-database-types-generated.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { DB_TYPES_FILE, generateDbTypes } from '../db-types/generate.ts';
import { writeOutput } from './output.ts';

export async function dbTypesCommand(args: string[]): Promise<number> {
  const path = join(PROJECT_ROOT, DB_TYPES_FILE);
  const text = await generateDbTypes(PROJECT_ROOT);
  if (!args.includes('--check')) {
    writeOutput(text, path);
    return 0;
  }
  if (readFileSync(path, 'utf8') === text) return 0;
  console.error(`${DB_TYPES_FILE} differs from what the migrations produce: run npm run atrium -- db-types`);
  return 1;
}
