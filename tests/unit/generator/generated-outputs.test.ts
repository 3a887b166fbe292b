// Golden tests of the generator's outputs: the committed types equal a fresh generation, and the
// OpenAPI document is valid according to an independent validator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { buildOpenApi, callSummaryLabel } from '../../../src/core/catalogue/openapi.ts';
import { generateTypes, TYPES_FILE } from '../../../generator/emit/types.ts';

const { catalogue } = loadCatalogue([PROJECT_ROOT]); // the committed types cover the project catalogue only

describe('generated outputs', { timeout: 30_000 }, () => {
  it('the committed types file equals a fresh generation (else run npm run atrium -- types)', async () => {
    expect(readFileSync(join(PROJECT_ROOT, TYPES_FILE), 'utf8')).toBe(await generateTypes(catalogue));
  });

  it('generates the same text twice (deterministic)', { timeout: 30_000 }, async () => {
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

  it("gives every operation its summary from the locales, in the document's language (docs/adr/0074-call-summaries-in-locales.md)", () => {
    type Operation = { operationId: string; summary: string };
    const operations = (language: string) =>
      Object.values(buildOpenApi(catalogue, language).paths as Record<string, Record<string, Operation>>).flatMap(
        (path) => Object.values(path),
      );
    const summaries: Record<string, Map<string, string>> = {};
    for (const language of ['en', 'zh', 'cn']) {
      const found = operations(language);
      expect(found).toHaveLength(Object.keys(catalogue.calls).length);
      for (const op of found) expect([callSummaryLabel(op.operationId), op.operationId, '']).not.toContain(op.summary);
      summaries[language] = new Map(found.map((op) => [op.operationId, op.summary]));
    }
    expect(summaries.en.get('notices.scan')).toBe(
      'Runs the password-expiry scan now and answers the attempts it made (none when nobody is due).',
    );
    expect(summaries.zh.get('notices.scan')).toBe('立即执行密码过期扫描，并返回其发送提醒的记录（无人到期时为空）。');
    expect(summaries.cn.get('notices.scan')).toBe('立即執行密碼過期掃描，並傳回其傳送提醒的記錄（無人到期時為空）。');
    // None of the Chinese summaries is left in English.
    const english = [...summaries.en].filter(
      ([id, text]) => summaries.zh.get(id) === text || summaries.cn.get(id) === text,
    );
    expect(english.map(([id]) => id)).toEqual([]);
  });
});
