// Enterprise input is refused with the catalogue's localized field messages, in en, zh and cn, and
// nothing is stored when it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { createDomain, listDomains, updateDomain } from './helpers/domain-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const LANGUAGES = ['en', 'zh', 'cn'] as const;

describe.each(targets)('enterprise validation on $name', (target) => {
  let server: TestServer;
  const clients = {} as Record<(typeof LANGUAGES)[number], ApiClient>;
  const label = (lang: string, key: string) => server.catalogue.labels[lang][key];
  const domainCount = async () =>
    (
      await server.db
        .selectFrom('domains')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    server = await startTestServer(target);
    const admin = await server.signedIn(ADMIN.username, ADMIN.password);
    for (const lang of LANGUAGES) clients[lang] = admin.withLanguage(lang);
  });
  afterAll(() => server?.close());

  const cases = [
    { what: 'a 23-character name', body: { name: 'A'.repeat(23) }, key: 'msg.nameTooLong' },
    { what: 'an empty name', body: { name: '' }, key: 'msg.fillDomainName' },
    { what: 'no name at all', body: { systemName: 'x' }, key: 'msg.fillDomainName' },
    { what: "a name with '-'", body: { name: 'Acme-Two' }, key: 'msg.nameSpecialChars' },
    { what: 'a name with a space', body: { name: 'Acme Two' }, key: 'msg.nameSpecialChars' },
  ];

  for (const { what, body, key } of cases) {
    it(`refuses ${what} with the same field message in en, zh and cn`, async () => {
      const before = await domainCount();
      const texts = new Set<string>();
      for (const lang of LANGUAGES) {
        const { status, reply } = await createDomain(clients[lang], body);
        expect(status).toBe(200);
        expect(reply).toEqual({
          errcode: 1001,
          errmsg: label(lang, key),
          data: { errors: [{ field: '/name', message: label(lang, key) }] },
        });
        texts.add(reply.errmsg);
      }
      expect(texts.size).toBe(3); // three real translations, not one text three times
      expect(await domainCount()).toBe(before);
    });
  }

  it('reads the English messages a user sees', async () => {
    expect((await createDomain(clients.en, { name: 'A'.repeat(23) })).reply.errmsg).toBe(
      'The name cannot exceed 22 characters.',
    );
    expect((await createDomain(clients.en, { name: 'a-b' })).reply.errmsg).toBe(
      'The name may contain only letters, Chinese characters, digits and _',
    );
    expect((await createDomain(clients.en, { name: '' })).reply.errmsg).toBe(
      'Please fill in the domain (tenant) name.',
    );
  });

  it('accepts 22 characters of Chinese, letters, digits and underscore', async () => {
    const name = `中文_Ab9${Date.now().toString().slice(-8)}`.padEnd(22, '字');
    expect(name).toHaveLength(22);
    const { reply } = await createDomain(clients.en, { name });
    expect(reply.errcode).toBe(0);
    expect(reply.data.name).toBe(name);
  });

  it('lists every broken field, each with its own message, the first one as errmsg', async () => {
    const { reply } = await createDomain(clients.en, { name: 'x-y', systemName: 'S'.repeat(51), status: 7 });
    const errors = (reply.data as unknown as { errors: Array<{ field: string; message: string }> }).errors;
    expect(reply.errcode).toBe(1001);
    expect(errors.map((e) => e.field).sort()).toEqual(['/name', '/status', '/systemName']);
    expect(errors.find((e) => e.field === '/systemName')?.message).toBe('The text cannot exceed 50 characters.');
    expect(errors.find((e) => e.field === '/status')?.message).toBe('Status must be one of the allowed values.');
    expect(reply.errmsg).toBe(errors[0].message);
  });

  it('validates updates the same way and leaves the stored enterprise as it was', async () => {
    const { reply: created } = await createDomain(clients.en, { name: `Valid_${Date.now() % 100000}` });
    const { reply } = await updateDomain(clients.zh, created.data.id, { name: 'B'.repeat(23) });
    expect(reply).toMatchObject({ errcode: 1001, errmsg: label('zh', 'msg.nameTooLong') });
    const row = await server.db
      .selectFrom('domains')
      .select('name')
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(created.data.name);
  });

  it('checks the query and body of the list call', async () => {
    const zeroLines = await listDomains(clients.en, {}, { pagelines: 0 });
    expect(zeroLines.reply).toMatchObject({ errcode: 1001, errmsg: 'pagelines must be at least 1.' });
    const badBody = await clients.en.call('POST', '/authtime/domains', {
      query: { currpage: 1, pagelines: 10 },
      body: { name: 5 },
    });
    expect(badBody.reply).toMatchObject({ errcode: 1001, errmsg: 'Enterprise name has the wrong type.' });
    const notJson = await clients.en.raw('POST', '/authtime/domains', {
      headers: { 'content-type': 'application/json' },
    });
    expect((await notJson.json()).errcode).toBe(0); // an empty body reads as no filter
  });
});
