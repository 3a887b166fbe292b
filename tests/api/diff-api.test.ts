// `atrium diff-api` against the project's own running server: no drift; and against a server whose
// catalogue has more calls than the project's (the store fixture), the drift is reported.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffApiCommand } from '../../generator/commands/diff-api.ts';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const [pglite] = await databaseTargets();

describe('atrium diff-api against a running server', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    vi.restoreAllMocks();
  });

  it('finds no drift between the catalogue and the served document', async () => {
    server = await startTestServer(pglite);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    expect(await diffApiCommand(['--against', server.url])).toBe(0);
    expect(lines.at(-1)).toMatch(/operations of the catalogue match/);
  });

  it('reports the calls a server answers that the catalogue does not describe', async () => {
    server = await startTestServer(pglite, {
      extraCatalogueRoots: [join(PROJECT_ROOT, 'tests/fixtures/store-catalogue')],
    });
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    expect(await diffApiCommand(['--against', server.url])).toBe(1);
    expect(lines.join('\n')).toContain('/authtime/assets');
  });
});
