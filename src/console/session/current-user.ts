// The only browser-persisted state (spec): the current user and the onlyDomainUser flag, in
// sessionStorage, so closing the tab ends the console session.
import type { CurrentUser } from '../../core/generated/api-types.ts';

const USER_KEY = 'currentUser';
const ONLY_DOMAIN_KEY = 'onlyDomainUser';

export function readCurrentUser(): CurrentUser | null {
  try {
    const raw = sessionStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    return null;
  }
}

/** Tenant-scoped users only ever see their own domain, so they get the onlyDomainUser flag. */
export function storeCurrentUser(user: CurrentUser): void {
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
  if (user.tenantScoped) sessionStorage.setItem(ONLY_DOMAIN_KEY, 'true');
  else sessionStorage.removeItem(ONLY_DOMAIN_KEY);
}

export function clearCurrentUser(): void {
  sessionStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(ONLY_DOMAIN_KEY);
}

export function isOnlyDomainUser(): boolean {
  return sessionStorage.getItem(ONLY_DOMAIN_KEY) === 'true';
}

/** The `session` part of a rule context. */
export function sessionFlags(): { onlyDomainUser: boolean } {
  return { onlyDomainUser: isOnlyDomainUser() };
}

/** The spec's department-level user: security separation on, with departments and a domain. It has no
 *  home; it starts on the enterprise list. */
export function isDepartmentLevel(user: CurrentUser | null): boolean {
  return Boolean(user?.isOpenSecurity) && (user?.departments?.length ?? 0) > 0 && (user?.domains?.length ?? 0) > 0;
}
