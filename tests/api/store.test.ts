// The generic record store: a fixture catalogue root (tests/fixtures/store-catalogue) adds an entity,
// its calls (handler: store:assets), two screens and labels, and the server serves them with no code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef, ConsoleCatalogue } from '../../src/core/catalogue/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import { STORE_FIXTURE } from './helpers/fixtures.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();

interface Asset {
  id: string;
  name: string;
  code: string;
  status?: string;
}

describe.each(targets)('generic store on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const list = (body: Record<string, unknown> = {}, page = { currpage: 1, pagelines: 50 }) =>
    admin.call<{ datas: Asset[]; rowCount: number }>('POST', '/authtime/assets', { query: page, body });
  const create = (client: ApiClient, body: Record<string, unknown>) =>
    client.call<Asset>('POST', '/authtime/asset', { body });

  beforeAll(async () => {
    server = await startTestServer(target, { extraCatalogueRoots: [STORE_FIXTURE] });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(() => server?.close());

  it('publishes the fixture screens, routes, calls and labels to the console', async () => {
    const { reply } = await server.client().call<ConsoleCatalogue>('GET', '/authtime/catalogue');
    expect(reply.data.screens['asset.list']).toMatchObject({ kind: 'list', entity: 'asset', source: 'assets.list' });
    expect(reply.data.screens['asset.form']).toMatchObject({ kind: 'form', key: 'assetid', create: 'assets.create' });
    expect('origin' in reply.data.screens['asset.list']).toBe(false);
    expect(reply.data.routes).toEqual(
      expect.arrayContaining([
        { path: '/assets', screen: 'asset.list', auth: true },
        { path: '/asset', screen: 'asset.form', auth: true },
      ]),
    );
    expect(reply.data.calls['assets.list']).toEqual({
      id: 'assets.list',
      method: 'POST',
      path: '/authtime/assets',
      effects: false,
      queryNames: ['currpage', 'pagelines'],
    });
    expect(reply.data.entities.asset.schema).toMatchObject({ properties: { code: { pattern: '^[A-Z0-9-]+$' } } });
    for (const [lang, text] of [
      ['en', 'Asset name'],
      ['zh', '资产名称'],
      ['cn', '資產名稱'],
    ]) {
      const labels = await server.client().call<Record<string, string>>('GET', `/authtime/locales/${lang}`);
      expect(labels.reply.data['field.asset.name']).toBe(text);
      expect(labels.reply.data['field.domain.name']).toBeTruthy(); // the project's labels are still there
    }
  });

  it('creates, reads, updates (merging) and lists records', async () => {
    const { reply: created } = await create(admin, { name: 'Laptop 14', code: 'LT-0001', status: 'inUse' });
    expect(created.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'assets.create', created.data)).toEqual([]);
    expect(created.data).toMatchObject({ name: 'Laptop 14', code: 'LT-0001', status: 'inUse' });
    const read = await admin.call<Asset>('GET', `/authtime/asset/${created.data.id}`);
    expect(read.reply.data).toEqual(created.data);
    expect(replyProblems(server.catalogue, 'assets.get', read.reply.data)).toEqual([]);

    const updated = await admin.call<Asset>('PUT', `/authtime/asset/${created.data.id}`, {
      body: { name: 'Laptop 14 (2026)', code: 'LT-0001' },
    });
    expect(updated.reply.data).toEqual({
      id: created.data.id,
      name: 'Laptop 14 (2026)',
      code: 'LT-0001',
      status: 'inUse',
    });
    expect(replyProblems(server.catalogue, 'assets.update', updated.reply.data)).toEqual([]);

    const page = await list();
    expect(replyProblems(server.catalogue, 'assets.list', page.reply.data)).toEqual([]);
    expect(page.reply.data.datas[0]).toEqual(updated.reply.data);
  });

  it('filters by body fields (contains, any case) and pages', async () => {
    for (let n = 1; n <= 7; n++) await create(admin, { name: `Monitor ${n}`, code: `MON-${n}` });
    expect((await list({ name: 'monitor' })).reply.data.rowCount).toBe(7);
    expect((await list({ name: 'MONITOR 3' })).reply.data.datas.map((a) => a.code)).toEqual(['MON-3']);
    expect((await list({ name: 'monitor', code: 'MON-7' })).reply.data.rowCount).toBe(1);
    expect((await list({ name: '' })).reply.data.rowCount).toBeGreaterThanOrEqual(8);
    const first = await list({ name: 'monitor' }, { currpage: 1, pagelines: 5 });
    const second = await list({ name: 'monitor' }, { currpage: 2, pagelines: 5 });
    expect(first.reply.data.datas).toHaveLength(5);
    expect(second.reply.data.datas).toHaveLength(2);
    expect(first.reply.data.datas[0].name).toBe('Monitor 7'); // newest first
    expect(new Set([...first.reply.data.datas, ...second.reply.data.datas].map((a) => a.id)).size).toBe(7);
  });

  it('keeps collections apart', async () => {
    await server.db
      .insertInto('store_records')
      .values({ collection: 'other', id: 'x1', data: JSON.stringify({ name: 'Monitor elsewhere' }) })
      .execute();
    expect((await list({ name: 'elsewhere' })).reply.data.rowCount).toBe(0);
    expect((await admin.call('GET', '/authtime/asset/x1')).reply.errcode).toBe(1404);
  });

  it('validates with the fixture messages in each language', async () => {
    const en = await create(admin, { name: 'Desk', code: 'desk-1' });
    expect(en.reply).toMatchObject({
      errcode: 1001,
      errmsg: "The inventory code may only hold capital letters, digits and '-'.",
    });
    const zh = await create(admin.withLanguage('zh'), { name: '', code: 'D1' });
    expect(zh.reply).toMatchObject({ errcode: 1001, errmsg: '请填写资产名称。' });
    const cn = await admin.withLanguage('cn').call('DELETE', '/authtime/asset', { body: [] });
    expect(cn.reply).toMatchObject({ errcode: 1001, errmsg: '請選擇要刪除的資產。' });
  });

  it('deletes all listed records or none, and only for whom the allow rule lets in', async () => {
    const a = (await create(admin, { name: 'Chair A', code: 'CH-A' })).reply.data;
    const b = (await create(admin, { name: 'Chair B', code: 'CH-B' })).reply.data;
    const acme = await server.signedIn(ACME.username, ACME.password, 'en');
    expect((await acme.call('DELETE', '/authtime/asset', { body: [a.id] })).reply.errcode).toBe(1403);
    expect(
      (await acme.call('POST', '/authtime/assets', { query: { currpage: 1, pagelines: 10 }, body: { name: 'chair' } }))
        .reply.errcode,
    ).toBe(0);
    const partial = await admin.call('DELETE', '/authtime/asset', { body: [a.id, 'missing'] });
    expect(partial.reply.errcode).toBe(1404);
    expect((await list({ name: 'chair' })).reply.data.rowCount).toBe(2);
    const done = await admin.call('DELETE', '/authtime/asset', { body: [a.id, b.id] });
    expect(done.reply).toEqual({ errcode: 0, errmsg: 'ok', data: { deleted: 2 } });
    expect((await list({ name: 'chair' })).reply.data.rowCount).toBe(0);
    expect((await admin.call('PUT', `/authtime/asset/${a.id}`, { body: { name: 'x', code: 'X' } })).reply.errcode).toBe(
      1404,
    );
  });

  it('needs a session like any other call', async () => {
    const anonymous = await server.client('en').call('POST', '/authtime/assets', { body: {} });
    expect(anonymous.status).toBe(401);
  });

  it('refuses to start when a store call fits none of the operations, naming the call', async () => {
    const odd: CallDef = {
      id: 'assets.odd',
      method: 'GET',
      path: '/authtime/assets/odd',
      allow: 'login',
      reply: {},
      handler: 'store:assets',
      origin: { file: 'x.yaml', pointer: '/calls/9' },
    };
    const catalogue = { ...server.catalogue, calls: { ...server.catalogue.calls, [odd.id]: odd } };
    await expect(buildApp({ database: server.database, dataDir: server.dataDir, catalogue })).rejects.toThrow(
      /assets\.odd: GET \/authtime\/assets\/odd is none of the store operations/,
    );
  });
});
