// The Open API secret of an enterprise (docs/adr/0040-open-api-secret-and-tokens.md) on both databases: only its governors see its
// status or make a new one; the secret is answered once and kept only as a hash; it buys an access
// token that a runtime call would accept; a new secret ends the old one and its tokens; tokens expire.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDomain } from '../../src/server/areas/open-api/tokens.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();
type Secret = { secret: string; hint: string; createdAt: string };
type Status = { exists: boolean; hint: string | null; createdAt: string | null; tokenLifetime: number };
type Token = { accessToken: string; expiresIn: number };

describe.each(targets)('the Open API secret on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;
  let acmeId: string;
  const label = (key: string) => server.catalogue.labels.en[key];
  const path = (domainId = acmeId) => `/authtime/domain/${domainId}/secret`;
  const exchange = (secret: string) =>
    server.client('en').call<Token>('GET', '/rest/accessToken', { query: { secret } });

  beforeAll(async () => {
    server = await startTestServer(target);
    [admin, acme, globex, sales] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(ACME.username, ACME.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
    ]);
    acmeId = (await server.db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => server?.close());

  it('answers a new secret once, keeps only its hash, and says only its first characters after', async () => {
    expect((await acme.call<Status>('GET', path())).reply.data).toEqual({
      exists: false,
      hint: null,
      createdAt: null,
      tokenLifetime: 7200,
    });
    const made = await acme.call<Secret>('PUT', path());
    expect(made.reply.errcode).toBe(0);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const { secret, hint } = made.reply.data;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(hint)).toBe(true);
    const stored = await server.db
      .selectFrom('domain_secrets')
      .selectAll()
      .where('domain_id', '=', acmeId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret);
    const status = (await acme.call<Status>('GET', path())).reply.data;
    expect(status).toEqual({ exists: true, hint, createdAt: made.reply.data.createdAt, tokenLifetime: 7200 });
    expect(JSON.stringify(status)).not.toContain(secret);
  });

  it('exchanges the secret for a live token of the enterprise; a wrong secret gets nothing', async () => {
    const { secret } = (await admin.call<Secret>('PUT', path())).reply.data;
    const { reply } = await exchange(secret);
    expect(reply).toMatchObject({ errcode: 0, data: { expiresIn: 7200 } });
    expect(await tokenDomain(server.db, reply.data.accessToken)).toBe(acmeId);
    const wrong = await exchange(`${secret}x`);
    expect(wrong.reply).toMatchObject({ errcode: 1002, errmsg: label('openApi.msg.badSecret') });
    expect(await tokenDomain(server.db, 'made-up')).toBeNull();
    // An expired token opens nothing.
    await server.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('domain_id', '=', acmeId)
      .execute();
    expect(await tokenDomain(server.db, reply.data.accessToken)).toBeNull();
  });

  it('ends the old secret and every token it gave when a new one is made', async () => {
    const first = (await acme.call<Secret>('PUT', path())).reply.data.secret;
    const token = (await exchange(first)).reply.data.accessToken;
    const second = (await acme.call<Secret>('PUT', path())).reply.data.secret;
    expect(second).not.toBe(first);
    expect(await tokenDomain(server.db, token)).toBeNull();
    expect((await exchange(first)).reply.errcode).toBe(1002);
    expect(await tokenDomain(server.db, (await exchange(second)).reply.data.accessToken)).toBe(acmeId);
  });

  it('lists the processes of the applications on in the enterprise, with their runtime calls', async () => {
    type Service = { applicationName: string; processId: string; operations: Array<{ method: string; path: string }> };
    const services = async () => (await acme.call<Service[]>('GET', `/authtime/domain/${acmeId}/services`)).reply.data;
    const all = await services();
    expect(all.map((s) => s.processId)).toContain('leave-approval');
    expect(all[0].operations).toContainEqual({ method: 'POST', path: '/rest/bpm/runtime/start' });
    const office = await applicationOf(server.db);
    const binding = () =>
      server.db.updateTable('domain_applications').where('domain_id', '=', acmeId).where('application_id', '=', office);
    // A module off takes its process away; the application off takes them all.
    await binding()
      .set({ disabled_modules: ['trip'] })
      .execute();
    expect((await services()).filter((s) => s.applicationName === 'Office').map((s) => s.processId)).toEqual([
      'leave-approval',
    ]);
    await binding().set({ disabled_modules: [], enabled: false }).execute();
    expect((await services()).some((s) => s.applicationName === 'Office')).toBe(false);
    await binding().set({ enabled: true }).execute();
    expect((await sales.call('GET', `/authtime/domain/${acmeId}/services`)).reply.errcode).toBe(1403);
  });

  it("keeps the secret the enterprise's governors' business", async () => {
    const before = await server.db
      .selectFrom('domain_secrets')
      .selectAll()
      .where('domain_id', '=', acmeId)
      .executeTakeFirst();
    expect((await globex.call('GET', path())).reply.errcode).toBe(1404);
    expect((await globex.call('PUT', path())).reply.errcode).toBe(1404);
    const bySales = await sales.call('PUT', path());
    expect(bySales.reply).toMatchObject({ errcode: 1403, errmsg: label('openApi.msg.governorsOnly') });
    expect((await sales.call('GET', path())).reply.errcode).toBe(1403);
    expect(
      await server.db.selectFrom('domain_secrets').selectAll().where('domain_id', '=', acmeId).executeTakeFirst(),
    ).toEqual(before);
    expect((await server.client('en').call('PUT', path())).status).toBe(401);
  });
});
