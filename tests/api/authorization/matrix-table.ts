// The authorization matrix as docs/security.md writes it (generated from the catalogue by
// generator/emit/outcome-matrix.ts): one table per separation mode, a row per call, a column per caller kind. A cell is the outcome at a target of the caller's home tenant, then
// "/" and the outcome at the other tenant's when they differ: ✓ allowed, 403 refused, 404 not found or
// out of reach (a list leaves the target out), 401 not signed in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { CALLER_KINDS, COLUMN_TITLES } from '../../../generator/emit/matrix-callers.ts';
import { cell, MATRIX_HEADINGS as HEADINGS, type Mode } from '../../../generator/emit/outcome-matrix.ts';

export { cell, HEADINGS, type Mode };

/** Call id → cells in CALLER_KINDS order, read from the table under the mode's heading. */
export function documentedMatrix(mode: Mode): Map<string, string[]> {
  const lines = readFileSync(join(PROJECT_ROOT, 'docs/security.md'), 'utf8').split('\n');
  const start = lines.indexOf(HEADINGS[mode]);
  const rows = new Map<string, string[]>();
  if (start < 0) return rows;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    const match = /^\| `([A-Za-z.]+)` \| (.+) \|$/.exec(line);
    if (match)
      rows.set(
        match[1],
        match[2].split(' | ').map((c) => c.trim()),
      );
  }
  return rows;
}

/** The table as it would be written, for a reviewer to compare with what the server answered. */
export function formatMatrix(mode: Mode, rows: Map<string, string[]>): string {
  const header = `| call | ${CALLER_KINDS.map((k) => COLUMN_TITLES[k]).join(' | ')} |\n|---|${CALLER_KINDS.map(() => ':-:').join('|')}|`;
  const body = [...rows].map(([id, cells]) => `| \`${id}\` | ${cells.join(' | ')} |`).join('\n');
  return `${HEADINGS[mode]}\n\n${header}\n${body}\n`;
}
