// The API tests' HTTP client: the same request on the wire as Node's fetch sends (its default headers,
// its Content-Length, its redirects), made with node:http on kept-alive connections. Node's fetch
// (undici's web streams) spent about 0.35 CPU-ms of client work per request, several times the
// server's share of a refused input (docs/adr/0158-api-tests-less-cpu-per-probe.md).
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

export interface WireReply {
  status: number;
  statusText: string;
  /** Name/value pairs as received (Set-Cookie kept line by line). */
  rawHeaders: string[];
  body: Buffer;
}

export interface WireRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

const agent = new Agent({ keepAlive: true });

/** What fetch adds to every request, unless the caller gave the header itself. */
const FETCH_DEFAULTS: Record<string, string> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

/** The first value of a header (`name` in lower case) among raw name/value pairs. */
export function headerOf(raw: string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return raw[i + 1];
  return undefined;
}

function decoded(raw: string[], body: Buffer): Buffer {
  const encoding = headerOf(raw, 'content-encoding')?.trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** One request, no redirect followed; the body decoded as fetch decodes it (gzip, deflate). */
export function wireRequest(url: URL, init: WireRequest): Promise<WireReply> {
  const headers: Record<string, string> = {};
  const given = new Set<string>();
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    headers[name] = value;
    given.add(name.toLowerCase());
  }
  for (const [name, value] of Object.entries(FETCH_DEFAULTS)) if (!given.has(name)) headers[name] = value;
  const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
  if (body) headers['content-length'] = String(body.length);
  else if (init.method === 'POST' || init.method === 'PUT') headers['content-length'] = '0';
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers, agent }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            rawHeaders: res.rawHeaders,
            body: decoded(res.rawHeaders, Buffer.concat(chunks)),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/** fetch(url, init) for a string body, as a Response: redirects followed as fetch follows them
 *  (303, and 301/302 after a POST, turn into a GET without body; another origin gets no cookie or
 *  authorization) unless `redirect` is 'manual'. */
export async function fetchOverHttp(url: URL, init: WireRequest & { redirect?: RequestRedirect }): Promise<Response> {
  let at = url;
  let current: WireRequest = { ...init, headers: { ...init.headers } };
  for (let hops = 0; ; hops++) {
    const reply = await wireRequest(at, current);
    const location = headerOf(reply.rawHeaders, 'location');
    if (!REDIRECTS.has(reply.status) || location === undefined || init.redirect === 'manual') {
      const headers = new Headers();
      for (let i = 0; i < reply.rawHeaders.length; i += 2) headers.append(reply.rawHeaders[i], reply.rawHeaders[i + 1]);
      const body =
        NULL_BODY.has(reply.status) || current.method === 'HEAD'
          ? null
          : (new Uint8Array(reply.body) as Uint8Array<ArrayBuffer>);
      return new Response(body, { status: reply.status, statusText: reply.statusText, headers });
    }
    if (init.redirect === 'error') throw new TypeError('fetch failed: redirect refused');
    if (hops >= 20) throw new TypeError('fetch failed: redirect count exceeded');
    const next = new URL(location, at);
    const headers = { ...current.headers };
    const dropBody =
      (reply.status === 303 && current.method !== 'GET' && current.method !== 'HEAD') ||
      ((reply.status === 301 || reply.status === 302) && current.method === 'POST');
    for (const name of Object.keys(headers)) {
      const lower = name.toLowerCase();
      const bodyHeader = dropBody && (lower.startsWith('content-') || lower === 'content-type');
      const crossOrigin =
        next.origin !== at.origin && ['authorization', 'proxy-authorization', 'cookie', 'host'].includes(lower);
      if (bodyHeader || crossOrigin) delete headers[name];
    }
    current = dropBody ? { method: 'GET', headers } : { ...current, headers };
    at = next;
  }
}
