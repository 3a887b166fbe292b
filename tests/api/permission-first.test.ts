// Who may make a call is decided before its body is parsed or any file it names is read (docs/adr/0024-security-headers-csrf-permission-first.md): a refused caller gets the same answer whatever it sends, so the answers reveal neither
// which uploaded files exist nor how the body would have been judged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const MISSING_IMPORT = { path: '/uploads/2026/systemImport/no-such-file.json' };

describe.each(targets)('permission before body on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acme: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
  });
  afterAll(() => server?.close());

  it('refuses a configuration import to a tenant administrator before looking for the file (1403, not 1404)', async () => {
    const { reply } = await acme.call('POST', '/authtime/config/import', { body: MISSING_IMPORT });
    expect(reply.errcode).toBe(1403);
    const malformed = await acme.call('POST', '/authtime/config/import', { body: { path: '../../etc/passwd' } });
    expect(malformed.reply.errcode).toBe(1403);
    const mine = await admin.call('POST', '/authtime/config/import', { body: MISSING_IMPORT });
    expect(mine.reply.errcode).toBe(1404);
  });

  it('refuses a caller without the right before parsing its body: broken JSON answers 1403, not 1001', async () => {
    const broken = { headers: { 'content-type': 'application/json' } };
    const response = await acme.raw('POST', '/authtime/domain', {
      ...broken,
      form: '{"name": ' as unknown as FormData,
    });
    expect(await response.json()).toMatchObject({ errcode: 1403 });
    const anonymous = await server
      .client('en')
      .raw('POST', '/authtime/domain', { ...broken, form: '{"name": ' as unknown as FormData });
    expect(anonymous.status).toBe(401);
    const allowed = await admin.raw('POST', '/authtime/domain', {
      ...broken,
      form: '{"name": ' as unknown as FormData,
    });
    expect(await allowed.json()).toMatchObject({ errcode: 1001 });
  });
});
