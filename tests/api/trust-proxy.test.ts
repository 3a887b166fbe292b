// Whose address the rate limits see (ATRIUM_TRUST_PROXY): by default the TCP peer, so a client cannot
// escape its limit by sending X-Forwarded-For; behind a trusted proxy, the address the proxy forwards,
// so two clients of one proxy are counted apart.
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/server/http/trust-proxy.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const [target] = await databaseTargets();

describe('trust proxy setting', () => {
  it('reads off, on, hops and proxy addresses, and refuses anything else', () => {
    for (const off of [undefined, '', 'off', 'false']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('on')).toBe(true);
    const oneHop = parseTrustProxy('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.1', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1, 10.0.0.0/8');
    for (const bad of ['yes please', 'proxy.local', '1;drop'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/ATRIUM_TRUST_PROXY/);
  });
});

describe(`client address for the rate limits on ${target.name}`, () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const captchaFrom = (forwardedFor: string) =>
    server!.app.inject({
      method: 'GET',
      url: '/authtime/captcha',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For from an untrusted peer: a new header does not reset the count', async () => {
    server = await startTestServer(target, { rateLimits: { 'auth.captcha': { max: 2, windowSeconds: 60 } } });
    expect((await captchaFrom('198.51.100.1')).statusCode).toBe(200);
    expect((await captchaFrom('198.51.100.2')).statusCode).toBe(200);
    expect((await captchaFrom('198.51.100.3')).statusCode).toBe(429);
  });

  it('counts each forwarded client apart behind a trusted proxy', async () => {
    server = await startTestServer(target, {
      trustProxy: '127.0.0.1',
      rateLimits: { 'auth.captcha': { max: 2, windowSeconds: 60 } },
    });
    expect((await captchaFrom('198.51.100.1')).statusCode).toBe(200);
    expect((await captchaFrom('198.51.100.1')).statusCode).toBe(200);
    expect((await captchaFrom('198.51.100.1')).statusCode).toBe(429);
    // Another client of the same proxy still gets its own allowance.
    expect((await captchaFrom('198.51.100.2')).statusCode).toBe(200);
  });
});
