// The one outbound policy (docs/adr/0083-outbound-policy.md): before any integration connects for
// someone, the host is resolved once and EVERY address it resolves to is checked; the connection then
// goes to that checked address (never resolved again, so a DNS answer cannot change between check and
// connect). Loopback, link-local (cloud metadata), private, shared, unspecified, multicast and reserved
// addresses, and the deployment's own database, are refused unless ATRIUM_OUTBOUND_ALLOW names them.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { OutboundFailure } from './outbound-failure.ts';

export interface CheckedAddress {
  /** The name asked for (for TLS server names and Host headers). */
  host: string;
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
  port: number;
}

const DENIED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  DENIED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  DENIED.addSubnet(net, prefix, 'ipv6');

const LOOKUP_TIMEOUT_MS = 5000;

/** An address as checked: IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address it carries. */
function plain(address: string): { address: string; family: 4 | 6 } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 4 };
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

interface AllowEntry {
  /** A host name (lower case), or an address range. */
  host?: string;
  range?: BlockList;
  port?: number;
}

/** `host`, `1.2.3.4`, `10.0.0.0/8`, `[::1]` or `fd00::/8`, each optionally with `:port` (IPv6 in brackets then). */
function parseEntry(text: string): AllowEntry {
  const withPort = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+):(\d+)$/.exec(text);
  const [name, port] = withPort ? [withPort[1], withPort[2]] : [text, undefined];
  const entry: AllowEntry = port ? { port: Number(port) } : {};
  if (port !== undefined && !(entry.port! >= 1 && entry.port! <= 65535))
    throw new Error(`ATRIUM_OUTBOUND_ALLOW: "${text}" has no valid port`);
  const [address, prefix] = name.split('/');
  const family = isIP(address);
  if (!family) {
    if (prefix !== undefined || !/^[a-z0-9.-]+$/i.test(name))
      throw new Error(`ATRIUM_OUTBOUND_ALLOW: "${text}" is neither a host, an address nor a range`);
    return { ...entry, host: name.toLowerCase() };
  }
  const range = new BlockList();
  const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
  if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128))
    throw new Error(`ATRIUM_OUTBOUND_ALLOW: "${text}" has no valid prefix length`);
  range.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
  return { ...entry, range };
}

/** The deployment's own services a connection must never reach: the database of DATABASE_URL. */
function ownServices(env: NodeJS.ProcessEnv): Array<{ host: string; port: number }> {
  if (!env.DATABASE_URL) return [];
  try {
    const url = new URL(env.DATABASE_URL);
    return url.hostname
      ? [{ host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port: Number(url.port || 5432) }]
      : [];
  } catch {
    return [];
  }
}

export class OutboundPolicy {
  private readonly allowed: AllowEntry[];
  private readonly own: Array<{ host: string; port: number }>;

  constructor(allow: string, own: Array<{ host: string; port: number }> = []) {
    this.allowed = allow
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map(parseEntry);
    this.own = own;
  }

  private allows(host: string, address: string, family: 4 | 6, port: number, explicitPort: boolean): boolean {
    return this.allowed.some(
      (e) =>
        (e.port === undefined ? !explicitPort : e.port === port) &&
        (e.host === host || !!e.range?.check(address, family === 4 ? 'ipv4' : 'ipv6')),
    );
  }

  /** The deployment's own service at this address and port: allowed only by an entry naming that port. */
  private async isOwn(address: string, port: number): Promise<boolean> {
    for (const own of this.own) {
      if (own.port !== port) continue;
      const addresses = isIP(own.host) ? [own.host] : await resolve(own.host).catch(() => []);
      if (addresses.some((a) => plain(a).address === address)) return true;
    }
    return false;
  }

  /** Resolves `host` and checks every address; answers the one to connect to, or throws
   *  OutboundFailure('notAllowed') without having connected anywhere. */
  async check(rawHost: string, port: number): Promise<CheckedAddress> {
    const host = rawHost.replace(/^\[|\]$/g, '').toLowerCase();
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await resolve(host);
    } catch (error) {
      throw new OutboundFailure('unreachable', `${host}: ${(error as Error).message}`);
    }
    if (addresses.length === 0) throw new OutboundFailure('unreachable', `${host}: no address`);
    const checked = addresses.map(plain);
    for (const { address, family } of checked) {
      const own = await this.isOwn(address, port);
      const denied = own || DENIED.check(address, family === 4 ? 'ipv4' : 'ipv6');
      if (denied && !this.allows(host, address, family, port, own))
        throw new OutboundFailure(
          'notAllowed',
          `${host} (${address}) port ${port}${own ? ": the deployment's own service" : ''}`,
        );
    }
    return { host, port, ...checked[0] };
  }
}

async function resolve(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no DNS answer within ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return answers.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

let cached: { key: string; policy: OutboundPolicy } | undefined;

/** The deployment's policy: ATRIUM_OUTBOUND_ALLOW (comma-separated hosts, addresses, ranges, each
 *  optionally with a port) and DATABASE_URL, read on each use so a test can set them per file. */
export function outboundPolicy(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const key = `${env.ATRIUM_OUTBOUND_ALLOW ?? ''}\n${env.DATABASE_URL ?? ''}`;
  if (cached?.key !== key)
    cached = { key, policy: new OutboundPolicy(env.ATRIUM_OUTBOUND_ALLOW ?? '', ownServices(env)) };
  return cached.policy;
}

/** Checks `host`:`port` against the deployment's policy (outboundPolicy). */
export const checkOutbound = (host: string, port: number): Promise<CheckedAddress> =>
  outboundPolicy().check(host, port);
