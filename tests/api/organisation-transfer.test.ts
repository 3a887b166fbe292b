// Excel import and export of a tenant's users and departments over real HTTP on both databases (docs/adr/0035-organisation-excel-import-export.md):
// an export opened back with exceljs, an import previewed (nothing written) then committed with new,
// changed, unchanged and refused rows, a re-run that changes nothing, reach (a department administrator
// only in its subtree, another tenant never), templates, and every bad file refused with nothing changed.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { updateUser } from './helpers/user-calls.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { bomb, OLD_XLS, workbook, type CellInput } from '../support/xlsx-files.ts';
import { uploaded } from './helpers/upload-calls.ts';
import { keptCounts } from './helpers/kept-counts.ts';

const targets = await databaseTargets();
const SALES = { username: 'sales', password: 'Sales@2026' };
const USER_HEADER = ['Login number', 'Name', 'Department', 'Email', 'Telephone', 'Badge', 'Joined'];

interface ImportReply {
  mode: string;
  general: Record<string, number>;
  counts: Record<string, number>;
  rowCount: number;
  page: number;
  detail: Array<Record<string, unknown>>;
  rows: Array<{
    rowNum: number;
    key: string;
    status: string;
    error?: string;
    changes: Array<{ field: string; from: unknown; to: unknown }>;
  }>;
}

async function sheetOf(response: Response): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Made once by whichever database's run comes first and uploaded on both: writing these sheets and
 *  bombs takes seconds each, and no run changes them. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
// 2,100 rows: more than one chunk of 2,000 (docs/adr/0064-users-import-streamed.md); row 2,060 repeats row 2's login number across the chunk boundary.
const bulkSheet = once(() => {
  const rows: CellInput[][] = Array.from({ length: 2100 }, (_, i) => [`bulk_${i}`, `Bulk_${i}`, 'HQ', '', '', '', '']);
  rows[2058] = ['BULK_0', 'Again_0', 'HQ', '', '', '', ''];
  return workbook(USER_HEADER, rows);
});
/** Each bad file: what it is, its bytes, the refusal it gets and the name it is uploaded under. */
const badFiles = once(async () => {
  const cases: Array<[string, Buffer, string, string?]> = [
    [
      'an old .xls',
      OLD_XLS,
      'Files in the old Excel format (.xls) cannot be read. Open the file in Excel and save it as .xlsx.',
      'old.xls',
    ],
    ['an empty sheet', await workbook([], []), 'The first sheet of the workbook is empty.'],
    ['a header only', await workbook(USER_HEADER, []), 'The sheet has a header row but no rows to import.'],
    [
      'a missing key column',
      await workbook(['Name', 'Email'], [['No_Login', 'a@b.example']]),
      'The header row has no column "Login number": download the template to see the expected columns.',
    ],
    ['a zip bomb', await bomb(200), 'The workbook unpacks to more than 96 MB. Split it into smaller files.'],
    [
      'a bomb lying about its size',
      await bomb(120, { lie: true }),
      'The workbook unpacks to more than 96 MB. Split it into smaller files.',
    ],
    [
      'merged cells',
      await workbook(
        ['loginno', 'name'],
        [
          ['m1', 'M'],
          ['m2', 'N'],
        ],
        { merge: 'A2:B3' },
      ),
      'The sheet has merged cells (A2:B3): unmerge them and import again.',
    ],
    [
      'too many rows',
      await workbook(
        ['loginno'],
        Array.from({ length: 100_001 }, (_, i) => [`r${i}`]),
      ),
      'The sheet has more than 100000 rows. Split it into smaller files.',
    ],
  ];
  return cases;
});

