// The signed-in caller as the console keeps it (session/current-user.ts), so what it may do is decided by
// the real session/reach.ts: the calls the server would list for it (the setup clears it after each test).
import type { CurrentUser } from '../../../src/core/generated/api-types.ts';
import { storeCurrentUser } from '../../../src/console/session/current-user.ts';
import { catalogue } from './catalogue.ts';

/** Every call of the catalogue: a caller who may make any. */
export const ALL_CALLS: readonly string[] = Object.keys(catalogue.calls);

export function signInWith(calls: readonly string[]): void {
  storeCurrentUser({ id: 'u', name: 'Admin', loginno: 'admin', calls: [...calls] } as unknown as CurrentUser);
}
