// The gate in front of every catalogue route: `auth: true` needs a current user (stored, else the
// session's own; else the login page, which returns here after signing in) and leads to the password page while the policy
// requires a new password; a signed-in user opening the login goes home; then the route's guards run
// in order (redirect elsewhere, or block with a message and stay); then the caller's reach decides
// whether the screen opens or "no access" shows. It runs before the page changes (ConsoleRouter.tsx).
import type { RouteDef } from '../../core/catalogue/types.ts';
import type { Guard } from '../guards/guard.ts';
import { guards } from '../registry.ts';
import type { CurrentUser } from '../../core/generated/api-types.ts';
import { call } from '../api/client.ts';
import { readCurrentUser, sessionFlags, storeCurrentUser } from '../session/current-user.ts';
import { mayOpenScreen } from '../session/reach.ts';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { loadModule } from './lazy-module.ts';
import { HOME_ROUTE, LOGIN_ROUTE, loginPath } from './login-return.ts';
import { currentPath } from './navigation.ts';
import { notifyWarning } from './notify.ts';
import { label } from './LabelText.tsx';

type GatedRoute = Pick<RouteDef, 'path' | 'auth' | 'guards'>;

async function loadGuard(name: string): Promise<Guard> {
  const loader = guards[name];
  if (!loader) throw new Error(`route guard "${name}" is not registered in the console`);
  return (await loadModule<{ default: Guard }>(loader)).default;
}

const PASSWORD_ROUTE = '/password';

/** While the stored user must change its password, ask the server again (the change may just have
 *  happened), so the gate lets the user go on as soon as it has; also when the stored user predates
 *  the calls it may make or the tiles its rules show it (a tab left open across an upgrade). */
async function passwordSettled(user: CurrentUser | null): Promise<CurrentUser | null> {
  if (!user || (!user.passwordChange && user.calls && user.tiles)) return user;
  const fresh = await call('auth.myprofile', { silent: true }).catch(() => user);
  storeCurrentUser(fresh);
  return fresh;
}

/** The stored user, else the session's own: a session the server opened without the login page (a
 *  suite's sign-in lands in a new web view, docs/adr/0071-messaging-sign-in.md) is a signed-in user too. */
async function storedOrSessionUser(): Promise<CurrentUser | null> {
  const stored = readCurrentUser();
  if (stored) return stored;
  const fresh = await call('auth.myprofile', { silent: true, probe: true }).catch(() => null);
  if (fresh) storeCurrentUser(fresh);
  return fresh;
}

/** What the gate hands the route's element: whether the caller may open the screen at all. */
export interface GateResult {
  noAccess: boolean;
}

/** Open the route (with what its element needs), or go elsewhere instead. */
export type GateDecision = GateResult | { redirect: string };

/** The location asked for, as the router has it. */
export interface AskedLocation {
  pathname: string;
  search: string;
}

export type Gate = (asked: AskedLocation) => Promise<GateDecision>;

export function routeGate(route: GatedRoute, screen?: ConsoleScreen): Gate {
  return async (asked) => {
    const user = route.auth ? await passwordSettled(await storedOrSessionUser()) : readCurrentUser();
    if (route.auth && !user) return { redirect: loginPath(asked.pathname + asked.search) };
    if (route.path === LOGIN_ROUTE && user) return { redirect: HOME_ROUTE }; // home's guards pick the landing
    if (route.auth && user?.passwordChange && route.path !== PASSWORD_ROUTE) {
      notifyWarning(label(`password.forced.${user.passwordChange}`));
      return { redirect: PASSWORD_ROUTE };
    }
    for (const name of route.guards ?? []) {
      const decision = (await loadGuard(name))({ user, session: sessionFlags(), to: route.path });
      if (!decision) continue;
      if ('redirect' in decision) return { redirect: decision.redirect };
      notifyWarning(label(decision.block));
      // Stay where the user was; coming from the login or on a first visit there is nowhere to stay:
      // the guard's fallback, or the login.
      const here = currentPath()?.split('?')[0];
      const stay = here && here !== route.path && here !== LOGIN_ROUTE;
      return { redirect: stay ? currentPath()! : (decision.fallback ?? LOGIN_ROUTE) };
    }
    // A signed-in caller who may not make the calls the screen reads gets one "no access" page
    // instead of the screen with its refusals (signed out, the screen's first call leads to the login).
    const noAccess = Boolean(user && screen && !mayOpenScreen(screen, new URLSearchParams(asked.search)));
    return { noAccess };
  };
}
