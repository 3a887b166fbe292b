// The console's hash router: React Router's declarative `Router` over a hash history, with each route's
// gate (route-handle.ts) run before the page changes, as the data router ran its loaders: a navigation
// made in the console writes its address once the gate has let it through (or writes where the gate sent
// it instead); an address changed by the browser (typed, Back) is decided after the fact and a redirect
// replaces it. Until the gate answers, the router keeps the page being left, which is what `currentPath()`
// answers. The data router weighs twice as much in the first load (docs/adr/0137-first-load-lighter-shell.md).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  createPath,
  matchRoutes,
  parsePath,
  Router,
  UNSAFE_createHashHistory as createHashHistory,
  useRoutes,
  type Location,
  type RouteObject,
  type To,
} from 'react-router-dom';
import { closeToastsOfPageLeft } from './notify.ts';
import { setNavigator, setShownPath } from './navigation.ts';
import type { RouteHandle } from './route-handle.ts';
import { ShownPageContext, type ShownPage } from './shown-page.ts';

interface Shown extends ShownPage {
  location: Location;
}

type Asked = Pick<Location, 'pathname' | 'search' | 'hash'>;

function handleOf(routes: RouteObject[], location: Asked): RouteHandle | undefined {
  const matches = matchRoutes(routes, location);
  return matches?.[matches.length - 1].route.handle as RouteHandle | undefined;
}

/** Whether the gate must decide again: another path, or another record of the same form. */
function gateAgain(from: Asked | undefined, to: Asked, recordKey: string | undefined): boolean {
  if (!from || from.pathname !== to.pathname) return true;
  if (recordKey === undefined) return false;
  return new URLSearchParams(from.search).get(recordKey) !== new URLSearchParams(to.search).get(recordKey);
}

function ShownRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function ConsoleRouter({ routes }: { routes: RouteObject[] }) {
  const [history] = useState(() => createHashHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Shown | null>(null);
  const shownRef = useRef<Shown | null>(null);
  // What the gate let through for an address the console is about to write: shown once it is written.
  const letThrough = useRef<{ path: string; page: ShownPage } | null>(null);
  const askRef = useRef<(to: To, replace: boolean) => void>(() => undefined);

  useLayoutEffect(() => {
    let last: Asked | undefined; // the address asked for last, let through or not
    let deciding = 0;
    const commit = (location: Location, page: ShownPage) => {
      const before = shownRef.current;
      const next = { ...page, location };
      shownRef.current = next;
      setShownPath(location.pathname + location.search);
      // Another page (not another query: a search, a tab) leaves the toasts of the one before behind.
      if (before && before.location.pathname !== location.pathname) closeToastsOfPageLeft();
      setShown(next);
    };
    /** Runs the gate for an address and hands on what it lets through, or asks for where it redirects. */
    const decide = (asked: Asked, open: (page: ShownPage) => void, redirect: (to: string) => void) => {
      const run = ++deciding;
      const before = shownRef.current;
      // While the last address's gate was still deciding its page was not shown: going back to the page on
      // screen asks the gate again (a signed-in user's way home interrupted by the login page leads home).
      const previous = last;
      last = asked;
      const handle = handleOf(routes, asked);
      if (!handle) return open({});
      if (!gateAgain(previous, asked, handle.recordKey) && !gateAgain(before?.location, asked, handle.recordKey))
        return open({ screen: handle.screen, gate: before?.gate });
      handle.gate(asked).then(
        (decision) => {
          if (run !== deciding) return; // another address was asked for meanwhile
          if ('redirect' in decision) redirect(decision.redirect);
          else open({ screen: handle.screen, gate: decision });
        },
        (error: unknown) => {
          if (run === deciding) open({ screen: handle.screen, error });
        },
      );
    };
    // A navigation of the console's own: the address is written once the gate has let it through.
    const ask = (to: To, replace: boolean) => {
      const target = typeof to === 'string' ? parsePath(to) : to;
      const asked = {
        pathname: target.pathname ?? history.location.pathname,
        search: target.search ?? '',
        hash: target.hash ?? '',
      };
      decide(
        asked,
        (page) => {
          letThrough.current = { path: createPath(asked), page };
          if (replace) history.replace(asked);
          else history.push(asked);
        },
        (redirect) => ask(redirect, replace),
      );
    };
    askRef.current = ask;
    const written = ({ location }: { location: Location }) => {
      const approved = letThrough.current;
      letThrough.current = null;
      if (approved && approved.path === createPath(location)) return commit(location, approved.page);
      decide(
        location,
        (page) => commit(location, page),
        (redirect) => history.replace(redirect),
      );
    };
    setNavigator((path, options) => ask(path, options?.replace ?? false));
    const stop = history.listen(written);
    written({ location: history.location });
    return () => {
      stop();
      deciding = -1;
      setNavigator(null);
    };
  }, [history, routes]);

  const navigator = useMemo(
    () => ({
      createHref: (to: To) => history.createHref(to),
      encodeLocation: (to: To) => history.encodeLocation(to),
      go: (delta: number) => history.go(delta),
      push: (to: To) => askRef.current(to, false),
      replace: (to: To) => askRef.current(to, true),
    }),
    [history],
  );

  if (!shown) return null;
  return (
    <Router location={shown.location} navigator={navigator}>
      <ShownPageContext.Provider value={shown}>
        <ShownRoutes routes={routes} />
      </ShownPageContext.Provider>
    </Router>
  );
}
