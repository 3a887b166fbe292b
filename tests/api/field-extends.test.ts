// Extension fields: every rule of spec/domain-console.md, "Validation rules", on the server, the unused spare columns, who may define which
// fields, delete clearing the values in one transaction, and the effect on the enterprise catalogue,
// list, search and form values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCatalogue, FormScreen, ListScreen } from '../../src/core/catalogue/types.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createDomain, getDomain, listDomains, uniqueName, updateDomain } from './helpers/domain-calls.ts';
import {
  createField,
  deleteFields,
  entryOf,
  listFields,
  unusedFields,
  updateField,
} from './helpers/field-extend-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import { DEMO_USER_FIELDS } from '../../src/server/seed/demo-users.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const LARGE = ['field8', 'field9', 'field10', 'field18', 'field19', 'field20'];
const valid = (over: Record<string, unknown> = {}) => ({
  label: 'Region',
  type: 'string',
  respectiveField: 'field1',
  forTable: 'tableUser',
  sortNumber: 0,
  ...over,
});

describe.each(targets)('extension fields on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let zh: ApiClient;
  let acme: ApiClient;
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('field_extends')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    zh = admin.withLanguage('zh');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
  });
  afterAll(() => server?.close());

  it('offers every spare column, and only field8-10 and field18-20 for clob or upload', async () => {
    const all = (await unusedFields(admin, { type: '', fortable: 'tableUser' })).reply;
    // The demo tenants' own user fields (seed/demo-users.ts) take their columns for the platform too.
    const demoColumns = new Set(DEMO_USER_FIELDS.map((f) => f.name));
    expect(all).toMatchObject({
      errcode: 0,
      data: Array.from({ length: 20 }, (_, i) => `field${i + 1}`).filter((c) => !demoColumns.has(c)),
    });
    expect((await unusedFields(admin, { type: 'clob', fortable: 'tableUser' })).reply.data).toEqual(LARGE);
    expect((await unusedFields(admin, { type: 'upload', fortable: 'tableDept' })).reply.data).toEqual(LARGE);
    expect((await unusedFields(admin, { type: 'string', fortable: 'nope' })).reply.errcode).toBe(1001);
  });

  it('creates a field, lists it filtered by type and module, and no longer offers its column', async () => {
    const { reply } = await createField(
      admin,
      valid({ label: 'Badge', respectiveField: 'field2', enabel: true, sortNumber: 3 }),
    );
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'fieldExtends.create', reply.data)).toEqual([]);
    expect(reply.data).toMatchObject({
      name: 'field2',
      label: 'Badge',
      type: 'string',
      forTable: 'tableUser',
      enabel: true,
      sortNumber: 3,
      domainid: '',
    });
    const listed = (await listFields(admin, { type: 'string', fortable: 'tableUser' })).reply;
    expect(replyProblems(server.catalogue, 'fieldExtends.list', listed.data)).toEqual([]);
    expect(listed.data.datas.map((f) => f.fid)).toContain(reply.data.fid);
    expect((await listFields(admin, { type: 'date' })).reply.data.datas.map((f) => f.fid)).not.toContain(
      reply.data.fid,
    );
    expect((await listFields(admin, { fortable: 'tableDept' })).reply.data.datas.map((f) => f.fid)).not.toContain(
      reply.data.fid,
    );
    expect((await unusedFields(admin, { type: '', fortable: 'tableUser' })).reply.data).not.toContain('field2');
    expect((await unusedFields(admin, { type: '', fortable: 'tableDept' })).reply.data).toContain('field2');
  });

  it('refuses each broken §5 rule with its message and stores nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ label: '' }, '/label', 'The display label cannot be empty.'],
      [{ label: undefined }, '/label', 'The display label cannot be empty.'],
      [{ respectiveField: undefined }, '/respectiveField', 'Please choose the owned field.'],
      [{ type: undefined }, '/type', 'Please choose the type.'],
      [{ forTable: undefined }, '/forTable', 'Please choose the owned module.'],
      [{ sortNumber: -1 }, '/sortNumber', 'Sort number must be filled with not less than 0.'],
      [{ sortNumber: 1.5 }, '/sortNumber', 'Sort number must be filled with not less than 0.'],
      [{ type: 'select', options: '' }, '/options', 'Custom options cannot be empty.'],
      [{ type: 'radio' }, '/options', 'Custom options cannot be empty.'],
      [
        { type: 'clob', respectiveField: 'field1' },
        '/respectiveField',
        'Long text and upload fields can only use field8-field10 or field18-field20.',
      ],
      [{ respectiveField: 'field2' }, '/respectiveField', 'This field is already used; choose an unused one.'],
    ];
    for (const [over, field, message] of cases) {
      const { reply } = await createField(admin, valid(over));
      expect(reply, JSON.stringify(over)).toMatchObject({
        errcode: 1001,
        errmsg: message,
        data: { errors: [{ field, message }] },
      });
    }
    expect((await createField(zh, valid({ label: '' }))).reply.errmsg).toBe('显示标签不能为空。');
    expect(await count()).toBe(before);
  });

  it('keeps options only for radio, checkbox and select, and search only for string fields', async () => {
    const select = (
      await createField(
        admin,
        valid({ type: 'select', options: 'red;green', respectiveField: 'field3', isSupportSearch: true }),
      )
    ).reply.data;
    expect(select).toMatchObject({ options: 'red;green', isSupportSearch: false });
    const text = (
      await createField(admin, valid({ options: 'ignored', respectiveField: 'field4', isSupportSearch: true }))
    ).reply.data;
    expect(text).toMatchObject({ options: '', isSupportSearch: true });
  });

  it('on update keeps the owned field and module read-only and refuses clob', async () => {
    const field = (await createField(admin, valid({ respectiveField: 'field8', label: 'Notes' }))).reply.data;
    const moved = await updateField(admin, field.fid, valid({ respectiveField: 'field9', label: 'Notes' }));
    expect(moved.reply).toMatchObject({
      errcode: 1001,
      errmsg: 'The owned field and the owned module cannot be changed.',
    });
    const otherTable = await updateField(admin, field.fid, valid({ respectiveField: 'field8', forTable: 'tableDept' }));
    expect(otherTable.reply.errcode).toBe(1001);
    const clob = await updateField(admin, field.fid, valid({ respectiveField: 'field8', type: 'clob' }));
    expect(clob.reply).toMatchObject({ errcode: 1001, errmsg: 'A saved field cannot become long text.' });
    const saved = await updateField(
      admin,
      field.fid,
      valid({ respectiveField: 'field8', label: 'Remarks', type: 'date', sortNumber: 7 }),
    );
    expect(saved.reply).toMatchObject({
      errcode: 0,
      data: { fid: field.fid, name: 'field8', label: 'Remarks', type: 'date', sortNumber: 7 },
    });
    expect((await updateField(admin, 'no-such-fid', valid())).reply.errcode).toBe(1404);
  });

  it('lets only a super administrator define platform-level fields; a tenant administrator its own', async () => {
    const before = await count();
    expect((await createField(acme, valid({ respectiveField: 'field5' }))).reply.errcode).toBe(1403);
    expect((await listFields(acme)).reply.errcode).toBe(1403);
    expect((await unusedFields(acme, { fortable: 'tableUser' })).reply.errcode).toBe(1403);
    const globex = (await listDomains(admin, { name: 'Globex' })).reply.data.datas[0];
    expect((await createField(acme, valid({ respectiveField: 'field5', domainid: globex.id }))).reply.errcode).toBe(
      1404,
    );
    expect(await count()).toBe(before);
    const own = (await listDomains(acme)).reply.data.datas[0];
    const mine = await createField(acme, valid({ respectiveField: 'field5', domainid: own.id }));
    expect(mine.reply).toMatchObject({ errcode: 0, data: { domainid: own.id, name: 'field5' } });
    // Platform fields (field2…) are taken for the tenant too; the tenant's field5 is taken for the platform.
    expect((await unusedFields(acme, { fortable: 'tableUser', domainid: own.id })).reply.data).not.toContain('field2');
    expect((await unusedFields(admin, { fortable: 'tableUser' })).reply.data).not.toContain('field5');
    expect((await listFields(acme, { domainid: own.id })).reply.data.datas.map((f) => f.fid)).toEqual([
      mine.reply.data.fid,
    ]);
    expect((await deleteFields(acme, [entryOf(mine.reply.data)], own.id)).reply).toMatchObject({
      errcode: 0,
      data: { deleted: 1 },
    });
  });

  it('says "one data selected" on an empty delete and deletes nothing for an unknown entry', async () => {
    expect((await deleteFields(admin, [])).reply).toMatchObject({
      errcode: 1001,
      errmsg: 'Please select at least one field.',
    });
    const field = (await listFields(admin, { fortable: 'tableUser' })).reply.data.datas[0];
    const before = await count();
    expect((await deleteFields(admin, [entryOf(field), 'field1-nosuch-tableUser'])).reply.errcode).toBe(1404);
    expect((await deleteFields(admin, [`field19-${field.fid}-tableUser`])).reply.errcode).toBe(1404);
    expect(await count()).toBe(before);
  });

  it('makes a searchable, listed enterprise field a search field, a column and a form field; delete clears its values', async () => {
    const field = (
      await createField(
        admin,
        valid({
          label: 'Contract',
          forTable: 'tableDomain',
          respectiveField: 'field6',
          enabel: true,
          isSupportSearch: true,
        }),
      )
    ).reply.data;
    expect(field).toMatchObject({ enabel: true, isSupportSearch: true });
    const catalogue = (await admin.call<ConsoleCatalogue>('GET', '/authtime/catalogue')).reply.data;
    expect(catalogue.entities.domain.schema.properties).toMatchObject({
      field6: { type: 'string', title: 'Contract' },
    });
    expect(catalogue.entities['domain-search'].schema.properties).toMatchObject({ field6: { title: 'Contract' } });
    const list = catalogue.screens['domain.list'] as unknown as ListScreen;
    expect((list.search ?? []).map((s) => s.field)).toContain('field6');
    expect(list.columns.map((c) => c.field)).toContain('field6');
    expect((catalogue.screens['domain.form'] as unknown as FormScreen).tabs?.[0].fields).toContain('field6'); // its basic tab

    const created = (await createDomain(admin, { name: uniqueName('Ext'), field6: 'C-4711', field7: 'not defined' }))
      .reply.data as unknown as Record<string, string>;
    expect(created).toMatchObject({ field6: 'C-4711' });
    expect(created.field7).toBeUndefined();
    await updateDomain(admin, created.id, { name: created.name, description: 'kept' });
    expect((await getDomain(admin, created.id)).reply.data).toMatchObject({ field6: 'C-4711' });
    const found = (await listDomains(admin, { field6: 'c-47' })).reply.data;
    expect(found.datas.map((d) => d.id)).toEqual([created.id]);
    expect((await listDomains(admin, { fieldExtends: { field6: '4711' } })).reply.data.rowCount).toBe(1);

    expect((await deleteFields(admin, [entryOf(field)])).reply).toMatchObject({ errcode: 0, data: { deleted: 1 } });
    const ext = (
      await server.db.selectFrom('domains').select('ext').where('id', '=', created.id).executeTakeFirstOrThrow()
    ).ext;
    expect(ext).toEqual({});
    const after = (await admin.call<ConsoleCatalogue>('GET', '/authtime/catalogue')).reply.data;
    expect(after.entities.domain.schema.properties).not.toHaveProperty('field6');
  });

  it('requires a required enterprise field when an enterprise is created', async () => {
    const field = (
      await createField(
        admin,
        valid({ label: 'Tax id', forTable: 'tableDomain', respectiveField: 'field11', isNotNull: true }),
      )
    ).reply.data;
    const { reply } = await createDomain(admin, { name: uniqueName('Req') });
    expect(reply).toMatchObject({ errcode: 1001, data: { errors: [{ field: '/field11' }] } });
    expect(reply.errmsg).toContain('Tax id');
    expect((await createDomain(admin, { name: uniqueName('Req'), field11: 'T1' })).reply.errcode).toBe(0);
    await deleteFields(admin, [entryOf(field)]);
  });

  it('keeps the choices of a checkbox enterprise field as a list (from a list or semicolon-separated text)', async () => {
    const field = (
      await createField(
        admin,
        valid({
          label: 'Regions',
          type: 'checkbox',
          options: 'north;south;east',
          forTable: 'tableDomain',
          respectiveField: 'field12',
        }),
      )
    ).reply.data;
    const catalogue = (await admin.call<ConsoleCatalogue>('GET', '/authtime/catalogue')).reply.data;
    expect(catalogue.entities.domain.schema.properties).toMatchObject({
      field12: { type: 'array', items: { enum: ['north', 'south', 'east'] } },
    });
    const created = (await createDomain(admin, { name: uniqueName('Chk'), field12: ['north', 'east'] })).reply
      .data as unknown as Record<string, unknown>;
    expect(created.field12).toEqual(['north', 'east']);
    const updated = (
      await updateDomain(admin, String(created.id), { name: String(created.name), field12: 'south; east' })
    ).reply.data as unknown as Record<string, unknown>;
    expect(updated.field12).toEqual(['south', 'east']);
    await deleteFields(admin, [entryOf(field)]);
  });
});
