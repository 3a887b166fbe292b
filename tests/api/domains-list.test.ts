// The enterprise list: search by name, administrator and extension fields, paging, the New button,
// and a tenant administrator kept to the own enterprises (read, change, delete refused elsewhere).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import { deleteDomains, getDomain, listDomains, updateDomain, type DomainData } from './helpers/domain-calls.ts';
import { replyProblems } from './helpers/reply-schemas.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const DEMO_TENANT_COUNT = 12;

describe.each(targets)('enterprise list on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  const names = async (client: ApiClient, body: Record<string, unknown>) =>
    (await listDomains(client, body)).reply.data.datas.map((d) => d.name).sort();

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
  });
  afterAll(() => server?.close());

  it('answers the page shape of the catalogue, with administrators and the New button for a super admin', async () => {
    const { reply } = await listDomains(admin);
    expect(reply.errcode).toBe(0);
    expect(replyProblems(server.catalogue, 'domains.list', reply.data)).toEqual([]);
    expect(reply.data).toMatchObject({ rowCount: DEMO_TENANT_COUNT, newButtonShow: true, showLdapButton: false });
    const globex = reply.data.datas.find((d) => d.name === 'Globex')!;
    expect(globex.users.map((u) => u.username)).toEqual(['globex']);
    expect(globex.logoUrl).toBe('/uploads/lib/icon/demo/globex.svg');
    const logo = await fetch(new URL(globex.logoUrl, server.url));
    expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('shows the LDAP button as the stored setting says, read again once the settings change', async () => {
    const shown = async () => (await listDomains(admin)).reply.data.showLdapButton;
    expect(await shown()).toBe(false);
    await writeConfig(server.db, { 'ldap.enabled': true });
    try {
      // The settings are kept until a change notice arrives (docs/adr/0183-list-request-cost.md).
      await expect.poll(shown, { timeout: 10_000 }).toBe(true);
    } finally {
      await writeConfig(server.db, { 'ldap.enabled': false });
    }
    await expect.poll(shown, { timeout: 10_000 }).toBe(false);
  });

  it('answers the total of a page past the end in the same reply', async () => {
    const { reply } = await listDomains(admin, {}, { currpage: 1000 });
    expect(reply.data.datas).toEqual([]);
    expect(reply.data.rowCount).toBe(DEMO_TENANT_COUNT);
  });

  it('searches by name: contains, any case, Chinese too, % taken literally', async () => {
    expect(await names(admin, { name: 'cm' })).toEqual(['Acme']);
    expect(await names(admin, { name: 'ACME' })).toEqual(['Acme']);
    expect(await names(admin, { name: '星辰' })).toEqual(['星辰科技']);
    expect(await names(admin, { name: '%' })).toEqual([]);
    expect(await names(admin, { name: '' })).toHaveLength(DEMO_TENANT_COUNT);
  });

  it('searches by administrator username (login number or name)', async () => {
    expect(await names(admin, { username: 'glob' })).toEqual(['Globex', '星辰科技'].sort());
    expect(await names(admin, { username: 'ACME_ADMIN' })).toEqual(['Acme']);
    expect(await names(admin, { username: 'nobody' })).toEqual([]);
    expect(await names(admin, { name: 'Glo', username: 'globex' })).toEqual(['Globex']);
  });

  it('searches extension fields field<N> and ignores other keys', async () => {
    await server.db
      .updateTable('domains')
      .set({ ext: JSON.stringify({ field3: 'Gold partner' }) })
      .where('name', '=', 'Initech')
      .execute();
    expect(await names(admin, { fieldExtends: { field3: 'gold' } })).toEqual(['Initech']);
    expect(await names(admin, { fieldExtends: { field3: 'silver' } })).toEqual([]);
    expect(await names(admin, { fieldExtends: { 'name) or (1=1': 'x' } })).toHaveLength(DEMO_TENANT_COUNT);
  });

  it('pages with currpage and pagelines: disjoint pages, the same rowCount, by name', async () => {
    const seen: DomainData[] = [];
    for (let currpage = 1; currpage <= 3; currpage++) {
      const { reply } = await listDomains(admin, {}, { currpage, pagelines: 5 });
      expect(reply.data.rowCount).toBe(DEMO_TENANT_COUNT);
      expect(reply.data.datas).toHaveLength(currpage < 3 ? 5 : 2);
      seen.push(...reply.data.datas);
    }
    expect(new Set(seen.map((d) => d.id)).size).toBe(DEMO_TENANT_COUNT);
    // By name whatever its case, as the unique index on lower(name) orders them; never by age.
    const byName = seen.map((d) => d.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(byName[0]).toBe('Acme');
    expect((await listDomains(admin, {}, { currpage: 4, pagelines: 5 })).reply.data).toMatchObject({
      datas: [],
      rowCount: DEMO_TENANT_COUNT,
    });
    const asText = await admin.call('POST', '/authtime/domains', {
      query: { currpage: '2', pagelines: '10' },
      body: {},
    });
    expect((asText.reply.data as { datas: unknown[] }).datas).toHaveLength(2);
  });

  it('shows a tenant administrator only the own enterprise, without the New button', async () => {
    const { reply } = await listDomains(acme);
    expect(reply.data.datas.map((d) => d.name)).toEqual(['Acme']);
    expect(reply.data).toMatchObject({ rowCount: 1, newButtonShow: false });
    expect(await names(acme, { name: 'Globex' })).toEqual([]);
    const globexAdmin = await server.signedIn(GLOBEX.username, GLOBEX.password);
    expect(await names(globexAdmin, {})).toEqual(['Globex', '星辰科技'].sort());
  });

  it('refuses a tenant administrator another enterprise: read, change and delete, and nothing changes', async () => {
    const globex = (await listDomains(admin, { name: 'Globex' })).reply.data.datas[0];
    const stored = async () =>
      server.db.selectFrom('domains').selectAll().where('id', '=', globex.id).executeTakeFirstOrThrow();
    const before = await stored();

    expect((await getDomain(acme, globex.id)).reply).toEqual({
      errcode: 1404,
      errmsg: 'The entry does not exist or is out of your reach.',
      data: null,
    });
    expect((await updateDomain(acme, globex.id, { name: 'Taken_Over', status: 0 })).reply.errcode).toBe(1404);
    expect((await deleteDomains(acme, [globex.id])).reply.errcode).toBe(1403);
    expect(await stored()).toEqual(before);
  });

  it('lets a tenant administrator read and change the own enterprise', async () => {
    const own = (await listDomains(acme)).reply.data.datas[0];
    expect((await getDomain(acme, own.id)).reply.data.name).toBe('Acme');
    const { reply } = await updateDomain(acme, own.id, { name: 'Acme', description: 'Updated by its administrator' });
    expect(reply).toMatchObject({ errcode: 0, data: { description: 'Updated by its administrator' } });
  });
});
