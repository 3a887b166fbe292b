// One HTTP(S) exchange under the outbound policy (docs/adr/0083-outbound-policy.md): the host is
// checked, the socket goes to the checked address (a `lookup` that answers it, so TLS still verifies
// the certificate against the host name), redirects are not followed (a public address could send the
// request on to a private one), the time and the size of the answer are bounded.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundFailure } from './outbound-failure.ts';
import { checkOutbound, type CheckedAddress } from './outbound-policy.ts';

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Largest answer read, in bytes (default 10 MB). */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  text: string;
}

const MAX_BYTES = 10 * 1024 * 1024;

/** Answers the checked address whatever name is asked (only ever the checked one). */
const pinned = (to: CheckedAddress): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  }) as LookupFunction;

export async function outboundRequest(url: URL, request: OutboundRequest): Promise<OutboundResponse> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundFailure('notAllowed', `${url.protocol} is not http(s)`);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const to = await checkOutbound(url.hostname, port);
  const client = url.protocol === 'https:' ? https : http;
  const maxBytes = request.maxBytes ?? MAX_BYTES;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: request.headers,
        lookup: pinned(to),
        agent: false,
        timeout: request.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) req.destroy(new OutboundFailure('rejected', `answer larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(deadline);
          const status = res.statusCode ?? 0;
          resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    // The socket's idle timeout does not bound a slow answer: one deadline for the whole exchange.
    const deadline = setTimeout(
      () => req.destroy(new OutboundFailure('timedOut', `no answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    req.on('timeout', () => req.destroy(new OutboundFailure('timedOut', `no answer within ${request.timeoutMs} ms`)));
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    req.end(request.body);
  });
}
