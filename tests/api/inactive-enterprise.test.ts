// What an inactive enterprise means (docs/adr/0026-navigation-state-in-url.md): a privileged user whose every enterprise
// is inactive cannot sign in, and switching an enterprise off ends the sessions of those it leaves so;
// users with another active enterprise, developers and platform users go on. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { getDomain, updateDomain } from './helpers/domain-calls.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const SALES = { username: 'sales', password: 'Sales@2026' };
const DEV = { username: 'dev', password: 'Dev@2026' };

describe.each(targets)('an inactive enterprise on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const signIn = (who: { username: string; password: string }) => server.signedIn(who.username, who.password, 'en');
  const alive = async (client: ApiClient) => (await client.call('GET', '/authtime/myprofile')).status === 200;
  const domainId = async (name: string) =>
    (await server.db.selectFrom('domains').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const setStatus = async (client: ApiClient, name: string, status: 0 | 1) => {
    const id = await domainId(name);
    const { reply } = await getDomain(admin, id);
    return updateDomain(client, id, { ...reply.data, status });
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await signIn(ADMIN);
  });
  afterAll(() => server?.close());

  it('signs out and keeps out who works only in it; the others go on', async () => {
    const [acme, sales, dev, globex] = [
      await signIn(ACME),
      await signIn(SALES),
      await signIn(DEV),
      await signIn(GLOBEX),
    ];
    expect((await setStatus(admin, 'Acme', 0)).reply.errcode).toBe(0);
    expect(await alive(acme)).toBe(false);
    expect(await alive(sales)).toBe(false);
    expect(await alive(dev)).toBe(true);
    expect(await alive(globex)).toBe(true);
    expect(await alive(admin)).toBe(true);
    const refused = await server.client('en').login(ACME.username, ACME.password, '');
    expect(refused.reply).toMatchObject({ errcode: 1004, errmsg: expect.stringMatching(/enterprise is inactive/) });
    expect((await server.client('zh').login(SALES.username, SALES.password, '')).reply.errmsg).toMatch(/企业已停用/);
    expect((await setStatus(admin, 'Acme', 1)).reply.errcode).toBe(0);
    await expect(signIn(ACME)).resolves.toBeDefined();
  });

  it('lets an administrator with another active enterprise sign in', async () => {
    expect((await setStatus(admin, 'Globex', 0)).reply.errcode).toBe(0);
    const globex = await signIn(GLOBEX);
    expect(await alive(globex)).toBe(true);
    expect((await setStatus(admin, 'Globex', 1)).reply.errcode).toBe(0);
  });

  it('ends the session of a tenant administrator who switches off its own only enterprise', async () => {
    const acme = await signIn(ACME);
    expect((await setStatus(acme, 'Acme', 0)).reply.errcode).toBe(0);
    expect(await alive(acme)).toBe(false);
    expect((await setStatus(admin, 'Acme', 1)).reply.errcode).toBe(0);
  });
});
