// A value of a tenant's extension field that breaks a rule is refused with a message naming the field
// by the tenant's label, never by its spare column (field1…field20): on a user's create and update and
// in the users' search, and an import's row (its preview as its commit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createField } from './helpers/field-extend-calls.ts';
import { createUser, departmentOf, listUsers, uniqueLoginno, updateUser } from './helpers/user-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { workbook } from '../support/xlsx-files.ts';
import { uploaded as storedFile } from './helpers/upload-calls.ts';

const targets = await databaseTargets();
const LABEL = 'Badge_number';
const TOO_LONG = 'x'.repeat(501);

describe.each(targets)('extension field messages on $name', (target) => {
  let server: TestServer;
  let acme: ApiClient;
  let acmeId: string;
  let salesDept: string;
  let column: string;
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Ext_User',
    loginno: uniqueLoginno('ext'),
    departmentid: salesDept,
    email: 'ext@acme.example',
    telephone: '13800138000',
    ...over,
  });
  const expectLabelled = (reply: { errcode: number; errmsg: string; data: unknown }, field: string) => {
    expect(reply.errcode).toBe(1001);
    expect(reply.errmsg).toContain(LABEL);
    expect(reply.errmsg).not.toContain(column);
    expect(reply.data).toMatchObject({ errors: [{ field, message: reply.errmsg }] });
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const domain = await server.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    acmeId = domain.id;
    salesDept = await departmentOf(server.db, 'Acme', 'Sales');
    const { reply } = await createField(acme, {
      label: LABEL,
      type: 'string',
      respectiveField: 'field7',
      forTable: 'tableUser',
      sortNumber: 0,
      isSupportSearch: true,
      domainid: acmeId,
    });
    expect(reply.errcode, reply.errmsg).toBe(0);
    column = reply.data.name;
  });
  afterAll(() => server?.close());

  it('names the label when a user is created or updated with a text over 500 characters', async () => {
    const created = await createUser(acme, acmeId, valid({ [column]: TOO_LONG }));
    expectLabelled(created.reply, `/${column}`);
    const ok = await createUser(acme, acmeId, valid({ [column]: 'y'.repeat(500) }));
    expect(ok.reply.errcode, ok.reply.errmsg).toBe(0);
    const updated = await updateUser(acme, acmeId, { ...valid(), ...ok.reply.data, [column]: TOO_LONG });
    expectLabelled(updated.reply, `/${column}`);
  });

  it('names the label when the users are searched with a text over 500 characters', async () => {
    expectLabelled((await listUsers(acme, acmeId, { [column]: TOO_LONG })).reply, `/${column}`);
    expectLabelled(
      (await listUsers(acme, acmeId, { fieldExtends: { [column]: TOO_LONG } })).reply,
      `/fieldExtends/${column}`,
    );
  });

  it('names the label in the reader language, and refuses only the import row with the long value', async () => {
    const zh = await createUser(acme.withLanguage('zh'), acmeId, valid({ [column]: TOO_LONG }));
    expectLabelled(zh.reply, `/${column}`);
    expect(zh.reply.errmsg).toBe(`${LABEL}不能超过 500 个字符。`);

    const sheet = await workbook(
      ['Login number', 'Name', 'Department', 'Email', LABEL],
      [
        [uniqueLoginno('imp'), 'Too_Long', 'Headquarters/Sales', '', TOO_LONG],
        [uniqueLoginno('imp'), 'Fits_In', 'Headquarters/Sales', '', 'B-1'],
      ],
    );
    const path = await uploaded(sheet);
    // The preview refuses the same row with the same message as the commit (the save's own rule), and writes nothing.
    const preview = await imported(acme, path, 'preview');
    expect(preview.map((r) => [r.rowNum, r.status, r.error])).toEqual([
      [2, 'refused', `${LABEL} cannot exceed 500 characters.`],
      [3, 'new', undefined],
    ]);
    const zhPreview = await imported(acme.withLanguage('zh'), path, 'preview');
    expect(zhPreview.map((r) => [r.rowNum, r.error])).toEqual([
      [2, `${LABEL}不能超过 500 个字符。`],
      [3, undefined],
    ]);
    const committed = await imported(acme, path, 'commit');
    expect(committed.map((r) => [r.rowNum, r.status, r.error])).toEqual([
      [2, 'refused', `${LABEL} cannot exceed 500 characters.`],
      [3, 'new', undefined],
    ]);
  });

  it('refuses a changed user whose extension value is over the limit in the preview as in the commit', async () => {
    const loginno = uniqueLoginno('imq');
    const row = (value: string) => [[loginno, 'Ext_Changed', 'Headquarters/Sales', '', value]];
    const header = ['Login number', 'Name', 'Department', 'Email', LABEL];
    await imported(acme, await uploaded(await workbook(header, row('B-2'))), 'commit');
    const path = await uploaded(await workbook(header, row(TOO_LONG)));
    for (const mode of ['preview', 'commit'] as const)
      expect((await imported(acme, path, mode)).map((r) => [r.status, r.error])).toEqual([
        ['refused', `${LABEL} cannot exceed 500 characters.`],
      ]);
  });

  /** The sheet uploaded for an import: its path. */
  function uploaded(sheet: Uint8Array | Buffer): Promise<string> {
    return storedFile(acme, { path: 'import', domainid: acmeId }, 'people.xlsx', sheet);
  }

  /** The rows' outcomes of an import of the uploaded sheet. */
  async function imported(client: ApiClient, path: string, mode: 'preview' | 'commit') {
    const { reply } = await client.call<{ rows: Array<{ rowNum: number; status: string; error?: string }> }>(
      'POST',
      `/authtime/domain/${acmeId}/user/import`,
      { query: { mode }, body: { path } },
    );
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data.rows;
  }
});
