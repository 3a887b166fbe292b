// What one call with effects leaves in the log, read from the route alone (never from a handler): who
// (the admitted session, else the session a refusal found, else for a sign-in the user it answered or
// the name it tried), from where (request.ip, which follows ATRIUM_TRUST_PROXY), which call and target,
// the body with its secrets masked, and the outcome of the envelope.
import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { masked } from './secret-fields.ts';

export interface Outcome {
  errcode: number;
  message: string;
  /** The reply's data, read only for a sign-in (who signed in). */
  data?: unknown;
}

export type LogDraft = {
  at: Date;
  domainId: string | null;
  userId: string | null;
  userName: string;
  userKind: string;
  ip: string;
  callId: string;
  method: string;
  path: string;
  targetId: string;
  change: unknown;
  errcode: number;
  message: string;
};

type Caller = Pick<CurrentUser, 'id' | 'name' | 'type'> & {
  loginno?: string;
  domains?: string[];
  reach?: CurrentUser['reach'];
};

const MAX_CHANGE_CHARS = 20_000;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

/** Paths under /authtime/domain/{id} name the enterprise in {id}; else a `domainid` of query or body. */
function targetDomain(
  call: CallDef,
  params: Record<string, string>,
  query: Record<string, unknown>,
  body: unknown,
): string | undefined {
  // The log's own calls name the platform's log `platform` (areas/operation-log/log-scope.ts).
  if (call.path.startsWith('/authtime/domain/{id}'))
    return params.id === 'platform' && call.id.startsWith('operationLog.') ? undefined : params.id;
  return (
    text(params.domainId) ??
    text(query.domainid) ??
    (isRecord(body) ? (text(body.domainid) ?? text(body.domainId)) : undefined)
  );
}

/** The record: the last path parameter that is not the enterprise, else the body's id, ids or userIds, else the
 *  query's `userid` (the user an API documentation sign-in acts as, docs/adr/0063-api-docs-sign-in-web-services.md). */
function targetRecord(
  call: CallDef,
  params: Record<string, string>,
  query: Record<string, unknown>,
  body: unknown,
): string {
  const names = [...call.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
  const own = names.filter((n) => !(n === 'id' && call.path.startsWith('/authtime/domain/{id}')));
  const last = own.length > 0 ? params[own[own.length - 1]] : undefined;
  if (last) return last;
  if (isRecord(body) && text(body.id)) return text(body.id)!;
  if (Array.isArray(body) && body.length > 0 && body.every((v) => typeof v === 'string'))
    return body.join(',').slice(0, 500);
  // A batch (users changed or resigned together) names its records in `userIds`.
  const batch = isRecord(body) ? body.userIds : undefined;
  if (Array.isArray(batch) && batch.length > 0 && batch.every((v) => typeof v === 'string'))
    return batch.join(',').slice(0, 500);
  if (text(query.userid)) return text(query.userid)!;
  // `/authtime/domain/{id}` itself: the enterprise is the record.
  return call.path === '/authtime/domain/{id}' ? (params.id ?? '') : '';
}

/** `name (login number)`: what a reader of the log recognizes and searches for. */
const operatorName = (who: Caller): string =>
  who.loginno && who.loginno !== who.name ? `${who.name} (${who.loginno})` : who.name;

/** A caller working for one enterprise: its acts belong to that enterprise's log. */
export function homeDomain(caller: Caller | undefined): string | undefined {
  const reach = caller?.reach;
  if (reach?.kind === 'departments') return reach.domain;
  if (reach?.kind === 'tenants' && reach.domains.length === 1) return reach.domains[0];
  return undefined;
}

/** jsonb stores neither NUL nor a lone surrogate, which a refused body may well hold. */
const storable = (s: string): string =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\0/g, '\ufffd');

function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableJson(v)]));
}

function changeOf(call: CallDef, body: unknown, secrets: ReadonlySet<string>): unknown {
  if (call.consumes || body === undefined || body === null) return null;
  const safe = storableJson(masked(body, secrets));
  const json = JSON.stringify(safe);
  return json.length > MAX_CHANGE_CHARS ? { truncated: true, text: json.slice(0, MAX_CHANGE_CHARS) } : safe;
}

/** Who a public call signed in (a suite's sign-in, docs/adr/0071-messaging-sign-in.md): the log names it as the sign-in's. */
const signIns = new WeakMap<FastifyRequest, Caller>();
export const rememberSignIn = (request: FastifyRequest, who: Caller): void => void signIns.set(request, who);

/** What a suite's sign-in tried (the suite's user id) and, refused, why: its page is no envelope with
 *  an errmsg, and the id tried is what a reader of the log looks for (docs/adr/0082-suite-endpoints-and-sign-in.md). */
const attempts = new WeakMap<FastifyRequest, { tried?: string; message?: string }>();
export const rememberSignInAttempt = (request: FastifyRequest, attempt: { tried?: string; message?: string }): void =>
  void attempts.set(request, { ...attempts.get(request), ...attempt });

/** `owner`: the enterprise of the record the path names, when the path does not (record-owner.ts). */
export function entryOfCall(
  call: CallDef,
  request: FastifyRequest,
  caller: Caller | undefined,
  outcome: Outcome,
  secrets: ReadonlySet<string>,
  owner?: string,
): LogDraft {
  const params = (request.params ?? {}) as Record<string, string>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const signedIn = caller
    ? undefined
    : (signIns.get(request) ??
      (call.id === 'auth.login' && isRecord(outcome.data) ? (outcome.data as unknown as Caller) : undefined));
  const who = caller ?? signedIn;
  const attempt = attempts.get(request);
  const tried = (isRecord(body) ? text(body.username) : undefined) ?? attempt?.tried;
  return {
    at: new Date(),
    domainId: targetDomain(call, params, query, body) ?? owner ?? homeDomain(who) ?? null,
    userId: who?.id ?? null,
    userName: storable((who ? operatorName(who) : (tried ?? '')).slice(0, 200)),
    userKind: who?.type ?? '',
    ip: request.ip,
    callId: call.id,
    method: call.method,
    path: storable(request.url.split('?')[0].slice(0, 1000)),
    targetId: storable(targetRecord(call, params, query, body).slice(0, 500)),
    change: changeOf(call, body, secrets),
    errcode: outcome.errcode,
    message: storable((outcome.message || attempt?.message || '').slice(0, 2000)),
  };
}
