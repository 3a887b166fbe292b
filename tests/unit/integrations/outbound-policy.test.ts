// The outbound policy's address rules (docs/adr/0083-outbound-policy.md): every address a host resolves
// to is checked; loopback, link-local, private, shared, unspecified, multicast, IPv4-mapped forms of
// those and the deployment's database are refused unless allow-listed; the database only by an entry
// naming its port; the allow list's format is checked at start. And the HTTP exchange connects to the
// checked address and follows no redirect.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { OutboundFailure, failureReason } from '../../../src/server/integrations/outbound/outbound-failure.ts';
import { OutboundPolicy, outboundPolicy } from '../../../src/server/integrations/outbound/outbound-policy.ts';
import { outboundRequest } from '../../../src/server/integrations/outbound/outbound-request.ts';

const refusal = (policy: OutboundPolicy, host: string, port = 443) =>
  policy.check(host, port).then(
    () => 'allowed',
    (error: unknown) => failureReason(error),
  );

describe('outbound policy', () => {
  const strict = new OutboundPolicy('');

  it('refuses every private kind of address, in each spelling', async () => {
    for (const host of [
      '127.0.0.1',
      '127.5.5.5',
      'localhost',
      '::1',
      '[::1]',
      '0.0.0.0',
      '::',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      'fe80::1',
      'fd00::1',
      'fc00::1',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
    ]) {
      expect(await refusal(strict, host), host).toBe('notAllowed');
    }
  });

  it('lets public addresses through', async () => {
    for (const host of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(await refusal(strict, host), host).toBe('allowed');
    expect(await strict.check('::ffff:8.8.8.8', 25)).toMatchObject({ address: '8.8.8.8', family: 4, port: 25 });
  });

  it('allows what the list names: addresses, ranges, host names, each to any port or the one it names', async () => {
    const policy = new OutboundPolicy(' 127.0.0.1:2525 , 10.0.0.0/8, [::1]:389, localhost:8025 ');
    expect(await refusal(policy, '127.0.0.1', 2525)).toBe('allowed');
    expect(await refusal(policy, '127.0.0.1', 2526)).toBe('notAllowed');
    expect(await refusal(policy, '10.9.8.7', 1)).toBe('allowed');
    expect(await refusal(policy, '192.168.0.1', 1)).toBe('notAllowed');
    expect(await refusal(policy, '::1', 389)).toBe('allowed');
    expect(await refusal(policy, '::1', 636)).toBe('notAllowed');
    expect(await refusal(policy, 'localhost', 8025)).toBe('allowed');
    expect(await refusal(policy, 'localhost', 8026)).toBe('notAllowed');
  });

  it("refuses the deployment's database even on an allow-listed address, unless an entry names its port", async () => {
    const own = [{ host: '127.0.0.1', port: 5432 }];
    expect(await refusal(new OutboundPolicy('127.0.0.1', own), '127.0.0.1', 5432)).toBe('notAllowed');
    expect(await refusal(new OutboundPolicy('127.0.0.0/8', own), '::ffff:127.0.0.1', 5432)).toBe('notAllowed');
    expect(await refusal(new OutboundPolicy('127.0.0.1', own), '127.0.0.1', 25)).toBe('allowed');
    expect(await refusal(new OutboundPolicy('127.0.0.1:5432', own), '127.0.0.1', 5432)).toBe('allowed');
    // Read from DATABASE_URL, a public database host included.
    const fromEnv = outboundPolicy({
      ATRIUM_OUTBOUND_ALLOW: '127.0.0.1',
      DATABASE_URL: 'postgres://atrium:pw@127.0.0.1:6543/atrium',
    });
    expect(await refusal(fromEnv, '127.0.0.1', 6543)).toBe('notAllowed');
    expect(await refusal(outboundPolicy({ DATABASE_URL: 'postgres://db@8.8.4.4/atrium' }), '8.8.4.4', 5432)).toBe(
      'notAllowed',
    );
    expect(await refusal(outboundPolicy({ DATABASE_URL: 'postgres://db@8.8.4.4/atrium' }), '8.8.4.4', 443)).toBe(
      'allowed',
    );
  });

  it('refuses a malformed allow list at start, naming the entry', () => {
    for (const bad of ['10.0.0.0/33', 'host name', '127.0.0.1:99999', 'a/8'])
      expect(() => new OutboundPolicy(bad), bad).toThrow(/ATRIUM_OUTBOUND_ALLOW/);
  });

  it('says a name that does not resolve is unreachable', async () => {
    expect(await refusal(strict, 'no-such-host.invalid')).toBe('unreachable');
  });
});

describe('outbound request', () => {
  it('connects to the checked address, never follows a redirect, and refuses before connecting', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const answer = await outboundRequest(new URL(`http://localhost:${port}/x`), { timeoutMs: 2000 });
      expect(answer).toMatchObject({ status: 302, ok: false });
      expect(hits).toBe(1);
      process.env.ATRIUM_OUTBOUND_ALLOW = '';
      const refused = await outboundRequest(new URL(`http://127.0.0.1:${port}/x`), { timeoutMs: 2000 }).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(OutboundFailure);
      expect(failureReason(refused)).toBe('notAllowed');
      expect(hits).toBe(1);
    } finally {
      process.env.ATRIUM_OUTBOUND_ALLOW = '127.0.0.1,::1,localhost';
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
