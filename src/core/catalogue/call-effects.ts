// Which calls change something (docs/security.md "CSRF", the operation log of docs/adr/0056-operation-log.md): every call that is
// not a GET, except the POSTs the catalogue marks `effects: false` (searches the spec made POSTs), and
// the GETs it marks `effects: true` (a test SMS, a statistics refresh).
export interface CallEffects {
  method: string;
  effects?: boolean;
}

/** The call may change something: the operation log records it. A search marked `effects: false` must
 *  write nothing even when it succeeds (the fuzz test holds it to that). */
export function hasEffects(call: CallEffects): boolean {
  return call.effects ?? call.method !== 'GET';
}

/** The session's CSRF token goes with every method but GET, and with a GET that has effects: a search
 *  made a POST keeps the token, since a cross-site form can post it like any other. The server enforces
 *  it (auth/admit.ts) and the console's client sends it by the same rule. */
export function needsCsrfToken(call: CallEffects): boolean {
  return call.method !== 'GET' || call.effects === true;
}
