// Bad input that would otherwise reach the database as a 500 — a NUL character (PostgreSQL text
// cannot hold it) in the query, the path, the body or a key at any depth, and page numbers beyond
// int8 — is refused by the route layer with the field's localized message, and nothing stored changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { translate } from '../../src/core/translate.ts';
import { storeChecksum } from './fuzz/store-checksum.ts';

const targets = await databaseTargets();

describe.each(targets)('bad input on $name', (target) => {
  let server: TestServer;
  let en: ApiClient;
  let zh: ApiClient;
  const text = (lang: string, key: string, params?: Record<string, unknown>) =>
    translate(server.catalogue.labels[lang], key, params);
  const label = (lang: string, key: string) => server.catalogue.labels[lang][key];

  beforeAll(async () => {
    server = await startTestServer(target);
    en = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    zh = en.withLanguage('zh');
  });
  afterAll(() => server?.close());

  /** Sends the request and expects 200, errcode 1001 and `message` on `field`; nothing stored changes. */
  async function refused(
    client: ApiClient,
    method: string,
    path: string,
    options: { query?: Record<string, string>; body?: unknown },
    field: string,
    message: string,
  ) {
    const before = await storeChecksum(server.db);
    const { status, reply } = await client.call<{ errors: Array<{ field: string; message: string }> }>(
      method,
      path,
      options,
    );
    expect(status).toBe(200);
    expect(reply.errcode).toBe(1001);
    expect(reply.errmsg).toBe(message);
    expect(reply.data.errors).toContainEqual({ field, message });
    expect(await storeChecksum(server.db)).toEqual(before);
  }

  it('refuses NUL in a query string', async () => {
    await refused(
      zh,
      'GET',
      '/authtime/superuser',
      { query: { name: 'ad\u0000min' } },
      '/name',
      text('zh', 'validation.nul', { field: label('zh', 'field.superuser.name') }),
    );
  });

  it('refuses NUL in a body field, in a nested field and in a key', async () => {
    await refused(
      en,
      'POST',
      '/authtime/domains',
      { body: { name: 'Ac\u0000me' } },
      '/name',
      text('en', 'validation.nul', { field: label('en', 'field.domain.name') }),
    );
    await refused(
      en,
      'POST',
      '/authtime/domain',
      { body: { name: 'Nul_domain', systemName: 'x\u0000' } },
      '/systemName',
      text('en', 'validation.nul', { field: label('en', 'field.domain.systemName') }),
    );
    await refused(
      zh,
      'PUT',
      '/authtime/config',
      { body: { loginConfig: { noticeContent: 'a\u0000b' } } },
      '/loginConfig/noticeContent',
      text('zh', 'validation.nul', { field: label('zh', 'config.field.noticeContent') }),
    );
    await refused(
      en,
      'POST',
      '/authtime/domains',
      { body: { ['x\u0000']: 'y' } },
      '/x\u0000',
      text('en', 'validation.nul', { field: 'x\u0000' }),
    );
  });

  it('refuses NUL in a path parameter', async () => {
    await refused(en, 'GET', '/authtime/domain/%00', {}, '/id', text('en', 'validation.nul', { field: 'id' }));
    await refused(
      en,
      'PUT',
      '/authtime/superuser/a%00b',
      { body: {} },
      '/id',
      text('en', 'validation.nul', { field: 'id' }),
    );
  });

  it('answers a URL the router cannot read with the localized envelope, keeping its 4xx status', async () => {
    for (const [path, status] of [
      ['/authtime/domain/%ff', 400],
      [`/authtime/domain/${'x'.repeat(300)}`, 414],
    ] as const) {
      const reply = await zh.call('GET', path);
      expect(reply.status).toBe(status);
      expect(reply.reply).toEqual({ errcode: 1001, errmsg: label('zh', 'error.validation'), data: null });
    }
  });

  it('refuses a page number beyond what the database can count (currpage=1e18), with no 500', async () => {
    for (const [method, path] of [
      ['POST', '/authtime/domains'],
      ['GET', '/authtime/superuser'],
      ['GET', '/authtime/messages'],
    ]) {
      await refused(
        en,
        method,
        path,
        { query: { currpage: '1000000000000000000' }, body: method === 'POST' ? {} : undefined },
        '/currpage',
        text('en', 'validation.maximum', { field: 'currpage', limit: 1000000 }),
      );
    }
  });

  it('refuses an extension field sort number beyond int4', async () => {
    const body = { label: 'Big', respectiveField: 'field1', type: 'string', forTable: 'tableDomain', sortNumber: 1e12 };
    await refused(
      zh,
      'POST',
      '/authtime/domain/fieldextend',
      { body },
      '/sortNumber',
      text('zh', 'validation.maximum', { field: label('zh', 'fieldExtend.field.sortNumber'), limit: 999999 }),
    );
  });
});
