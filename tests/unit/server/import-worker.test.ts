// The users' import in its worker thread (docs/adr/0106-import-in-worker-thread.md): the sheet is read
// and every row screened and planned there; the stored users and the writes are asked of the caller's
// thread, and a write it refuses is that row's outcome.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { CurrentUser } from '../../../src/server/auth/current-user.ts';
import { reachOf } from '../../../src/server/auth/reach.ts';
import { columnsOf } from '../../../src/server/areas/transfer/columns.ts';
import { runImportWorker } from '../../../src/server/areas/transfer/import-thread.ts';
import type { UserWrite } from '../../../src/server/areas/transfer/user-chunks.ts';
import { workbook } from '../../support/xlsx-files.ts';

const base = {
  id: 'admin-id',
  name: 'admin',
  loginno: 'admin',
  email: '',
  isOpenSecurity: false,
  type: 'admin' as const,
  superAdmin: true,
  domainAdmin: false,
  developer: false,
  departments: [],
  domains: [],
  tenantScoped: false,
  level: 1,
  encryptionMode: 0 as const,
};
const user: CurrentUser = { ...base, reach: reachOf({ ...base, departmentDomains: [] }) };

describe('the users import in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-import-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plans off the calling thread, asks it for the stored users and the writes, and reports its refusals', async () => {
    const file = join(dir, 'people.xlsx');
    writeFileSync(
      file,
      await workbook(
        ['Login number', 'Name', 'Department'],
        [
          ['w1', 'Worker One', 'HQ'],
          ['w2', 'Worker Two', 'HQ'],
          ['w1', 'Again', 'HQ'],
        ],
      ),
    );
    const asked: string[][] = [];
    const written: UserWrite[] = [];
    const result = await runImportWorker(
      {
        task: 'users',
        file,
        rows: join(dir, 'rows.jsonl'),
        mode: 'commit',
        language: 'en',
        catalogue: loadCatalogue().catalogue,
        plan: {
          domainId: 'd1',
          user,
          reachable: null,
          tree: [{ id: 'hq', name: 'HQ', superiorId: null, path: 'HQ', depth: 0 }],
          columns: columnsOf('user', []),
          defaultCalendar: null,
        },
        log: { dataDir: dir, domainId: 'd1', upload: file },
      },
      {
        stored: async (loginnos) => {
          asked.push(loginnos);
          return new Map();
        },
        write: async (planned) => {
          written.push(...planned);
          return planned.map((p) => (p.body.loginno === 'w2' ? 'taken meanwhile' : undefined));
        },
      },
    );
    expect(asked).toEqual([['w1', 'w2']]);
    expect(written.map((w) => [w.status, w.body.loginno, w.body.departmentid])).toEqual([
      ['new', 'w1', 'hq'],
      ['new', 'w2', 'hq'],
    ]);
    expect('counts' in result && result.counts).toEqual({ new: 1, changed: 0, unchanged: 0, refused: 2 });
    expect(
      (result as { rows: Array<{ key: string; status: string; error?: string }> }).rows.map((r) => [
        r.key,
        r.status,
        r.error,
      ]),
    ).toEqual([
      ['w1', 'new', undefined],
      ['w2', 'refused', 'taken meanwhile'],
      ['w1', 'refused', 'w1 appears more than once in the file; only its first row is imported.'],
    ]);
  }, 120_000); // the worker loads its modules through tsx: seconds on a loaded machine
});
