// A local HTTP server speaking the messaging service's protocol (src/server/integrations/messaging):
// a token endpoint checking the client credentials, user registration in batches (a batch with one
// existing user is refused whole, as the real service does), nickname updates and deletions (a
// rejected username's deletion fails with 500). Records requests.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeMessagingService {
  url: string;
  received: ReceivedRequest[];
  /** username → nickname of the registered users. */
  users: Map<string, string>;
  /** Usernames the service refuses to register (answered 400 illegal_argument) or to delete (500). */
  rejected: Set<string>;
  close(): Promise<void>;
}

export const FAKE_TOKEN = 'fake-access-token';

type Json = Record<string, unknown>;

export async function startFakeMessagingService(
  org: string,
  app: string,
  credentials: { client_id: string; client_secret: string },
): Promise<FakeMessagingService> {
  const received: ReceivedRequest[] = [];
  const users = new Map<string, string>();
  const rejected = new Set<string>();
  const base = `/${org}/${app}`;

  function answer(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): [number, Json] {
    if (method === 'POST' && path === `${base}/token`) {
      const b = body as Json;
      if (
        b.grant_type !== 'client_credentials' ||
        b.client_id !== credentials.client_id ||
        b.client_secret !== credentials.client_secret
      ) {
        return [401, { error: 'invalid_grant', error_description: 'client_id or client_secret is not valid' }];
      }
      return [200, { access_token: FAKE_TOKEN, expires_in: 3600, application: app }];
    }
    if (headers.authorization !== `Bearer ${FAKE_TOKEN}`)
      return [401, { error: 'unauthorized', error_description: 'token is missing or expired' }];
    if (method === 'POST' && path === `${base}/users` && Array.isArray(body)) {
      const batch = body as Array<{ username: string; nickname: string; password: string }>;
      const bad = batch.find((u) => rejected.has(u.username) || !u.password);
      if (bad) return [400, { error: 'illegal_argument', error_description: `username ${bad.username} is not legal` }];
      const existing = batch.find((u) => users.has(u.username));
      if (existing)
        return [
          400,
          {
            error: 'duplicate_unique_property_exists',
            error_description: `username ${existing.username} already exists`,
          },
        ];
      for (const u of batch) users.set(u.username, u.nickname);
      return [200, { entities: batch.map((u) => ({ username: u.username, nickname: u.nickname })) }];
    }
    const one = method === 'DELETE' ? new RegExp(`^${base}/users/([^/]+)$`).exec(path) : null;
    if (one) {
      const username = decodeURIComponent(one[1]);
      if (rejected.has(username))
        return [500, { error: 'internal_error', error_description: `username ${username} cannot be deleted now` }];
      if (!users.delete(username))
        return [404, { error: 'service_resource_not_found', error_description: `username ${username} does not exist` }];
      return [200, { entities: [{ username }] }];
    }
    const update = method === 'PUT' ? new RegExp(`^${base}/users/([^/]+)$`).exec(path) : null;
    if (update) {
      const username = decodeURIComponent(update[1]);
      if (!users.has(username))
        return [404, { error: 'service_resource_not_found', error_description: `username ${username} does not exist` }];
      users.set(username, String((body as Json).nickname));
      return [200, { entities: [{ username, nickname: users.get(username) }] }];
    }
    return [404, { error: 'not_found', error_description: `${method} ${path} is not part of the protocol` }];
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        /* no JSON body */
      }
      const path = (request.url ?? '').split('?')[0];
      received.push({ method: request.method ?? '', path, headers: request.headers, body });
      const [status, json] = answer(request.method ?? '', path, request.headers, body);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    users,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
