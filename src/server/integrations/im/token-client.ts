// What the three messaging suites (WeChat-Work, DingTalk, Feishu, docs/adr/0061-messaging-suites.md) have in common: an access token
// fetched from the service's token endpoint with the application's credentials, kept until it expires
// and fetched again once when the service says it expired; a call the service throttles waits and is
// tried again a bounded number of times. Each service's adapter says how its answers read. Every
// exchange goes through the outbound policy (outbound/outbound-request.ts).
import { failureReason, type OutboundReason } from '../outbound/outbound-failure.ts';
import { outboundRequest, type OutboundResponse } from '../outbound/outbound-request.ts';

/** The service refused or could not be asked; `code` is its own error code (0: none, e.g. a network
 *  failure), `message` its own message (for the server log: a reply says `outbound`, docs/adr/0083-outbound-policy.md). */
export class ServiceFailure extends Error {
  constructor(
    readonly service: string,
    readonly code: number,
    message: string,
    readonly outbound: OutboundReason = 'rejected',
  ) {
    super(message);
  }

  /** What a caller is told: one of the outbound policy's reasons, never the service's own words (those
   *  go to the server log). A code is the service's answer to the credentials; without one it could not
   *  be asked. */
  get reasonLabel(): string {
    return `outbound.reason.${this.code === 0 ? this.outbound : 'auth'}`;
  }
}

/** How one answer of the service reads. */
export type Outcome =
  { kind: 'ok' } | { kind: 'expiredToken' } | { kind: 'throttled' } | { kind: 'failed'; code: number; message: string };

export interface ServiceProtocol {
  readonly service: 'wechat' | 'dingding' | 'feishu';
  /** Asks the token endpoint; answers the token and its life in seconds, or throws ServiceFailure. */
  fetchToken(client: TokenClient): Promise<{ token: string; expiresIn: number }>;
  /** The outcome of an answer (HTTP status and parsed body). */
  outcome(status: number, body: Record<string, unknown>): Outcome;
  /** How the token travels: in the query (`access_token`) or as a Bearer header. */
  readonly tokenIn: 'query' | 'header';
}

export interface ClientOptions {
  /** Times a throttled call is tried again before it fails (default 3). */
  retries?: number;
  /** Wait before the n-th retry of a throttled call, in ms (default 1 s × n). */
  backoffMs?: (attempt: number) => number;
  timeoutMs?: number;
  now?: () => number;
}

export interface Request {
  method?: 'GET' | 'POST' | 'PATCH';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class TokenClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  /** Counters, for tests and the run's report. */
  readonly stats = { tokens: 0, retries: 0 };
  private readonly retries: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    readonly baseUrl: string,
    private readonly protocol: ServiceProtocol,
    options: ClientOptions = {},
  ) {
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? ((n) => 1000 * n);
    this.timeoutMs = options.timeoutMs ?? 15000;
    this.now = options.now ?? Date.now;
  }

  /** One HTTP exchange without a token (the token endpoint itself): the parsed body and status. */
  async exchange(path: string, request: Request): Promise<{ status: number; body: Record<string, unknown> }> {
    return this.send(this.url(path, request.query), request, {});
  }

  private url(path: string, query: Request['query']): URL {
    const url = new URL(path.replace(/^\//, ''), this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  private async send(
    url: URL,
    request: Request,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    let response: OutboundResponse;
    try {
      response = await outboundRequest(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
          ...headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      throw new ServiceFailure(
        this.protocol.service,
        0,
        `${url.host}: ${(error as Error).message}`,
        failureReason(error),
      );
    }
    try {
      const body = JSON.parse(response.text) as unknown;
      return {
        status: response.status,
        body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      };
    } catch {
      throw new ServiceFailure(this.protocol.service, 0, `HTTP ${response.status}, not JSON`, 'rejected');
    }
  }

  /** The cached token, fetched when missing or past its life (a minute early). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.pending ??= this.protocol
      .fetchToken(this)
      .then(({ token, expiresIn }) => {
        this.stats.tokens += 1;
        this.token = { value: token, expiresAt: this.now() + Math.max(0, expiresIn - 60) * 1000 };
        return token;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** A call with the token: fetched again once on the expired-token code, retried while throttled. */
  async call(path: string, request: Request = {}): Promise<Record<string, unknown>> {
    let refreshed = false;
    for (let attempt = 0; ;) {
      const token = await this.accessToken();
      const query = this.protocol.tokenIn === 'query' ? { ...request.query, access_token: token } : request.query;
      const headers: Record<string, string> =
        this.protocol.tokenIn === 'header' ? { authorization: `Bearer ${token}` } : {};
      const { status, body } = await this.send(this.url(path, query), request, headers);
      const outcome = this.protocol.outcome(status, body);
      if (outcome.kind === 'ok') return body;
      if (outcome.kind === 'expiredToken' && !refreshed) {
        refreshed = true;
        this.token = null;
        continue;
      }
      if (outcome.kind === 'throttled' && attempt < this.retries) {
        attempt += 1;
        this.stats.retries += 1;
        await sleep(this.backoffMs(attempt));
        continue;
      }
      if (outcome.kind === 'failed') throw new ServiceFailure(this.protocol.service, outcome.code, outcome.message);
      throw new ServiceFailure(
        this.protocol.service,
        Number(body.errcode ?? body.code ?? status),
        String(body.errmsg ?? body.msg ?? outcome.kind),
      );
    }
  }
}

/** Collects what an async iterable yields. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
