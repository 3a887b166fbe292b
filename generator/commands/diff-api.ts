// `atrium diff-api --against URL`: fetches a running server's OpenAPI document and reports every
// operation whose path, method, parameters or schemas differ from the catalogue's.
import { loadCatalogue } from '../../src/core/catalogue/from-disk.ts';
import { buildOpenApi } from '../../src/core/catalogue/openapi.ts';
import { diffOpenApi } from '../diff/openapi-diff.ts';
import { option } from './args.ts';

export const OPENAPI_PATH = '/authtime/openapi.json';

/** A base URL (http://host:port) gets the path where the server serves its document. */
export function documentUrl(against: string): string {
  const url = new URL(against);
  if (!url.pathname.endsWith('.json')) url.pathname = url.pathname.replace(/\/+$/, '') + OPENAPI_PATH;
  return url.href;
}

export async function diffApiCommand(args: string[]): Promise<number> {
  const against = option(args, 'against');
  if (!against) {
    console.error('usage: atrium diff-api --against URL   (the server base URL or its openapi.json URL)');
    return 2;
  }
  const url = documentUrl(against);
  const reply = await fetch(url, { headers: { accept: 'application/json' } });
  if (!reply.ok) throw new Error(`${url} answered HTTP ${reply.status}`);
  const served = (await reply.json()) as Record<string, unknown>;
  const { drifts, compared } = diffOpenApi(buildOpenApi(loadCatalogue().catalogue), served);
  for (const line of drifts) console.log(line);
  if (drifts.length) {
    console.log(
      `atrium diff-api: ${drifts.length} drift${drifts.length === 1 ? '' : 's'} between the catalogue and ${url}`,
    );
    return 1;
  }
  console.log(`atrium diff-api: ${compared} operations of the catalogue match ${url}`);
  return 0;
}
