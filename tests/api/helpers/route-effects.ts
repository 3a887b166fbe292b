// Whether a request names a call with effects (a non-GET, or a GET the catalogue marks `effects`), read
// from the generated routes as the console's client reads them, so test clients send the CSRF token
// exactly when the console does.
import { needsCsrfToken } from '../../../src/core/catalogue/call-effects.ts';
import { callRoutes } from '../../../src/core/generated/api-types.ts';

const EFFECT_GETS = Object.values(callRoutes)
  .filter((route) => route.method === 'GET' && needsCsrfToken(route))
  .map((route) => new RegExp(`^${route.path.replace(/\{[A-Za-z0-9_]+\}/g, '[^/]+')}$`));

export function requestHasEffects(method: string, path: string): boolean {
  if (method !== 'GET') return true;
  const pathname = new URL(path, 'http://x').pathname;
  return EFFECT_GETS.some((pattern) => pattern.test(pathname));
}
