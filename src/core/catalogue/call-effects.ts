// Which calls change something, so need the session's CSRF token (docs/security.md "CSRF"): every
// call that is not a GET, and the GETs the catalogue marks `effects: true` (a test SMS, a statistics
// refresh). The server enforces it (auth/admit.ts) and the console's client sends the token by it.
export interface CallEffects {
  method: string;
  effects?: boolean;
}

export function hasEffects(call: CallEffects): boolean {
  return call.method !== 'GET' || call.effects === true;
}
