// Where a signed-in user starts: the home tiles, or the enterprise list for those the home guards
// send there (tenant-scoped users, department-level users).
import { isDepartmentLevel, isOnlyDomainUser, readCurrentUser } from '../session/current-user.ts';

export function landingPath(): string {
  const user = readCurrentUser();
  if (!user) return '/login';
  return isOnlyDomainUser() || isDepartmentLevel(user) ? '/main' : '/home';
}
