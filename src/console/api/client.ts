// The one API client: builds URLs from the catalogue's call paths, sends credentials and the CSRF
// token (every call with effects: non-GETs and GETs marked `effects`), unwraps the {errcode, errmsg,
// data} envelope and throws ApiError. Screens never call fetch.
import { CSRF_COOKIE, CSRF_HEADER, type Reply } from '../../core/envelope.ts';
import { hasEffects, needsCsrfToken } from '../../core/catalogue/call-effects.ts';
import { metaCallRoutes, type CallId, type Calls } from '../../core/generated/api-types.ts';
import { ApiError } from './ApiError.ts';
import { readCookie } from './cookies.ts';

export interface CallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A multipart body (uploads, calls that consume multipart/form-data) instead of JSON. */
  form?: FormData;
  /** The caller reports failures itself (no error toast). 401 still leads to the login page. */
  silent?: boolean;
  /** The caller shows field errors under their fields: a failure that names fields gets no toast
   *  (one message, in one place); any other failure still does. */
  fieldErrorsShown?: boolean;
  /** The caller asks whether a session exists: a 401 is its answer, not a session that ended. */
  probe?: boolean;
  /** Cancels the request (a screen that left, a newer search): the call rejects with no toast. */
  signal?: AbortSignal;
  /** A reading by the data layer: it never tells of a change, or reading again after a change would
   *  start the next one without end (a screen reading a call the catalogue says has effects). */
  read?: boolean;
}

type Part<Name extends string, T, Required extends boolean> = [T] extends [never]
  ? { [P in Name]?: undefined }
  : Required extends true
    ? { [P in Name]: T }
    : { [P in Name]?: T };

/** The arguments of a call known to the generated types. */
export type TypedArgs<K extends CallId> = Part<'params', Calls[K]['params'], true> &
  Part<'query', Calls[K]['query'], false> &
  Part<'body', Calls[K]['body'], true> & { silent?: boolean; form?: FormData; probe?: boolean; signal?: AbortSignal };

interface ClientHooks {
  onUnauthenticated: () => void;
  onError: (error: ApiError) => void;
}

type Route = { method: string; path: string; effects?: boolean };
// The console's own generated routes let the shell ask for the catalogue; the catalogue's calls (with any
// extra roots) take over once it has arrived. Only those few routes are built in, so the first load does
// not carry every call's (docs/adr/0137-first-load-lighter-shell.md).
let routes: Record<string, Route> = { ...metaCallRoutes };
let hooks: ClientHooks = { onUnauthenticated: () => undefined, onError: () => undefined };
const changeListeners = new Set<(callId: string) => void>();

export function setCallRoutes(calls: Record<string, Route>): void {
  routes = { ...metaCallRoutes, ...calls };
}

export function configureClient(next: ClientHooks): void {
  hooks = next;
}

/** Tells `listener` of every call that succeeded and may have changed something (the catalogue's
 *  `effects`), so what was read before can be read again (the data layer, api/queries.ts). */
export function onDataChanged(listener: (callId: string) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Where the console is served from, so every call stays relative to the context path. */
export function contextPath(): string {
  return new URL('./', window.location.href).pathname.replace(/\/$/, '');
}

export function resourceUrl(path: string, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return `${contextPath()}${path}${qs ? `?${qs}` : ''}`;
}

export function callUrl(callId: string, params: CallArgs['params'] = {}, query?: CallArgs['query']): string {
  const route = routes[callId];
  if (!route) throw new Error(`unknown API call "${callId}" (not in the catalogue)`);
  const path = route.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`API call "${callId}" needs the path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  return resourceUrl(path, query);
}

async function send(route: Route, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const { method } = route;
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = body instanceof FormData; // the browser sets its content type, with the boundary
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (needsCsrfToken(route)) headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? '';
  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined || multipart ? (body as FormData | undefined) : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e; // cancelled on purpose: nobody waits for an answer
    throw new ApiError(-1, '', { cause: (e as Error).message }, 0);
  }
}

async function readEnvelope(res: Response): Promise<Reply> {
  try {
    const reply = (await res.json()) as Reply;
    if (typeof reply?.errcode === 'number') return reply;
  } catch {
    /* not JSON: reported below */
  }
  throw new ApiError(1500, res.statusText, null, res.status);
}

/** Runs any catalogue call by id (the generic runtime knows ids only from the catalogue). */
export async function callAny<T = unknown>(callId: string, args: CallArgs = {}): Promise<T> {
  const route = routes[callId] ?? { method: 'GET', path: '' };
  const { method } = route;
  const body = args.form ?? args.body;
  if (method === 'GET' && body !== undefined) throw new Error(`API call "${callId}" is a GET and cannot carry a body`);
  try {
    const res = await send(route, callUrl(callId, args.params, args.query), body, args.signal);
    if (res.status === 401) {
      if (!args.probe) hooks.onUnauthenticated();
      throw new ApiError(401, '', null, 401);
    }
    const reply = await readEnvelope(res);
    if (reply.errcode !== 0) throw new ApiError(reply.errcode, reply.errmsg, reply.data, res.status);
    if (hasEffects(route) && !args.read) for (const listener of changeListeners) listener(callId);
    return reply.data as T;
  } catch (e) {
    if (args.signal?.aborted) throw e; // a cancelled read is nobody's error
    const shownOnFields = args.fieldErrorsShown && e instanceof ApiError && e.fieldErrors.length > 0;
    if (e instanceof ApiError && e.status !== 401 && !args.silent && !shownOnFields) hooks.onError(e);
    throw e;
  }
}

/** A call known to the generated types: arguments and reply are typed. */
export function call<K extends CallId>(callId: K, args: TypedArgs<K>): Promise<Calls[K]['reply']> {
  return callAny<Calls[K]['reply']>(callId, args as CallArgs);
}
