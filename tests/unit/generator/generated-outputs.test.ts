// Golden tests of the generator's outputs: the committed types equal a fresh generation, and the
// OpenAPI document is valid according to an independent validator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { buildOpenApi } from '../../../src/core/catalogue/openapi.ts';
import { generateTypes, TYPES_FILE } from '../../../generator/emit/types.ts';

const { catalogue } = loadCatalogue([PROJECT_ROOT]); // the committed types cover the project catalogue only

describe('generated outputs', () => {
  it('the committed types file equals a fresh generation (else run npm run atrium -- types)', async () => {
    expect(readFileSync(join(PROJECT_ROOT, TYPES_FILE), 'utf8')).toBe(await generateTypes(catalogue));
  });

  it('generates the same text twice (deterministic)', async () => {
    expect(await generateTypes(catalogue)).toBe(await generateTypes(catalogue));
  });

  it('types every call with params from its path', async () => {
    const text = await generateTypes(catalogue);
    for (const call of Object.values(catalogue.calls)) expect(text).toContain(`'${call.id}': { params: `);
    expect(text).toContain(`'domains.get': { params: { id: string }; query: never; body: never; reply: Domain };`);
  });

  it('emits an OpenAPI 3.1 document that @seriousme/openapi-schema-validator accepts', async () => {
    const document = buildOpenApi(catalogue);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths as object).length).toBeGreaterThan(0);
  });
});
