// Why a connection the server opened for someone failed, in one of a few words the reply may carry
// (docs/adr/0083-outbound-policy.md): the remote's own bytes (banner, body, error text) stay in the
// server log, so a reply never turns the server into a reader of services the caller cannot reach.

export const OUTBOUND_REASONS = [
  'notAllowed',
  'refused',
  'timedOut',
  'tls',
  'auth',
  'rejected',
  'unreachable',
] as const;
export type OutboundReason = (typeof OUTBOUND_REASONS)[number];

/** A connection refused by the policy before it was made, or one that failed in a known way. */
export class OutboundFailure extends Error {
  constructor(
    readonly reason: OutboundReason,
    /** For the server log only. */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ETLS|EPROTO$)/;

/** The reason of any error a connection attempt threw (nodemailer, ldapts, node:net/http). */
export function failureReason(error: unknown): OutboundReason {
  if (error instanceof OutboundFailure) return error.reason;
  const e = (error ?? {}) as {
    outbound?: unknown;
    code?: unknown;
    name?: unknown;
    message?: unknown;
    responseCode?: unknown;
    cause?: unknown;
  };
  // An integration's own failure that already says which reason it is.
  if ((OUTBOUND_REASONS as readonly unknown[]).includes(e.outbound)) return e.outbound as OutboundReason;
  const code = typeof e.code === 'string' ? e.code : '';
  const name = typeof e.name === 'string' ? e.name : '';
  if (code === 'EAUTH' || name === 'InvalidCredentialsError') return 'auth';
  if (code === 'ECONNREFUSED') return 'refused';
  if (
    code === 'ETIMEDOUT' ||
    code === 'ESOCKETTIMEDOUT' ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    /timed? ?out/i.test(String(e.message ?? ''))
  )
    return 'timedOut';
  if (TLS_CODE.test(code)) return 'tls';
  // An SMTP reply code, or a result an LDAP directory answered (ldapts' ResultCodeError has a number code).
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || typeof e.responseCode === 'number' || typeof e.code === 'number')
    return 'rejected';
  if (e.cause && e.cause !== error) return failureReason(e.cause);
  return 'unreachable';
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Whether `error` came from a connection (and so reads as one of the reasons), not from the server itself. */
export function isConnectionFailure(error: unknown): boolean {
  const e = (error ?? {}) as { outbound?: unknown; code?: unknown };
  return (
    error instanceof OutboundFailure ||
    (OUTBOUND_REASONS as readonly unknown[]).includes(e.outbound) ||
    typeof e.code === 'number' ||
    (typeof e.code === 'string' && /^E[A-Z]|^ERR_TLS|^ERR_SSL|^CERT_/.test(e.code))
  );
}

/** The reason in the caller's words. */
export const reasonText = (t: Translate, error: unknown): string => t(`outbound.reason.${failureReason(error)}`);
