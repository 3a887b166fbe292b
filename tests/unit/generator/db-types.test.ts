// The database types are derived from the migrations (docs/adr/0101-database-types-generated.md): the
// committed src/server/db/schema.ts equals a fresh generation, and a shape naming no column is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { DB_TYPES_FILE, generateDbTypes } from '../../../generator/db-types/generate.ts';
import { COLUMN_SHAPES } from '../../../generator/db-types/column-shapes.ts';

describe('database types', () => {
  it(
    'the committed schema.ts equals what the migrations produce (else run npm run atrium -- db-types)',
    { timeout: 120_000 },
    async () => {
      const text = await generateDbTypes(PROJECT_ROOT);
      expect(readFileSync(join(PROJECT_ROOT, DB_TYPES_FILE), 'utf8')).toBe(text);
      // Derived from the database, so tables no hand-kept file listed are there too.
      expect(text).toContain('flow_figure_days: FlowFigureDays;');
      expect(text).toMatch(/export interface OperationLog \{[^}]*\bseq: Int8Value;/);
    },
  );

  it('refuses a column shape for a column the migrations do not make', { timeout: 120_000 }, async () => {
    await expect(generateDbTypes(PROJECT_ROOT, { ...COLUMN_SHAPES, 'users.no_such_column': 'string' })).rejects.toThrow(
      'users.no_such_column',
    );
  });
});
