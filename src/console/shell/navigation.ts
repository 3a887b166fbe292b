// The router instance for code outside components (the API client's 401, route guards), and the
// path the user is on, which a blocking guard returns to.
import type { createHashRouter } from 'react-router-dom';

type Router = ReturnType<typeof createHashRouter>;
let router: Router | null = null;

export function setRouter(next: Router): void {
  router = next;
}

/** The committed location (during a navigation, the one being left); null before the first render. */
export function currentPath(): string | null {
  if (!router || !router.state.initialized) return null;
  const { pathname, search } = router.state.location;
  return pathname + search;
}

export function navigateTo(path: string): void {
  if (router) void router.navigate(path);
  else window.location.hash = `#${path}`;
}
