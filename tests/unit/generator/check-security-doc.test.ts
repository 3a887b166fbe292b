// docs/security.md's permission matrix of security separation is written from the calls' `officers`,
// and its authorization matrix from their access, targets and outcomes: `atrium check` refuses the doc
// once a call's access changes until the tables are regenerated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';
import { checkSecurityDoc } from '../../../generator/check/security-doc.ts';
import { checkCallOutcomes } from '../../../generator/check/call-outcomes.ts';
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

// The authorization matrix's two outcome tables are written from each call's access, target and
// `outcomes` (generator/emit/outcome-matrix.ts); the API matrix test proves them over HTTP.
describe('atrium check: the generated authorization matrix', () => {
  const matrix = (c: typeof catalogue, mode: 'off' | 'on') =>
    securityTables(c)
      .find((t) => t.name === `authorization matrix (separation ${mode})`)!
      .text.split('\n');

  it("writes admission's answer at a declared tenant and department, home then away", () => {
    expect(matrix(catalogue, 'off')).toContain(
      '| `departments.children` | 401 | ✓ | 404 | 404 | 404 | ✓/404 | ✓/404 | ✓/404 | 404 |',
    );
    // Separation on: the officers reach the platform; the developer is refused by `officers`.
    expect(matrix(catalogue, 'on')).toContain(
      '| `departments.update` | 401 | ✓ | ✓ | 403 | 403 | ✓/404 | ✓/404 | ✓/404 | 403 |',
    );
  });

  it("writes a call's stated outcomes over admission's cells", () => {
    expect(matrix(catalogue, 'off')).toContain(
      '| `calendars.create` | 401 | ✓ | 404 | 404 | 404 | ✓/404 | ✓/404 | 403/404 | 404 |',
    );
  });

  it('refuses the doc once a call loses its declared department target', () => {
    const { target: _, ...untargeted } = catalogue.calls['departments.get'];
    const changed = { ...catalogue, calls: { ...catalogue.calls, 'departments.get': untargeted } };
    const problems = checkSecurityDoc(input(withTables(committed, securityTables(changed))));
    expect(problems.map((p) => p.file)).toEqual([SECURITY_DOC]);
    expect(matrix(changed, 'off')).toContain('| `departments.get` | 401 | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |');
  });

  it('refuses an outcomes cell admission already gives, and finds none in the catalogue', () => {
    expect(checkCallOutcomes(input(committed))).toEqual([]);
    const call = catalogue.calls['departments.get'];
    const redundant = { ...call, outcomes: { why: 'said twice, to be refused', off: { tenant: '✓/404' } } };
    expect(
      checkCallOutcomes({ ...input(committed), catalogue: { ...catalogue, calls: { 'departments.get': redundant } } }),
    ).toEqual([
      {
        file: call.origin.file,
        pointer: `${call.origin.pointer}/outcomes/off/tenant`,
        message: "admission already answers ✓/404 here from the call's access and target: remove the cell",
      },
    ]);
  });
});
