// Sends one fuzz input as it is (query pairs, raw body text, content type), with the client's cookies
// and CSRF token unless anonymous, and reads the reply without assuming it is JSON.
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/core/envelope.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import type { FuzzInput } from './call-inputs.ts';

export interface FuzzReply {
  status: number;
  contentType: string;
  /** The envelope when the reply is one. */
  envelope?: { errcode: number; errmsg: string };
  text: string;
}

/** `withCsrf`: the call has effects (core/catalogue/call-effects.ts), so the console would send the token. */
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
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = client.cookies.get(CSRF_COOKIE);
    if (csrf && withCsrf) headers[CSRF_HEADER] = csrf;
  }
  if (input.body !== undefined) headers['content-type'] = input.contentType ?? 'application/json';
  const response = await fetch(url, { method: input.method, headers, body: input.body });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
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
  return { status: response.status, contentType, envelope, text };
}
