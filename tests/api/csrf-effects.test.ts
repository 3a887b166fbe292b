// Calls with effects need the session's CSRF token whatever their method (docs/security.md "CSRF"):
// a cross-site link (a GET with the administrator's cookies and no token) must not send a test SMS or
// start a statistics refresh. Every other call with effects is refused alike, before its handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsCsrfToken } from '../../src/core/catalogue/call-effects.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/core/envelope.ts';
import type { SmsGateway } from '../../src/server/integrations/sms/sms-gateway.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const CSRF_REFUSED = { errcode: 1419 };

describe.each(targets)('CSRF token on calls with effects on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeDomain: string;
  let applicationId: string;
  const sent: string[] = [];
  const countingGateway: SmsGateway = {
    provider: 'log',
    async send({ phone }) {
      sent.push(phone);
      return { type: 'success', message: '' };
    },
  };

  beforeAll(async () => {
    server = await startTestServer(target, { smsGateway: countingGateway });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    [acmeDomain] = await idsByName(server.db, 'domains', ['Acme']);
    await server.db
      .updateTable('domains')
      .set({ sms_member_code: 'acme-sms', sms_member_pwd: 'sms-secret' })
      .where('id', '=', acmeDomain)
      .execute();
    applicationId = (
      await server.db
        .selectFrom('applications')
        .select('id')
        .where('domain_id', '=', acmeDomain)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server?.close());

  it('marks the test SMS and the statistics refresh as GETs with effects', () => {
    expect(server.catalogue.calls['sms.test'].effects).toBe(true);
    expect(server.catalogue.calls['maintenance.optimize'].effects).toBe(true);
  });

  it('refuses a test SMS without the token and sends nothing; with it the message goes', async () => {
    const path = `/authtime/domain/${acmeDomain}/sms/13800138000`;
    const refused = await admin.call('GET', path, { withoutCsrf: true });
    expect(refused.status).toBe(403);
    expect(refused.reply).toMatchObject(CSRF_REFUSED);
    const wrong = await admin.call('GET', path, { withoutCsrf: true, headers: { [CSRF_HEADER]: 'not-the-token' } });
    expect(wrong.reply).toMatchObject(CSRF_REFUSED);
    expect(sent).toEqual([]);
    const allowed = await admin.call('GET', path);
    expect(allowed.reply.errcode, allowed.reply.errmsg).toBe(0);
    expect(sent).toEqual(['13800138000']);
  });

  it('refuses the statistics refresh without the token; with it the refresh runs', async () => {
    const path = `/authtime/domain/application/${applicationId}/optimization`;
    const refused = await admin.call('GET', path, { withoutCsrf: true });
    expect(refused.status).toBe(403);
    expect(refused.reply).toMatchObject(CSRF_REFUSED);
    const allowed = await admin.call('GET', path);
    expect(allowed.reply.errcode, allowed.reply.errmsg).toBe(0);
  });

  it('refuses every call with effects without the token, whatever its method, before reading its body', async () => {
    expect(admin.cookies.get(CSRF_COOKIE)).toBeTruthy();
    const withEffects = Object.values(server.catalogue.calls).filter(
      (call) => call.allow !== 'public' && needsCsrfToken(call) && call.id !== 'auth.logout',
    );
    expect(withEffects.length).toBeGreaterThan(20);
    for (const call of withEffects) {
      const path = call.path.replace(/\{[A-Za-z0-9_]+\}/g, 'x');
      const { status, reply } = await admin.call(call.method, path, {
        withoutCsrf: true,
        body: call.method === 'GET' ? undefined : {},
      });
      expect({ call: call.id, status, errcode: reply.errcode }).toEqual({ call: call.id, status: 403, errcode: 1419 });
    }
    const stillSignedIn = await admin.call('POST', '/authtime/logout', { withoutCsrf: true });
    expect(stillSignedIn.reply).toMatchObject(CSRF_REFUSED);
  });

  it('does not ask a token of GETs that only read', async () => {
    const { reply } = await admin.call('GET', '/authtime/myprofile', { withoutCsrf: true });
    expect(reply.errcode).toBe(0);
  });
});