describe.each(targets)('Excel import and export on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let tenantId: string;
  let acmeId: string;
  const dept: Record<string, string> = {};

  const upload = (client: ApiClient, domainId: string, use: string, bytes: Buffer, name = 'people.xlsx') =>
    uploaded(client, { path: use, domainid: domainId }, name, bytes);
  const importUsers = (client: ApiClient, domainId: string, path: string, mode: 'preview' | 'commit') =>
    client.call<ImportReply>('POST', `/authtime/domain/${domainId}/user/import`, { query: { mode }, body: { path } });
  const rowsPage = (client: ApiClient, domainId: string, path: string, query: Record<string, string | number>) =>
    client.call<ImportReply>('POST', `/authtime/domain/${domainId}/user/import`, {
      query: { mode: 'rows', ...query },
      body: { path },
    });
  const importDepartments = (client: ApiClient, domainId: string, path: string, mode: 'preview' | 'commit') =>
    client.call<ImportReply>('POST', `/authtime/domain/${domainId}/department/import`, { query: { path, mode } });
  /** Everything of the tenant an import could change. */
  const snapshot = async (domainId: string) => {
    const users = await server.db
      .selectFrom('users')
      .selectAll()
      .where('domain_id', '=', domainId)
      .orderBy('id')
      .execute();
    const departments = await server.db
      .selectFrom('departments')
      .selectAll()
      .where('domain_id', '=', domainId)
      .orderBy('id')
      .execute();
    return JSON.stringify({ users, departments });
  };
  const userRow = (loginno: string) =>
    server.db
      .selectFrom('users')
      .selectAll()
      .where('domain_id', '=', tenantId)
      .where('loginno', '=', loginno)
      .executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    globex = await server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    sales = await server.signedIn(SALES.username, SALES.password, 'en');
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
    // A small tenant of its own: HQ > Sales > East, a Badge (text) and a Joined (date) user field, a Floor department field.
    tenantId = randomUUID();
    await server.db
      .insertInto('domains')
      .values({ id: tenantId, name: `Transfer_${tenantId.slice(0, 6)}` })
      .execute();
    for (const [key, name, superior, level] of [
      ['hq', 'HQ', null, 0],
      ['sales', 'Sales', 'hq', 1],
      ['east', 'East', 'sales', 2],
    ] as const) {
      dept[key] = randomUUID();
      await server.db
        .insertInto('departments')
        .values({
          id: dept[key],
          domain_id: tenantId,
          superior_id: superior ? dept[superior] : null,
          name,
          code: key.toUpperCase(),
          level,
        })
        .execute();
    }
    await server.db
      .insertInto('field_extends')
      .values([
        {
          fid: randomUUID(),
          domain_id: tenantId,
          name: 'field3',
          label: 'Badge',
          type: 'string',
          for_table: 'tableUser',
          sort_number: 1,
        },
        {
          fid: randomUUID(),
          domain_id: tenantId,
          name: 'field4',
          label: 'Joined',
          type: 'date',
          for_table: 'tableUser',
          sort_number: 2,
        },
        {
          fid: randomUUID(),
          domain_id: tenantId,
          name: 'field5',
          label: 'Floor',
          type: 'string',
          for_table: 'tableDept',
          sort_number: 1,
        },
      ])
      .execute();
    const user = (
      loginno: string,
      name: string,
      department: string,
      email: string,
      ext: Record<string, string> = {},
    ) => ({
      id: randomUUID(),
      domain_id: tenantId,
      department_id: dept[department],
      name,
      loginno,
      email,
      ext: JSON.stringify(ext),
    });
    await server.db
      .insertInto('users')
      .values([
        user('imp_same', 'Same_One', 'sales', 'same@t.example', { field3: 'S-1' }),
        user('imp_change', 'Change_One', 'east', 'old@t.example'),
      ])
      .execute();
  });
  afterAll(() => server?.close());

  it('exports the users with headers in the caller language, department paths and extension fields', async () => {
    const response = await admin.raw('GET', `/authtime/domain/${tenantId}/user/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="users-/);
    const rows = await sheetOf(response);
    expect(rows[0]).toEqual(expect.arrayContaining(['Login number', 'Name', 'Department', 'Email', 'Badge', 'Joined']));
    const header = rows[0] as string[];
    const same = rows.find((r) => r[header.indexOf('Login number')] === 'imp_same')!;
    expect(same[header.indexOf('Department')]).toBe('HQ/Sales');
    expect(same[header.indexOf('Badge')]).toBe('S-1');
    expect(rows).toHaveLength(3);
    // In Chinese for a Chinese-speaking caller.
    const zh = await sheetOf(await admin.withLanguage('zh').raw('GET', `/authtime/domain/${tenantId}/user/export`));
    expect(zh[0]).toEqual(expect.arrayContaining(['登录账号', '部门']));
  });

  it('exports the departments by path, within a department administrator reach only', async () => {
    const rows = await sheetOf(await admin.raw('GET', `/authtime/domain/${tenantId}/department/export`));
    expect(rows.map((r) => r[0])).toEqual(['Department path', 'HQ', 'HQ/Sales', 'HQ/Sales/East']);
    const own = await sheetOf(await sales.raw('GET', `/authtime/domain/${acmeId}/department/export`));
    expect(own.slice(1).map((r) => r[0])).toEqual(['Headquarters/Sales']);
    const users = await sheetOf(await sales.raw('GET', `/authtime/domain/${acmeId}/user/export`));
    const salesId = (
      await server.db
        .selectFrom('departments')
        .select('id')
        .where('domain_id', '=', acmeId)
        .where('name', '=', 'Sales')
        .executeTakeFirstOrThrow()
    ).id;
    const inSales = await server.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('department_id', '=', salesId)
      .executeTakeFirstOrThrow();
    expect(users.length - 1).toBe(Number(inSales.n));
    expect(new Set(users.slice(1).map((r) => r[2]))).toEqual(new Set(['Headquarters/Sales']));
  });

  it('refuses an export or import of another tenant as if it did not exist', async () => {
    const before = await snapshot(tenantId);
    expect((await globex.call('GET', `/authtime/domain/${tenantId}/user/export`)).reply.errcode).toBe(1404);
    const path = await upload(
      admin,
      tenantId,
      'import',
      await workbook(['loginno', 'name'], [['imp_same', 'Taken_over']]),
    );
    expect((await importUsers(globex, tenantId, path, 'commit')).reply.errcode).toBe(1404);
    // A file of another tenant cannot be named either.
    const acmeFile = await upload(
      acme,
      acmeId,
      'import',
      await workbook(['loginno', 'name'], [['acme01', 'Taken_over']]),
    );
    expect((await importUsers(admin, tenantId, acmeFile, 'commit')).reply).toMatchObject({
      errcode: 1001,
      errmsg: 'The import file is not one uploaded for this enterprise.',
    });
    expect(await snapshot(tenantId)).toBe(before);
  });

  it('previews new, changed, unchanged and refused rows without writing, then commits each row whole, and a re-run changes nothing', async () => {
    const rows: CellInput[][] = [
      ['imp_new', 'New_One', 'HQ/Sales/East', 'new@t.example', '', 'B-9', 45000],
      ['imp_change', 'Change_One', 'HQ / Sales / East', 'changed@t.example', '', '', ''],
      ['IMP_SAME', 'Same_One', 'hq/sales', 'same@t.example', '', 'S-1', ''],
      ['imp_bad', 'Bad name!', 'HQ', 'bad@t.example', '', '', ''],
      ['imp_lost', 'Lost_One', 'HQ/Nowhere', '', '', '', ''],
      ['imp_phone', 'Phone_One', 'HQ', '', '12', '', ''],
      ['imp_new', 'Twice_One', 'HQ', '', '', '', ''],
    ];
    const path = await upload(admin, tenantId, 'import', await workbook(USER_HEADER, rows));
    const before = await snapshot(tenantId);
    const preview = await importUsers(admin, tenantId, path, 'preview');
    expect(preview.reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'transfer.importUsers', preview.reply.data)).toEqual([]);
    expect(preview.reply.data.rows.map((r) => [r.rowNum, r.status])).toEqual([
      [2, 'new'],
      [3, 'changed'],
      [4, 'unchanged'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'refused'],
    ]);
    expect(preview.reply.data.rows[1].changes).toEqual([
      { field: 'email', label: 'Email', from: 'old@t.example', to: 'changed@t.example' },
    ]);
    expect(preview.reply.data.rows[3].error).toBe(
      "The name may contain only letters, Chinese characters, digits, spaces between words and _ - ' . ·",
    );
    expect(preview.reply.data.rows[4].error).toBe('There is no department HQ/Nowhere.');
    expect(preview.reply.data.rows[6].error).toBe(
      'imp_new appears more than once in the file; only its first row is imported.',
    );
    expect(await snapshot(tenantId)).toBe(before);

    const commit = await importUsers(admin, tenantId, path, 'commit');
    expect(commit.reply.data.general).toEqual({
      DEPT_ADD_SUCCESS: 0,
      DEPT_ADD_FAIL: 0,
      USER_ADD_SUCCESS: 2,
      USER_ADD_FAIL: 4,
      UNCHANGED: 1,
    });
    expect(commit.reply.data.detail[0]).toMatchObject({
      ROWNUM: 5,
      NAME: 'Bad name!',
      LOGINNO: 'imp_bad',
      EMAIL: 'bad@t.example',
      depts: 'HQ',
      ERROR: "The name may contain only letters, Chinese characters, digits, spaces between words and _ - ' . ·",
    });
    expect(commit.reply.data.rows.map((r) => r.status)).toEqual(preview.reply.data.rows.map((r) => r.status));
    const created = await userRow('imp_new');
    expect(created).toMatchObject({
      name: 'New_One',
      department_id: dept.east,
      email: 'new@t.example',
      password_hash: null,
      ext: { field3: 'B-9', field4: '2023-03-15' },
    });
    expect((await userRow('imp_change'))?.email).toBe('changed@t.example');
    expect(await userRow('imp_bad')).toBeUndefined();

    const after = await snapshot(tenantId);
    const again = await importUsers(admin, tenantId, path, 'commit');
    expect(again.reply.data.general).toMatchObject({ USER_ADD_SUCCESS: 0, USER_ADD_FAIL: 4, UNCHANGED: 3 });
    expect(await snapshot(tenantId)).toBe(after);
  });

  it('imports departments parents first, matched by path, and a re-run changes nothing', async () => {
    const header = ['Department path', 'Code', 'Sort order', 'Valid', 'Floor'];
    const rows: CellInput[][] = [
      ['HQ/Sales/West/Team', 'TEAM', 1, 1, '3'],
      ['HQ/Sales/West', 'WEST', 2, 1, ''],
      ['HQ/Sales', 'SALES2', '', '', ''],
      ['HQ', 'HQ', '', '', ''],
      ['Nope/X', '', '', '', ''],
      ['HQ/Bad!name', '', '', '', ''],
    ];
    const path = await upload(admin, tenantId, 'depImport', await workbook(header, rows));
    const before = await snapshot(tenantId);
    const preview = await importDepartments(admin, tenantId, path, 'preview');
    expect(preview.reply.data.rows.map((r) => r.status)).toEqual([
      'new',
      'new',
      'changed',
      'unchanged',
      'refused',
      'refused',
    ]);
    expect(preview.reply.data.rows[4].error).toBe(
      'The department above it (Nope) does not exist and is not in the file.',
    );
    expect(await snapshot(tenantId)).toBe(before);
    const commit = await importDepartments(admin, tenantId, path, 'commit');
    expect(commit.reply.data.general).toEqual({
      DEPT_ADD_SUCCESS: 3,
      DEPT_ADD_FAIL: 2,
      USER_ADD_SUCCESS: 0,
      USER_ADD_FAIL: 0,
      UNCHANGED: 1,
    });
    const team = await server.db
      .selectFrom('departments as d')
      .innerJoin('departments as p', 'p.id', 'd.superior_id')
      .select(['d.level', 'd.code', 'd.ext', 'p.name as parent'])
      .where('d.domain_id', '=', tenantId)
      .where('d.name', '=', 'Team')
      .executeTakeFirstOrThrow();
    expect(team).toEqual({ level: 3, code: 'TEAM', ext: { field5: '3' }, parent: 'West' });
    const after = await snapshot(tenantId);
    expect((await importDepartments(admin, tenantId, path, 'commit')).reply.data.general).toMatchObject({
      DEPT_ADD_SUCCESS: 0,
      UNCHANGED: 4,
    });
    expect(await snapshot(tenantId)).toBe(after);
  });

  it('lets a department administrator import only within its subtree', async () => {
    const salesUser = await server.db
      .selectFrom('users as u')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.loginno', 'u.name'])
      .where('u.domain_id', '=', acmeId)
      .where('d.name', '=', 'Sales')
      .where('u.status', '=', 1)
      .orderBy('u.loginno')
      .executeTakeFirstOrThrow();
    const financeUser = await server.db
      .selectFrom('users as u')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.loginno'])
      .where('u.domain_id', '=', acmeId)
      .where('d.name', '=', 'Finance')
      .orderBy('u.loginno')
      .executeTakeFirstOrThrow();
    const rows: CellInput[][] = [
      [salesUser.loginno, '', '', 'moved@acme.example'],
      [financeUser.loginno, '', '', 'x@acme.example'],
      [salesUser.loginno.replace(/\d+$/, '') + 'zz1', 'Into_Finance', 'Headquarters/Finance', ''],
    ];
    const path = await upload(
      acme,
      acmeId,
      'import',
      await workbook(['Login number', 'Name', 'Department', 'Email'], rows),
    );
    const before = await snapshot(acmeId);
    const { reply } = await importUsers(sales, acmeId, path, 'commit');
    expect(reply.data.rows.map((r) => r.status)).toEqual(['changed', 'refused', 'refused']);
    expect(reply.data.rows[1].error).toBe('The user is not in the departments you administer.');
    expect(reply.data.rows[2].error).toBe('The department is outside the departments you administer.');
    expect(await snapshot(acmeId)).not.toBe(before);
    const stored = await server.db
      .selectFrom('users')
      .select('email')
      .where('domain_id', '=', acmeId)
      .where('loginno', '=', financeUser.loginno)
      .executeTakeFirstOrThrow();
    expect(stored.email).not.toBe('x@acme.example');
  });

  it('refuses each bad file with a clear message and changes nothing', async () => {
    const cases = await badFiles();
    const before = await snapshot(tenantId);
    for (const [what, bytes, message, name] of cases) {
      const path = await upload(admin, tenantId, 'import', bytes, name);
      const { reply } = await importUsers(admin, tenantId, path, 'commit');
      expect({ what, errcode: reply.errcode, errmsg: reply.errmsg }).toEqual({ what, errcode: 1001, errmsg: message });
    }
    expect(await snapshot(tenantId)).toBe(before);
  }, 120_000);

  it('serves the import templates in the caller language with the tenant extension fields', async () => {
    const users = await admin.raw('GET', '/uploads/resource/users.xlsx', { query: { domainid: tenantId } });
    expect(users.status).toBe(200);
    const header = (await sheetOf(users))[0];
    expect(header).toEqual([
      'Login number',
      'Name',
      'Department',
      'Email',
      'Telephone',
      'On the job (1) or resigned (0)',
      'Sort order',
      'Liaison',
      'Login locked',
      'Uses instant messaging',
      'Badge',
      'Joined',
    ]);
    const departments = await sheetOf(await admin.withLanguage('cn').raw('GET', '/uploads/resource/departments.xlsx'));
    expect(departments[0]).toEqual(['部門路徑', '編碼', '排序號', '有效']);
    expect((await admin.call('GET', '/uploads/resource/other.xlsx')).reply.errcode).toBe(1001);
    expect(
      (await globex.call('GET', '/uploads/resource/users.xlsx', { query: { domainid: tenantId } })).reply.errcode,
    ).toBe(1404);
  });

  // An import normalises as every way a user enters does, so what it stores re-saves
  // unchanged through the form's call; a value that cannot be normalised is refused on its row.
  it('stores names with spaces, spaced phones and departments with a comma normalised, refuses what cannot be', async () => {
    const departments = await upload(
      admin,
      tenantId,
      'depImport',
      await workbook(
        ['Department path', 'Code', 'Sort order', 'Valid', 'Floor'],
        [['HQ/Sales, East', 'SE', '', '', '']],
      ),
    );
    const departmentsRun = await importDepartments(admin, tenantId, departments, 'commit');
    expect(departmentsRun.reply.data.general, JSON.stringify(departmentsRun.reply.data.rows)).toMatchObject({
      DEPT_ADD_SUCCESS: 1,
      DEPT_ADD_FAIL: 0,
    });
    const rows: CellInput[][] = [
      ['imp_spaced', ' Ada   Lovelace ', 'HQ/Sales, East', ' ada@t.example ', '+86 21 5555 0008', '', ''],
      ['imp_long', 'A'.repeat(200), 'HQ', '', '', '', ''],
    ];
    const path = await upload(admin, tenantId, 'import', await workbook(USER_HEADER, rows));
    const commit = await importUsers(admin, tenantId, path, 'commit');
    expect(commit.reply.data.rows.map((r) => [r.key, r.status, r.error])).toEqual([
      ['imp_spaced', 'new', undefined],
      ['imp_long', 'refused', 'The name cannot exceed 22 characters.'],
    ]);
    const stored = await userRow('imp_spaced');
    const department = await server.db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('id', '=', stored?.department_id ?? '')
      .executeTakeFirst();
    expect({
      name: stored?.name,
      email: stored?.email,
      telephone: stored?.telephone,
      department: department?.name,
    }).toEqual({ name: 'Ada Lovelace', email: 'ada@t.example', telephone: '+862155550008', department: 'Sales East' });
    expect(await userRow('imp_long')).toBeUndefined();
    const user = await admin.call<Record<string, unknown>>('GET', `/authtime/domain/${tenantId}/user/${stored?.id}`);
    const resaved = await updateUser(admin, tenantId, user.reply.data); // as the form sends it: the passwords wire-encoded
    expect(resaved.reply.errcode, JSON.stringify(resaved.reply)).toBe(0);
    expect((await importUsers(admin, tenantId, path, 'commit')).reply.data.general).toMatchObject({
      USER_ADD_SUCCESS: 0,
      USER_ADD_FAIL: 1,
      UNCHANGED: 1,
    });
  });

  // Last but the count check: its 2,099 users and default calendar stay until the server closes. Deleting them
  // cost PGlite about 4 CPU-s, each user's foreign-key checks reading flow_tasks (its assignee index is
  // partial, open tasks only) and users (proxy_user_id has none); docs/adr/0204-api-tests-profiled-bulk-import-last.md.
  it('streams a sheet of several chunks, pages the outcomes of its last run, and gives new users the enterprise default calendar', async () => {
    const calendar = randomUUID();
    await server.db
      .insertInto('work_calendars')
      .values({ id: calendar, domain_id: tenantId, name: 'Standard', week: JSON.stringify([]), is_default: true })
      .execute();
    const path = await upload(admin, tenantId, 'import', await bulkSheet());
    expect((await rowsPage(admin, tenantId, path, {})).reply).toMatchObject({
      errcode: 1404,
      errmsg: 'This file has not been previewed or imported yet.',
    });
    const before = await snapshot(tenantId);

    const preview = await importUsers(admin, tenantId, path, 'preview');
    expect(replyProblems(server.catalogue, 'transfer.importUsers', preview.reply.data)).toEqual([]);
    expect(preview.reply.data).toMatchObject({
      mode: 'preview',
      counts: { new: 2099, changed: 0, unchanged: 0, refused: 1 },
      rowCount: 2100,
      page: 1,
    });
    expect(preview.reply.data.rows).toHaveLength(100);
    expect(preview.reply.data.detail).toEqual([expect.objectContaining({ ROWNUM: 2060, LOGINNO: 'BULK_0' })]);
    expect(await snapshot(tenantId)).toBe(before);

    const third = await rowsPage(admin, tenantId, path, { page: 21, lines: 100 });
    expect(replyProblems(server.catalogue, 'transfer.importUsers', third.reply.data)).toEqual([]);
    expect(third.reply.data.rows.map((r) => r.rowNum)).toEqual(Array.from({ length: 100 }, (_, i) => 2002 + i));
    const refused = await rowsPage(admin, tenantId, path, { status: 'refused' });
    expect(refused.reply.data).toMatchObject({
      rowCount: 1,
      rows: [
        {
          rowNum: 2060,
          status: 'refused',
          error: 'BULK_0 appears more than once in the file; only its first row is imported.',
        },
      ],
    });
    expect(refused.reply.data.detail).toHaveLength(1);
    // Another tenant's administrator does not reach the run (nor the file).
    expect((await rowsPage(globex, tenantId, path, {})).reply.errcode).toBe(1404);
    expect((await rowsPage(admin, tenantId, path, { lines: 501 })).reply.errcode).toBe(1001);

    const commit = await importUsers(admin, tenantId, path, 'commit');
    expect(commit.reply.data).toMatchObject({
      mode: 'commit',
      counts: { new: 2099, refused: 1 },
      general: { USER_ADD_SUCCESS: 2099, USER_ADD_FAIL: 1 },
    });
    expect((await rowsPage(admin, tenantId, path, { status: 'new', page: 2, lines: 500 })).reply.data).toMatchObject({
      mode: 'commit',
      rowCount: 2099,
    });
    const created = await server.db
      .selectFrom('users')
      .select(['calendar_id'])
      .where('domain_id', '=', tenantId)
      .where('loginno', 'like', 'bulk_%')
      .execute();
    expect(created).toHaveLength(2099);
    expect(new Set(created.map((u) => u.calendar_id))).toEqual(new Set([calendar]));
  }, 300_000);

  // After every import above (new, changed and moved users, chunked sheets, re-runs): the counts the
  // triggers keep are the users table's (migrations 0012, 0060).
  it("keeps each tenant's and department's user count exact through the imports", async () => {
    const { kept, counted } = await keptCounts(server.db);
    expect(kept).toEqual(counted);
  });
});
