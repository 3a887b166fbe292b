// Sends one fuzz input as it is (query pairs, raw body text, content type), with the client's cookies
// and CSRF token unless anonymous, and reads the reply without assuming it is JSON.
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../src/core/envelope.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import type { FuzzInput } from './call-inputs.ts';
import { headerOf, wireRequest, type WireReply } from '../helpers/http-request.ts';

export interface FuzzReply {
  status: number;
  contentType: string;
  /** The envelope when the reply is one. */
  envelope?: { errcode: number; errmsg: string };
  text: string;
  /** The reply cleared the session cookie (an accepted sign-out). */
  clearsSession: boolean;
}

/** `withCsrf`: the call has effects (core/catalogue/call-effects.ts), so the console would send the token. */
/** The cookie header a signed-in client sends (its session, CSRF token and language). */
const cookieHeader = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The body as fetch's `text()` reads it: UTF-8, a leading byte-order mark dropped, bad bytes replaced. */
const textOf = (reply: WireReply) => new TextDecoder().decode(reply.body);

export async function send(
  client: ApiClient,
  anonymousLanguage: string,
  input: FuzzInput,
  withCsrf: boolean,
): Promise<FuzzReply> {
  const url = new URL(input.path, client.baseUrl);
  // Built by hand: URL.search would let '+'/'%' through differently from what a client may send.
  url.search = new URLSearchParams(input.query).toString();
  const headers: Record<string, string> = {};
  if (input.anonymous) headers.cookie = `atrium_lang=${anonymousLanguage}`;
  else {
    headers.cookie = cookieHeader(client);
    const csrf = client.cookies.get(CSRF_COOKIE);
    if (csrf && withCsrf) headers[CSRF_HEADER] = csrf;
  }
  if (input.body !== undefined) headers['content-type'] = input.contentType ?? 'application/json';
  const response = await wireRequest(url, { method: input.method, headers, body: input.body });
  const text = textOf(response);
  const contentType = headerOf(response.rawHeaders, 'content-type') ?? '';
  let envelope: FuzzReply['envelope'];
  if (contentType.includes('json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      if (typeof parsed.errcode === 'number' && typeof parsed.errmsg === 'string')
        envelope = { errcode: parsed.errcode, errmsg: parsed.errmsg };
    } catch {
      /* not an envelope: reported by the caller */
    }
  }
  return { status: response.status, contentType, envelope, text, clearsSession: clearsSession(response.rawHeaders) };
}

/** Whether a Set-Cookie of the reply empties the session cookie. */
function clearsSession(raw: string[]): boolean {
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i].toLowerCase() === 'set-cookie' && raw[i + 1].startsWith(`${SESSION_COOKIE}=;`)) return true;
  return false;
}

/** Whether the client's session still answers (`auth.myprofile`, any signed-in user). A 401 to a fuzz input
 *  is mostly the input's own refusal (a runtime call's bad access token, docs/adr/0045-workflow-runtime-access-token.md),
 *  not an ended session: one read tells which, where signing in again would cost a password hash
 *  (docs/adr/0144-api-tests-cheaper-walks.md). Like `send`, it keeps the client's cookies as they are. */
export async function sessionAlive(client: ApiClient): Promise<boolean> {
  const response = await wireRequest(new URL('/authtime/myprofile', client.baseUrl), {
    method: 'GET',
    headers: { cookie: cookieHeader(client) },
  });
  const text = textOf(response);
  if (response.status === 401) return false;
  try {
    return (JSON.parse(text) as { errcode?: unknown }).errcode === 0;
  } catch {
    return false;
  }
}
