// `atrium diff-api`: drift between the catalogue's OpenAPI document and a served one is reported per
// operation; a served document equal to the catalogue's passes, whether given as base or full URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { buildOpenApi } from '../../../src/core/catalogue/openapi.ts';
import { diffOpenApi } from '../../../generator/diff/openapi-diff.ts';
import { diffApiCommand, documentUrl } from '../../../generator/commands/diff-api.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests reach into the document freely
const catalogueDoc = (): Doc => structuredClone(buildOpenApi(loadCatalogue().catalogue));

describe('diffOpenApi', { timeout: 30_000 }, () => {
  it('finds no drift between a document and itself, with components renamed', () => {
    const served = catalogueDoc();
    served.components.schemas.Enterprise = served.components.schemas.domain;
    delete served.components.schemas.domain;
    const text = JSON.stringify(served).replaceAll('#/components/schemas/domain"', '#/components/schemas/Enterprise"');
    expect(diffOpenApi(catalogueDoc(), JSON.parse(text)).drifts).toEqual([]);
  });

  it('reports a changed reply schema with the place and both values', () => {
    const served = catalogueDoc();
    served.components.schemas.domain.properties.name.maxLength = 30;
    const { drifts } = diffOpenApi(catalogueDoc(), served);
    expect(drifts).toContain(
      'GET /authtime/domain/{id} (domains.get): reply differ at /application~1json/schema/anyOf/0/properties/data/properties/name/maxLength: catalogue 22, server 30',
    );
  });

  it('reports a missing operation, an extra one, a changed parameter and a changed request body', () => {
    const served = catalogueDoc();
    served.paths['/authtime/domain/{id}'].patch = served.paths['/authtime/domain/{id}'].put;
    delete served.paths['/authtime/domain/{id}'].put;
    served.paths['/authtime/domains'].post.parameters[1].required = true;
    served.paths['/authtime/login'].post.requestBody.content['application/json'].schema = { type: 'object' };
    expect(diffOpenApi(catalogueDoc(), served).drifts).toEqual([
      expect.stringMatching(
        /^POST \/authtime\/login \(auth\.login\): request body differ at \/application~1json\/schema\/properties: catalogue \{"username".{40,80}\.\.\., server absent$/,
      ),
      'PUT /authtime/domain/{id} (domains.update): in the catalogue, not served',
      'POST /authtime/domains (domains.list): parameters differ at /1/required: catalogue false, server true',
      'PATCH /authtime/domain/{id} (domains.update): served, not in the catalogue',
    ]);
  });
});

describe('atrium diff-api against a served document', () => {
  let server: Server;
  let base = '';
  let served: Doc = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      const found = req.url === '/authtime/openapi.json';
      res
        .writeHead(found ? 200 : 404, { 'content-type': 'application/json' })
        .end(found ? JSON.stringify(served) : '{}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  async function run(against: string): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      return { code: await diffApiCommand(['--against', against]), lines };
    } finally {
      log.mockRestore();
    }
  }

  it('accepts the base URL or the document URL', () => {
    expect(documentUrl('http://h:1')).toBe('http://h:1/authtime/openapi.json');
    expect(documentUrl('http://h:1/')).toBe('http://h:1/authtime/openapi.json');
    expect(documentUrl('http://h:1/authtime/openapi.json')).toBe('http://h:1/authtime/openapi.json');
  });

  it('exits 0 with a summary when the server serves the catalogue', async () => {
    served = catalogueDoc();
    const { code, lines } = await run(base);
    expect(code).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(
        /^atrium diff-api: \d+ operations of the catalogue match http:\/\/127\.0\.0\.1:\d+\/authtime\/openapi\.json$/,
      ),
    ]);
  });

  it('exits 1 with one line per drift', async () => {
    served = catalogueDoc();
    delete served.paths['/authtime/logout'];
    const { code, lines } = await run(`${base}/authtime/openapi.json`);
    expect(code).toBe(1);
    expect(lines).toEqual([
      'POST /authtime/logout (auth.logout): in the catalogue, not served',
      expect.stringMatching(/^atrium diff-api: 1 drift between/),
    ]);
  });
});
