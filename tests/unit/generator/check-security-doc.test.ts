// docs/security.md's permission matrix of security separation is written from the calls' `officers`:
// `atrium check` refuses the doc once a call's access changes until the table is regenerated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { checkSecurityDoc } from '../../../generator/check/security-doc.ts';
import { SECURITY_DOC, securityTables, withTables } from '../../../generator/emit/security-doc.ts';
import type { CheckInput } from '../../../generator/check/problem.ts';

const { catalogue } = loadCatalogue([PROJECT_ROOT]);
const committed = readFileSync(join(PROJECT_ROOT, SECURITY_DOC), 'utf8');
const input = (fresh: string): CheckInput => ({
  catalogue,
  docs: [],
  handlerIds: null,
  registry: null,
  securityDoc: { file: SECURITY_DOC, committed, fresh, command: 'atrium security-doc' },
});

describe('atrium check: the tables of docs/security.md', () => {
  it('finds the committed doc up to date', () => {
    expect(checkSecurityDoc(input(withTables(committed, securityTables(catalogue))))).toEqual([]);
  });

  it('writes each call with its cells: public, or ✓ and — by type and reach kind', () => {
    const rows = securityTables(catalogue)[0].text.split('\n');
    expect(rows).toContain(
      '| `domains.update` | PUT /authtime/domain/{id} | ✓ | ✓ | ✓ | — | — | — | — | — | — | — | — | — | — |',
    );
    expect(rows.find((r) => r.startsWith('| `auth.login` '))).toMatch(/^(\| [^|]+ ){2}(\| public ){13}\|$/);
  });

  it('refuses the doc once a call grants another officer, naming the command that rewrites it', () => {
    const changed = {
      ...catalogue,
      calls: { ...catalogue.calls, 'domains.create': { ...catalogue.calls['domains.create'], officers: ['admin'] } },
    };
    expect(checkSecurityDoc(input(withTables(committed, securityTables(changed))))).toEqual([
      {
        file: SECURITY_DOC,
        pointer: '',
        message:
          "its tables of the calls' access are stale (the catalogue changed); regenerate them with `atrium security-doc` and commit",
      },
    ]);
  });

  it('says so when the doc lost the markers of a table', () => {
    expect(() => withTables('# Security\n', securityTables(catalogue))).toThrow(
      'has no markers of the generated officers table',
    );
  });
});
