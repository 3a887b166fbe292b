// ATRIUM_TRUST_PROXY: which peers may tell the client's address (X-Forwarded-For) and protocol
// (X-Forwarded-Proto). Unset trusts nobody, so a client cannot choose the address its rate limits,
// sessions and logs see. The result is Fastify's `trustProxy`.
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'off' || text === 'false') return false;
  if (text === 'on' || text === 'true') return true;
  // A number of hops: the client address is that many proxies from the right of X-Forwarded-For.
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  // Addresses or networks of the proxies, comma separated (127.0.0.1, 10.0.0.0/8, ::1).
  if (/^[0-9a-fA-F:.,/\s]+$/.test(text)) return text;
  throw new Error(
    `ATRIUM_TRUST_PROXY must be off, on, a number of proxy hops or proxy addresses (10.0.0.0/8,127.0.0.1), not "${text}"`,
  );
}
