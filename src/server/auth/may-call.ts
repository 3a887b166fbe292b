// Whether a signed-in caller may make a call, from who it is alone (no target, no token): the
// password the policy wants changed, then the call's `officers` in security mode or its `allow` rule
// outside it — all read from the call's catalogue entry. admit() refuses by it; the console receives the same answer for every
// call (`calls` of the current user) and shows a tile, route, tab or action only when it holds.
import type { Catalogue, CallDef } from '../../core/catalogue/types.ts';
import { evaluateRule } from '../../core/rules.ts';
import type { CurrentUser } from './current-user.ts';
import { officersAllow } from './officers.ts';

export type Refusal = 'passwordChangeRequired' | 'separation' | 'forbidden';

/** Null when the caller may make the call; else why not. */
export function refusalOf(
  call: Pick<CallDef, 'allow' | 'officers' | 'duringPasswordChange'>,
  user: CurrentUser,
): Refusal | null {
  if (call.allow === 'public') return null;
  if (user.passwordChange && !call.duringPasswordChange) return 'passwordChangeRequired';
  if (user.isOpenSecurity) return officersAllow(call, user) ? null : 'separation';
  if (call.allow === 'login') return null;
  return evaluateRule(call.allow, { user: { ...user } }) ? null : 'forbidden';
}

/** The ids of every catalogue call this caller may make, sorted. */
export function callsAllowed(catalogue: Pick<Catalogue, 'calls'>, user: CurrentUser): string[] {
  return Object.values(catalogue.calls)
    .filter((call) => refusalOf(call, user) === null)
    .map((call) => call.id)
    .sort();
}
