// The sign-in half of the three messaging suites (docs/adr/0071-messaging-sign-in.md): an application's own agent sends the user to
// the suite's authorize page, and the code the suite hands back is exchanged for the user's id in the
// suite, each suite with its own protocol (wechat-oauth.ts, dingding-oauth.ts, feishu-oauth.ts).
import { failureReason } from '../outbound/outbound-failure.ts';
import { outboundRequest, type OutboundResponse } from '../outbound/outbound-request.ts';
import { ServiceFailure } from './token-client.ts';

export interface SuiteOAuth {
  /** The suite's authorize page for this agent, coming back to `redirectUri` with `state`. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The suite's user id (its userid / user_id: the login number the syncs link) of the code's user;
   *  throws ServiceFailure when the suite refuses the code or knows no member for it. */
  userIdOf(code: string): Promise<string>;
}

/** The address of `path` under `base` (a path in the base kept), with `query`. */
export function addressOf(base: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

/** One JSON exchange outside the token client (the suites' user-token calls): the parsed body and
 *  status; a network failure or a body that is not JSON is a ServiceFailure with code 0. */
export async function askJson(
  service: string,
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: OutboundResponse;
  try {
    response = await outboundRequest(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      timeoutMs: 15000,
    });
  } catch (error) {
    throw new ServiceFailure(service, 0, `${url.host}: ${(error as Error).message}`, failureReason(error));
  }
  try {
    const body = JSON.parse(response.text) as unknown;
    return { status: response.status, body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {} };
  } catch {
    throw new ServiceFailure(service, 0, `HTTP ${response.status}, not JSON`, 'rejected');
  }
}

/** The public address `publicHost` while the deployment's address of the suite (suite-endpoints.ts) is
 *  its public one, else that address itself: a private suite (and the tests' local servers) serves
 *  sign-in and API on its own address. */
export const hostFor = (apiUrl: string, publicApi: string, publicHost: string): string =>
  apiUrl.replace(/\/+$/, '') === publicApi ? publicHost : apiUrl.replace(/\/+$/, '');
