// The reply envelope every JSON call answers with, and the catalogue of error codes.

export interface Reply<T = unknown> {
  errcode: number;
  errmsg: string;
  data: T;
}

/** errcode → message key. 0 is success; HTTP 401 carries errcode 401 too. */
export const ErrorCodes = {
  ok: { errcode: 0, key: 'msg.ok' },
  validation: { errcode: 1001, key: 'error.validation' },
  badCredentials: { errcode: 1002, key: 'error.badCredentials' },
  badCheckcode: { errcode: 1003, key: 'error.badCheckcode' },
  accountDisabled: { errcode: 1004, key: 'error.accountDisabled' },
  accountLocked: { errcode: 1005, key: 'password.error.locked' },
  passwordChangeRequired: { errcode: 1006, key: 'password.error.changeRequired' },
  conflict: { errcode: 1009, key: 'error.conflict' },
  notFound: { errcode: 1404, key: 'error.notFound' },
  forbidden: { errcode: 1403, key: 'error.forbidden' },
  csrf: { errcode: 1419, key: 'error.csrf' },
  tooManyRequests: { errcode: 1429, key: 'error.tooManyRequests' },
  unauthenticated: { errcode: 401, key: 'error.unauthenticated' },
  internal: { errcode: 1500, key: 'error.internal' },
} as const;

export type ErrorName = keyof typeof ErrorCodes;

/** A field-level problem: which field (JSON pointer into the payload) and the localized text. */
/** What a caller may answer to lift a problem (`topic`: a worker's topic for code that cannot run,
 *  docs/adr/0258-code-mapped-to-external-topics.md). */
export type ProblemFix = 'topic';

export interface FieldError {
  field: string;
  message: string;
  fix?: ProblemFix;
}

/** What a failed validation carries in `data`, so forms can put messages on their fields. */
export interface ValidationData {
  errors: FieldError[];
}

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'atrium_csrf';
export const SESSION_COOKIE = 'atrium_sid';
