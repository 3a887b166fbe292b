// The rate-limit counters live in the database (docs/adr/0017-rate-limits.md): two server instances on one database (on
// PostgreSQL each with its own pool) count one client's hits together, each limited call keeps its
// own count, and a window that has ended starts again from one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit } from '../../src/server/plugins/rate-limit-store.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const LIMITS = { 'auth.captcha': { max: 3, windowSeconds: 60 }, 'auth.login': { max: 1, windowSeconds: 60 } };

describe.each(targets)('rate limits across two server instances on $name', (target) => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer(target, { rateLimits: LIMITS });
    second = await first.secondInstance({ rateLimits: LIMITS });
  });
  afterAll(async () => first?.close());

  const captcha = (server: TestServer, remoteAddress: string) =>
    server.app.inject({ method: 'GET', url: '/authtime/captcha', remoteAddress });

  it('counts the hits of one address on either instance together', async () => {
    expect((await captcha(first, '198.51.100.20')).statusCode).toBe(200);
    expect((await captcha(second, '198.51.100.20')).statusCode).toBe(200);
    expect((await captcha(first, '198.51.100.20')).statusCode).toBe(200);
    // The fourth hit is over the limit of three wherever it lands.
    expect((await captcha(second, '198.51.100.20')).statusCode).toBe(429);
    expect((await captcha(first, '198.51.100.20')).statusCode).toBe(429);
    // Each limited call has its own count: the same address may still try to sign in once.
    const login = await second.app.inject({
      method: 'POST',
      url: '/authtime/login',
      remoteAddress: '198.51.100.20',
      payload: { username: 'nobody', password: '', checkcode: '' },
    });
    expect(login.statusCode).not.toBe(429);
  });

  it('starts a window again from one when it has ended', async () => {
    const key = `test ${Math.random()}`;
    expect(await countHit(first.db, key, 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(first.db, key, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await first.db
      .updateTable('rate_limit_hits')
      .set({ window_start: sql<Date>`now() - interval '61 seconds'` })
      .where('key', '=', key)
      .execute();
    expect(await countHit(first.db, key, 60_000)).toMatchObject({ current: 1 });
  });
});
