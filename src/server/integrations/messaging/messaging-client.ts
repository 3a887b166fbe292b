// The instant-messaging service's REST protocol (Easemob style), as the push of users speaks it:
//   POST {base}/{org_name}/{app_name}/token  {grant_type, client_id, client_secret} → {access_token}
//   POST {base}/{org_name}/{app_name}/users  [{username, password, nickname}, …]   (Bearer token)
//   PUT  {base}/{org_name}/{app_name}/users/{username}  {nickname}                 (an existing user)
//   DELETE {base}/{org_name}/{app_name}/users/{username}                          (404 when already gone)
// Failures answer {error, error_description}; "duplicate_unique_property_exists" means the user exists.
// Every exchange goes through the outbound policy (outbound/outbound-request.ts).
import { failureReason, type OutboundReason } from '../outbound/outbound-failure.ts';
import { outboundRequest, type OutboundResponse } from '../outbound/outbound-request.ts';

export interface MessagingSettings {
  org_name: string;
  app_name: string;
  client_id: string;
  client_secret: string;
  grant_type: string;
}

export interface MessagingUser {
  username: string;
  password: string;
  nickname: string;
}

/** The service could not be asked or refused: `reason` is its own message when it gave one (for the
 *  server log), `outbound` the reason a reply may carry (docs/adr/0083-outbound-policy.md). */
export class MessagingFailure extends Error {
  constructor(
    readonly reason: string,
    readonly status = 0,
    readonly code = '',
    readonly outbound: OutboundReason = 'rejected',
  ) {
    super(reason);
  }

  /** What a reply may say of it: the service's error code when it is one (a protocol word such as
   *  `illegal_argument`), else the outbound policy's reason; never the service's description. */
  get shownReason(): string {
    if (/^[a-z][a-z0-9_]{0,63}$/.test(this.code)) return this.code;
    return this.status === 0 ? this.outbound : 'rejected';
  }
}

export const DUPLICATE_USER = 'duplicate_unique_property_exists';

type ServiceBody = { error?: unknown; error_description?: unknown; access_token?: unknown } | null;

async function exchange(
  url: string,
  method: string,
  body: unknown,
  token: string | null,
  timeoutMs: number,
): Promise<ServiceBody> {
  let response: OutboundResponse;
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    response = await outboundRequest(new URL(url), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
    });
  } catch (error) {
    throw new MessagingFailure((error as Error).message, 0, '', failureReason(error));
  }
  let parsed: ServiceBody = null;
  try {
    parsed = JSON.parse(response.text) as ServiceBody;
  } catch {
    // judged below by the status
  }
  if (!response.ok) {
    const reason =
      typeof parsed?.error_description === 'string' && parsed.error_description
        ? parsed.error_description
        : `HTTP ${response.status}`;
    throw new MessagingFailure(reason, response.status, typeof parsed?.error === 'string' ? parsed.error : '');
  }
  return parsed;
}

export class MessagingClient {
  private readonly base: string;

  constructor(
    serviceUrl: string,
    private readonly settings: MessagingSettings,
    private readonly timeoutMs = 10_000,
  ) {
    this.base = `${serviceUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.org_name)}/${encodeURIComponent(settings.app_name)}`;
  }

  async token(): Promise<string> {
    const { grant_type, client_id, client_secret } = this.settings;
    const answer = await exchange(
      `${this.base}/token`,
      'POST',
      { grant_type, client_id, client_secret },
      null,
      this.timeoutMs,
    );
    if (typeof answer?.access_token !== 'string' || !answer.access_token)
      throw new MessagingFailure('no access_token in the answer');
    return answer.access_token;
  }

  async register(token: string, users: MessagingUser[]): Promise<void> {
    await exchange(`${this.base}/users`, 'POST', users, token, this.timeoutMs);
  }

  /** Removes the account; false when the service has no such user (already gone). */
  async deleteUser(token: string, username: string): Promise<boolean> {
    try {
      await exchange(`${this.base}/users/${encodeURIComponent(username)}`, 'DELETE', undefined, token, this.timeoutMs);
      return true;
    } catch (error) {
      if (error instanceof MessagingFailure && error.status === 404) return false;
      throw error;
    }
  }

  async updateNickname(token: string, user: MessagingUser): Promise<void> {
    await exchange(
      `${this.base}/users/${encodeURIComponent(user.username)}`,
      'PUT',
      { nickname: user.nickname },
      token,
      this.timeoutMs,
    );
  }
}
