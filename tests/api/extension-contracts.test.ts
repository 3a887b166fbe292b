// The contracts extension (examples/extensions/contracts: YAML and locales only) served by the generic
// CRUD on both databases: create / get / search / sort / page / update / delete / export, validation
// with the field's label and nothing stored, the owner and department of the record's own enterprise,
// tenant isolation with real rows in two enterprises, the operation log, and the OpenAPI document.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const EXTENSION = join(process.cwd(), 'examples/extensions/contracts');
/** A store collection named like the entity, which must not reach its records. */
const PEEK = join(process.cwd(), 'tests/fixtures/store-over-crud');

interface Contract {
  id: string;
  domainid: string;
  title: string;
  counterparty: string;
  amount: number;
  currency: string;
  status: string;
  ownerUserId?: string;
  ownerName?: string;
  departmentId?: string;
}
interface Page {
  datas: Contract[];
  rowCount: number;
}

describe.each(targets)('contracts extension on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  let globexId: string;
  const list = (client: ApiClient, body: Record<string, unknown> = {}, query: Record<string, string | number> = {}) =>
    client.call<Page>('POST', '/authtime/ext/contracts', { body, query: { pagelines: 100, ...query } });
  const get = (client: ApiClient, id: string) => client.call<Contract>('GET', `/authtime/ext/contract/${id}`);
  const create = (client: ApiClient, body: Record<string, unknown>) =>
    client.call<Contract>('POST', '/authtime/ext/contract', { body });
  const update = (client: ApiClient, id: string, body: Record<string, unknown>) =>
    client.call<Contract>('PUT', `/authtime/ext/contract/${id}`, { body });
  const remove = (client: ApiClient, ids: string[]) =>
    client.call<{ deleted: number }>('DELETE', '/authtime/ext/contract', { body: ids });
  const contract = (domainid: string, extra: Record<string, unknown> = {}) => ({
    domainid,
    title: `Supply ${Math.random().toString(36).slice(2, 8)}`,
    counterparty: 'Initech',
    amount: 1200.5,
    currency: 'USD',
    status: 'draft',
    ...extra,
  });
  const fresh = async (client: ApiClient, domainid: string, extra: Record<string, unknown> = {}) => {
    const { reply } = await create(client, contract(domainid, extra));
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data;
  };
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('store_records')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('collection', '=', 'contract')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const idOf = async (name: string) =>
    (await server.db.selectFrom('domains').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer(target, { extraCatalogueRoots: [EXTENSION, PEEK] });
    ({ admin, acme, globex, sales } = await signedInCallers(server));
    acmeId = await idOf('Acme');
    globexId = await idOf('Globex');
  });
  afterAll(() => server?.close());

  it('creates, reads, searches, sorts, pages, updates and deletes with no handler code', async () => {
    const a = await fresh(acme, acmeId, { title: 'Alpha supply', amount: 300 });
    const b = await fresh(acme, acmeId, {
      title: 'Beta services',
      counterparty: 'Hooli',
      amount: 50,
      status: 'signed',
    });
    expect(a).toMatchObject({ domainid: acmeId, title: 'Alpha supply', amount: 300 });
    expect((await get(acme, a.id)).reply.data).toMatchObject({ id: a.id, title: 'Alpha supply' });
    const all = (await list(acme)).reply;
    expect(replyProblems(server.catalogue, 'contracts.list', all.data)).toEqual([]);
    expect((await list(acme, { counterparty: 'hoOL' })).reply.data.datas.map((c) => c.id)).toEqual([b.id]);
    expect((await list(acme, { status: 'signed' })).reply.data.datas.map((c) => c.id)).toEqual([b.id]);
    const byAmount = (await list(acme, {}, { orderby: 'amount' })).reply.data.datas.map((c) => c.amount);
    expect(byAmount).toEqual([...byAmount].sort((x, y) => x - y));
    const page = (await list(acme, {}, { pagelines: 1, currpage: 2 })).reply.data;
    expect(page.datas).toHaveLength(1);
    expect(page.rowCount).toBeGreaterThanOrEqual(2);
    // Bounded: a page of 101 rows and a search of 101 characters are refused.
    expect((await list(acme, {}, { pagelines: 101 })).reply.errcode).toBe(1001);
    expect((await list(acme, { title: 'x'.repeat(101) })).reply.errcode).toBe(1001);
    const changed = await update(acme, a.id, { ...contract(acmeId), title: 'Alpha supply v2', amount: 310 });
    expect(changed.reply.data).toMatchObject({ id: a.id, title: 'Alpha supply v2', amount: 310 });
    expect((await remove(acme, [a.id, b.id])).reply.data).toEqual({ deleted: 2 });
    expect((await get(acme, a.id)).reply.errcode).toBe(1404);
  });

  it('refuses bad input with the field label, in the caller language, storing nothing', async () => {
    const before = await count();
    const empty = await create(acme, contract(acmeId, { title: '' }));
    expect(empty.reply.errcode).toBe(1001);
    expect(empty.reply.errmsg).toBe("Fill in the contract's title.");
    const zh = await create(acme.withLanguage('zh'), contract(acmeId, { amount: -1 }));
    expect(zh.reply.errmsg).toBe('金额应在 0 到 1,000,000,000,000 之间。');
    const badDate = await create(acme, contract(acmeId, { signedDate: '28/11/2026' }));
    expect(badDate.reply.data).toMatchObject({
      errors: [{ field: '/signedDate', message: 'Write the date as yyyy-mm-dd.' }],
    });
    const badStatus = await create(acme, contract(acmeId, { status: 'lost' }));
    expect(badStatus.reply.errcode).toBe(1001);
    expect(await count()).toBe(before);
  });

  it('takes an owner and a department of the record own enterprise only (server-checked)', async () => {
    const acmeUser = (
      await server.db.selectFrom('users').select('id').where('domain_id', '=', acmeId).executeTakeFirstOrThrow()
    ).id;
    const acmeSales = (
      await server.db
        .selectFrom('departments')
        .select('id')
        .where('domain_id', '=', acmeId)
        .where('name', '=', 'Sales')
        .executeTakeFirstOrThrow()
    ).id;
    const globexUser = (
      await server.db.selectFrom('users').select('id').where('domain_id', '=', globexId).executeTakeFirstOrThrow()
    ).id;
    const globexDepartment = (
      await server.db.selectFrom('departments').select('id').where('domain_id', '=', globexId).executeTakeFirstOrThrow()
    ).id;
    const before = await count();
    const foreignOwner = await create(acme, contract(acmeId, { ownerUserId: globexUser }));
    expect(foreignOwner.reply).toMatchObject({
      errcode: 1001,
      errmsg: "Owner: choose a user of the record's own enterprise.",
      data: { errors: [{ field: '/ownerUserId' }] },
    });
    const foreignDepartment = await create(acme, contract(acmeId, { departmentId: globexDepartment }));
    expect(foreignDepartment.reply.errmsg).toBe("Department: choose a department of the record's own enterprise.");
    expect(await count()).toBe(before);
    const owned = await fresh(acme, acmeId, { ownerUserId: acmeUser, departmentId: acmeSales, ownerName: 'forged' });
    expect((await get(acme, owned.id)).reply.data).toMatchObject({ ownerUserId: acmeUser, departmentId: acmeSales });
    expect((await get(acme, owned.id)).reply.data.ownerName).not.toBe('forged');
    expect((await update(acme, owned.id, { ...contract(acmeId), ownerUserId: globexUser })).reply.errcode).toBe(1001);
    await remove(acme, [owned.id]);
  });

  it('keeps each enterprise to its own contracts: another tenant administrator cannot list, get, change or delete them', async () => {
    const mine = await fresh(acme, acmeId, { title: 'Acme only' });
    const theirs = await fresh(globex, globexId, { title: 'Globex only' });
    expect((await list(acme)).reply.data.datas.map((c) => c.id)).not.toContain(theirs.id);
    expect((await list(globex)).reply.data.datas.map((c) => c.id)).toEqual([theirs.id]);
    expect((await list(admin)).reply.data.datas.map((c) => c.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await get(globex, mine.id)).reply.errcode).toBe(1404);
    expect((await update(globex, mine.id, contract(globexId))).reply.errcode).toBe(1404);
    expect((await update(globex, mine.id, contract(acmeId))).reply.errcode).toBe(1404);
    expect((await remove(globex, [mine.id])).reply.errcode).toBe(1404);
    // A mixed delete deletes nothing.
    expect((await remove(globex, [theirs.id, mine.id])).reply.errcode).toBe(1404);
    expect((await create(globex, contract(acmeId))).reply.errcode).toBe(1404);
    expect((await get(acme, mine.id)).reply.data.title).toBe('Acme only');
    expect((await get(globex, theirs.id)).reply.data.title).toBe('Globex only');
    // Acme's Sales department administrator sees Acme's contracts and changes none of them.
    expect((await get(sales, mine.id)).reply.data.title).toBe('Acme only');
    expect((await update(sales, mine.id, contract(acmeId))).reply.errcode).toBe(1403);
    expect((await remove(sales, [mine.id])).reply.errcode).toBe(1403);
    expect((await create(sales, contract(acmeId))).reply.errcode).toBe(1403);
    // The generic store's collection of the same name keeps records of no enterprise: it sees none.
    const peek = await admin.call<{ rowCount: number }>('POST', '/authtime/peek-contracts', { body: {} });
    expect(peek.reply.data.rowCount).toBe(0);
    // Moving a record to another enterprise is no update either.
    expect((await update(admin, mine.id, contract(globexId))).reply.errcode).toBe(1404);
    await remove(admin, [mine.id, theirs.id]);
  });

  it('logs every change in the operation log of the contract enterprise', async () => {
    const c = await fresh(acme, acmeId, { title: 'Logged' });
    await update(acme, c.id, contract(acmeId, { title: 'Logged v2' }));
    await remove(acme, [c.id]);
    await expect
      .poll(async () =>
        (
          await server.db
            .selectFrom('operation_log')
            .select(['call_id', 'domain_id', 'errcode'])
            .where('call_id', 'like', 'contracts.%')
            .execute()
        ).map((r) => r.call_id),
      )
      .toEqual(expect.arrayContaining(['contracts.create', 'contracts.update', 'contracts.delete']));
    // The log is written after the reply: wait for this create's own entry, found by what it recorded.
    await expect
      .poll(async () =>
        (
          await server.db
            .selectFrom('operation_log')
            .select(['domain_id', 'change'])
            .where('call_id', '=', 'contracts.create')
            .execute()
        )
          .filter((r) => JSON.stringify(r.change).includes('Logged'))
          .map((r) => r.domain_id),
      )
      .toEqual([acmeId]);
  });

  it('exports what the caller sees as xlsx, headed in its language', async () => {
    const c = await fresh(acme, acmeId, { title: 'Exported', status: 'signed' });
    await fresh(globex, globexId, { title: 'Not exported' });
    const response = await acme.withLanguage('zh').raw('GET', '/authtime/ext/contracts/export');
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('合同标题');
    const titles = rows.slice(1).map((r) => r[(rows[0] as unknown[]).indexOf('合同标题')]);
    expect(titles).toContain('Exported');
    expect(titles).not.toContain('Not exported');
    expect(rows.slice(1).some((r) => r.includes('已签订'))).toBe(true);
    await remove(acme, [c.id]);
  });

  it('puts the calls in the OpenAPI document', async () => {
    const doc = (await (await admin.raw('GET', '/authtime/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/authtime/ext/contracts',
        '/authtime/ext/contract/{id}',
        '/authtime/ext/contracts/export',
      ]),
    );
    expect(doc.paths['/authtime/ext/contract'].post.summary).toBe(
      'Creates a contract in an enterprise the caller governs.',
    );
    expect(doc.paths['/authtime/ext/contract'].delete).toBeDefined();
  });
});
