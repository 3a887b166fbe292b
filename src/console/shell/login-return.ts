// Where sign-in leads (docs/adr/0026-navigation-state-in-url.md): the login page carries the page that was asked for as `next` (and
// `expired=1` when a signed-in session ended), and signing in goes there; without one, home. The
// target route's own gate and guards run as on any navigation, so a tenant-scoped user still lands on
// /main instead of home.
export const LOGIN_ROUTE = '/login';
export const HOME_ROUTE = '/home';

/** The login page, remembering `next` (an in-console path with its query) unless it is the login itself. */
export function loginPath(from: string | null, expired = false): string {
  const query = new URLSearchParams();
  if (from && returnable(from)) query.set('next', from);
  if (expired) query.set('expired', '1');
  const qs = query.toString();
  return qs ? `${LOGIN_ROUTE}?${qs}` : LOGIN_ROUTE;
}

/** Only a path inside the console, never the login page again. */
function returnable(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && path.split('?')[0] !== LOGIN_ROUTE && path !== '/';
}

/** Where to go after signing in, read from the login page's query. */
export function afterLoginPath(query: URLSearchParams): string {
  const from = query.get('next');
  return from && returnable(from) ? from : HOME_ROUTE;
}
