// Builds the console's routes from the catalogue's: redirects, gated screens inside the header layout,
// full-page plugins (login) outside it, and the not-found page. Screens load lazily. Each route's gate
// (route-handle.ts) is run by ConsoleRouter.tsx before its page shows.
import type { RouteObject } from 'react-router-dom';
import type { ConsoleCatalogue, RouteDef } from '../../core/catalogue/types.ts';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { fullPagePlugins } from '../registry.ts';
import { Layout } from './Layout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { NotFound } from './NotFound.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';
import { GatedScreen } from './GatedScreen.tsx';
import { routeGate } from './route-gate.ts';

type Screen = ConsoleScreen;
type Route = Omit<RouteDef, 'origin'>;

// The spec adds a login route at start-up when the catalogue has none.
const BUILTIN_LOGIN: Screen = { id: 'login', title: 'screen.login', kind: 'plugin', plugin: 'login' };

function isFullPage(screen: Screen): boolean {
  return screen.kind === 'plugin' && fullPagePlugins.has(screen.plugin);
}

function screenRoute(route: Route, screen: Screen): RouteObject {
  return {
    path: route.path,
    element: <GatedScreen key={screen.id} screen={screen} />,
    // The gate decides by the path and, for a form, by whether the address names a record; a list's
    // own state (page, search…) in the query does not change it, so such a change skips the gate and
    // reaches the screen at once.
    handle: {
      screen,
      gate: routeGate(route, screen),
      recordKey: screen.kind === 'form' ? screen.key : undefined,
    } satisfies RouteHandle,
  };
}

export function buildRoutes(catalogue: ConsoleCatalogue): RouteObject[] {
  const routes: Route[] = [...catalogue.routes];
  if (!routes.some((r) => r.path === '/login')) routes.push({ path: '/login', screen: 'login', auth: false });
  const redirects: RouteObject[] = [];
  const fullPage: RouteObject[] = [];
  const framed: RouteObject[] = [];
  for (const route of routes) {
    if (route.redirect) {
      const target = route.redirect;
      redirects.push({ path: route.path, handle: { gate: async () => ({ redirect: target }) } satisfies RouteHandle });
      continue;
    }
    const screen = route.screen
      ? ((catalogue.screens[route.screen] as Screen | undefined) ??
        (route.screen === 'login' ? BUILTIN_LOGIN : undefined))
      : undefined;
    if (!screen) throw new Error(`route ${route.path} names the unknown screen "${route.screen}"`);
    (isFullPage(screen) ? fullPage : framed).push(screenRoute(route, screen));
  }
  return [
    ...redirects,
    ...fullPage,
    // An unknown path says so, with the frame and a way home (not the login: the user may be signed in).
    {
      element: (
        <RouteErrorBoundary>
          <Layout />
        </RouteErrorBoundary>
      ),
      children: [...framed, { path: '*', element: <NotFound /> }],
    },
  ];
}
