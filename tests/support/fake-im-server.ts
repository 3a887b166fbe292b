// The plumbing the three fake messaging suites share (fake-wechat.ts, fake-dingding.ts,
// fake-feishu.ts, docs/adr/0061-messaging-suites.md): a local HTTP server answering JSON, the tokens it issued, and the knobs a test
// turns: expire every issued token, throttle the next n calls, refuse chosen users.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeDepartment {
  id: string;
  name: string;
  parentId: string | null;
  order?: number;
}

export interface FakeUser {
  userid: string;
  name: string;
  departments: string[];
  email?: string;
  mobile?: string;
  enabled: boolean;
}

/** What every fake exposes to its tests. */
export interface FakeImState {
  url: string;
  departments: Map<string, FakeDepartment>;
  users: Map<string, FakeUser>;
  /** Every request, the token endpoint included. */
  received: FakeRequest[];
  /** Tokens issued so far. */
  tokensIssued: number;
  /** Invalidates every issued token: the next call with one answers the expired-token code. */
  expireTokens(): void;
  /** The next n calls (not the token endpoint) answer the throttling code. */
  throttle(n: number): void;
  /** User ids whose create or update the service refuses. */
  rejected: Set<string>;
  /** The suite user its authorize page signs in (the person at the phone, docs/adr/0071-messaging-sign-in.md); null: nobody. */
  signInAs: string | null;
  /** Codes the authorize page handed out, each for its user; an exchange spends it. */
  codes: Map<string, string>;
  /** Users' own access tokens (DingTalk, Feishu), each for its user. */
  userTokens: Map<string, string>;
  close(): Promise<void>;
}

export type Answer = [number, Record<string, unknown>, Record<string, string>?];

export interface FakeProtocol {
  /** Is this request the token endpoint? Answers it, issuing `token` when the credentials match. */
  tokenEndpoint(request: FakeRequest, issue: () => { token: string; expiresIn: number }): Answer | null;
  /** The token the request carries. */
  tokenOf(request: FakeRequest): string | undefined;
  expired: Answer;
  throttled: Answer;
  /** Calls that carry no token of the app (the sign-in pages and user-token calls), before the token
   *  check; null for the others. */
  open?(request: FakeRequest, state: FakeImState, issue: () => { token: string; expiresIn: number }): Answer | null;
  /** Any other call, with a valid token. */
  handle(request: FakeRequest, state: FakeImState): Answer;
}

export async function startFakeIm(protocol: FakeProtocol, root: FakeDepartment): Promise<FakeImState> {
  const valid = new Set<string>();
  let throttled = 0;
  let serial = 0;
  let server: Server | null = null;
  const state: FakeImState = {
    url: '',
    departments: new Map([[root.id, root]]),
    users: new Map(),
    received: [],
    tokensIssued: 0,
    expireTokens: () => valid.clear(),
    throttle: (n) => {
      throttled = n;
    },
    rejected: new Set(),
    signInAs: null,
    codes: new Map(),
    userTokens: new Map(),
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  const issue = () => {
    serial += 1;
    state.tokensIssued += 1;
    const token = `fake-token-${serial}`;
    valid.add(token);
    return { token, expiresIn: 7200 };
  };
  const answer = (request: FakeRequest): Answer => {
    const token = protocol.tokenEndpoint(request, issue);
    if (token) return token;
    const open = protocol.open?.(request, state, issue);
    if (open) return open;
    const carried = protocol.tokenOf(request);
    if (!carried || !valid.has(carried)) return protocol.expired;
    if (throttled > 0) {
      throttled -= 1;
      return protocol.throttled;
    }
    return protocol.handle(request, state);
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        /* no JSON body */
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      state.received.push(request);
      const [status, json, headers] = answer(request);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return state;
}

/** Next free numeric department id. */
export const nextNumericId = (departments: Map<string, FakeDepartment>) =>
  String(Math.max(0, ...[...departments.keys()].map(Number).filter(Number.isFinite)) + 1);

let codeSerial = 0;

/** The authorize page's answer (docs/adr/0071-messaging-sign-in.md): back to `redirect_uri` with a new code for the user signed in at
 *  the phone (`codeName` the suite's name of it) and the state as given; 403 while nobody is. */
export function authorizeRedirect(
  state: FakeImState,
  redirectUri: string | null,
  oauthState: string | null,
  codeName = 'code',
): Answer {
  if (!redirectUri || !state.signInAs) return [403, { error: 'nobody signed in at the authorize page' }];
  codeSerial += 1;
  const code = `fake-code-${codeSerial}`;
  state.codes.set(code, state.signInAs);
  const back = new URL(redirectUri);
  back.searchParams.set(codeName, code);
  if (oauthState !== null) back.searchParams.set('state', oauthState);
  return [302, {}, { location: back.href }];
}

/** Spends a code: its user, or undefined for a code never issued or already used. */
export function spendCode(state: FakeImState, code: unknown): string | undefined {
  const user = typeof code === 'string' ? state.codes.get(code) : undefined;
  if (user !== undefined) state.codes.delete(code as string);
  return user;
}
