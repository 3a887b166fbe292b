// A small HTTP client for the API tests: real HTTP (the request fetch sends, helpers/http-request.ts), a
// cookie jar, the CSRF header on calls with effects (writes and the GETs marked `effects`) and the
// password wire encoding, so tests talk to the server exactly as the console does.
import { encodePassword } from '../../../src/core/password-codec.ts';
import { CSRF_COOKIE, CSRF_HEADER, type Reply } from '../../../src/core/envelope.ts';
import { requestHasEffects } from './route-effects.ts';
import { fetchOverHttp } from './http-request.ts';

export interface CallOptions {
  query?: Record<string, string | number>;
  body?: unknown;
  /** A multipart body (uploads) instead of JSON; fetch sets its content type with the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  /** Leave out the CSRF header even when a token is known. */
  withoutCsrf?: boolean;
  /** 'manual': answer a redirect itself instead of following it (the suites' sign-in, docs/adr/0071-messaging-sign-in.md). */
  redirect?: RequestRedirect;
}

export interface CallResult<T = unknown> {
  status: number;
  reply: Reply<T>;
  headers: Headers;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    language?: 'en' | 'zh' | 'cn',
  ) {
    if (language) this.cookies.set('atrium_lang', language);
  }

  /** A fresh client with no cookies except the language. */
  withLanguage(language: 'en' | 'zh' | 'cn'): ApiClient {
    const other = new ApiClient(this.baseUrl, language);
    for (const [k, v] of this.cookies) if (k !== 'atrium_lang') other.cookies.set(k, v);
    return other;
  }

  async raw(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (requestHasEffects(method, path) && csrf && !options.withoutCsrf) headers[CSRF_HEADER] = csrf;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // A multipart body is encoded by fetch itself (its boundary and parts); anything else goes over node:http.
    const response = options.form
      ? await fetch(url, { method, headers, redirect: options.redirect, body: options.form })
      : await fetchOverHttp(url, {
          method,
          headers,
          redirect: options.redirect,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const cleared = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), decodeURIComponent(value.join('=')));
    }
    return response;
  }

  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const response = await this.raw(method, path, options);
    const text = await response.text();
    let reply: Reply<T>;
    try {
      reply = JSON.parse(text) as Reply<T>;
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with no JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, reply, headers: response.headers };
  }

  /** Logs in; `checkcode` is needed only when the server checks them (see TestServer.login). */
  login(username: string, password: string, checkcode = '') {
    return this.call('POST', '/authtime/login', { body: { username, password: encodePassword(password), checkcode } });
  }
}
