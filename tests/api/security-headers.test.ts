// Every kind of reply carries the security headers (docs/security.md "Security
// headers"): API JSON, the console page and its assets, uploaded and built-in files, 404s and errors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ICONS_URL } from '../../src/core/uploads.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { upload } from './helpers/upload-calls.ts';

const targets = await databaseTargets();

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, `${what}: Content-Security-Policy`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${what}: default-src`).toMatch(/default-src '(self|none)'/);
  expect(headers.get('x-content-type-options'), `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers.get('x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers.get('referrer-policy'), `${what}: Referrer-Policy`).toBe('no-referrer');
  expect(headers.get('cross-origin-opener-policy'), `${what}: Cross-Origin-Opener-Policy`).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy'), `${what}: Cross-Origin-Resource-Policy`).toBe('same-origin');
}

describe.each(targets)('security headers on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const consoleDir = mkdtempSync(join(tmpdir(), 'atrium-console-'));

  beforeAll(async () => {
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(
      join(consoleDir, 'index.html'),
      '<!doctype html><title>Atrium</title><script type="module" src="./assets/app.js"></script>',
    );
    writeFileSync(join(consoleDir, 'assets', 'app.js'), 'console.log("atrium");');
    server = await startTestServer(target, { consoleDir });
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('on API replies: success, refusal, validation failure, CSRF refusal, malformed body and a download', async () => {
    const anonymous = server.client('en');
    const replies = {
      'API JSON': await anonymous.call('GET', '/authtime/globalconfig'),
      'not signed in (401)': await anonymous.call('GET', '/authtime/myprofile'),
      'validation failure': await admin.call('POST', '/authtime/domain', { body: { name: '' } }),
      'CSRF refusal (403)': await admin.call('PUT', '/authtime/config', { body: {}, withoutCsrf: true }),
      'malformed JSON (400)': await admin.call('POST', '/authtime/domain', {
        headers: { 'content-type': 'application/json' },
        form: '{"name":' as unknown as FormData,
      }),
    };
    expect(replies['not signed in (401)'].status).toBe(401);
    expect(replies['CSRF refusal (403)'].status).toBe(403);
    expect(replies['malformed JSON (400)'].status).toBe(400);
    for (const [what, { headers }] of Object.entries(replies)) expectSecurityHeaders(headers, what);
    const download = await admin.raw('GET', '/authtime/config/export');
    expect(download.status).toBe(200);
    expectSecurityHeaders(download.headers, 'configuration export');
  });

  it('on the console page, its assets, a built-in icon, an uploaded file and unknown paths', async () => {
    const client = server.client('en');
    const page = await client.raw('GET', '/');
    expect(await page.text()).toContain('<title>Atrium</title>');
    expectSecurityHeaders(page.headers, 'console page');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const asset = await client.raw('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset.headers, 'console asset');
    const icon = await client.raw('GET', `${SYSTEM_ICONS_URL}agriculture.svg`);
    expect(icon.status).toBe(200);
    expectSecurityHeaders(icon.headers, 'built-in icon');

    const settings = new Blob(['{}'], { type: 'application/json' });
    const { reply } = await upload(admin, { path: 'systemImport' }, 'settings.json', settings);
    expect(reply.errcode, reply.errmsg).toBe(0);
    const url =
      /\/uploads\/platform\/\d{4}\/systemImport\/[^"]+/.exec(JSON.stringify(reply.data))?.[0] ?? 'no url in the reply';
    const uploaded = await admin.raw('GET', url); // a platform file: served to platform callers only
    expect(uploaded.status).toBe(200);
    expectSecurityHeaders(uploaded.headers, 'uploaded file');
    expect(uploaded.headers.get('content-security-policy')).toMatch(/sandbox/);

    expectSecurityHeaders((await client.raw('GET', url)).headers, 'uploaded file refused to an anonymous caller');
    for (const path of ['/no/such/page', '/authtime/no-such-call', '/uploads/lib/icon/upload/missing.png']) {
      const missing = await client.raw('GET', path);
      expect(missing.status, path).toBe(404);
      expectSecurityHeaders(missing.headers, `404 ${path}`);
    }
  });
});
