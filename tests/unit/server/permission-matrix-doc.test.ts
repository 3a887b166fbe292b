// docs/security.md carries the permission matrix as a table: it must say exactly what the server's
// matrix enforces, cell by cell, for every call that has a row.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { matrixAllows, PERMISSION_MATRIX, SEPARATED_TYPES } from '../../../src/server/auth/permission-matrix.ts';
import type { ReachKind } from '../../../src/server/auth/reach.ts';

/** Each type at platform reach, then "(t)" of tenants and "(d)" of departments of one tenant. */
type Column = { type: string; reach: { kind: ReachKind } };
const COLUMNS = SEPARATED_TYPES.flatMap((type): Column[] =>
  type === 'super'
    ? [{ type, reach: { kind: 'platform' } }]
    : (['platform', 'tenants', 'departments'] as const).map((kind) => ({ type, reach: { kind } })),
);

function documentedRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync(join(PROJECT_ROOT, 'docs/security.md'), 'utf8').split('\n')) {
    const match = /^\| `([A-Za-z.]+)` \| [A-Z]+ \S+ \| (.+) \|$/.exec(line);
    if (match) rows.set(match[1], match[2].split(' | '));
  }
  return rows;
}

describe('permission matrix in docs/security.md', () => {
  it('documents every call of the matrix with the cells the server enforces', () => {
    const documented = documentedRows();
    for (const [id, row] of Object.entries(PERMISSION_MATRIX)) {
      const expected = COLUMNS.map((c) =>
        row === 'public' ? 'public' : matrixAllows(id, { isOpenSecurity: true, ...c }) ? '✓' : '—',
      );
      expect(documented.get(id), id).toEqual(expected);
    }
  });
});
