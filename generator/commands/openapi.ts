// `atrium openapi [--out FILE]`: the OpenAPI 3.1 document of the catalogue, as the server serves it.
import { loadCatalogue } from '../../src/core/catalogue/from-disk.ts';
import { buildOpenApi } from '../../src/core/catalogue/openapi.ts';
import { option } from './args.ts';
import { writeOutput } from './output.ts';

export async function openapiCommand(args: string[]): Promise<number> {
  const { catalogue } = loadCatalogue();
  writeOutput(JSON.stringify(buildOpenApi(catalogue), null, 2) + '\n', option(args, 'out'));
  return 0;
}
