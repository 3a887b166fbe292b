// Whose extension fields a call is about: no domainid = the platform-level fields, which only a super
// administrator defines; a domainid = that enterprise's own fields, for its administrators.
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { governsDomain, seesDomain } from '../../auth/reach.ts';
import { tenantExists } from '../domains/known-tenants.ts';

/** null = platform level. */
export type Scope = string | null;

export async function scopeOf(db: Db, user: CurrentUser, domainid: string | undefined): Promise<Scope> {
  if (!domainid) {
    if (!user.superAdmin) throw new AppError('forbidden');
    return null;
  }
  // Kept: several of these calls carry the tenant in their body, which admission never reads, and the
  // rule wants an administrator besides a governor.
  if (!(await tenantExists(db, domainid)) || !seesDomain(user.reach, domainid)) throw new AppError('notFound');
  // A tenant's own fields are defined by those who govern it (not a department administrator) and
  // are administrators at all (not a developer).
  if (!governsDomain(user.reach, domainid) || !(user.superAdmin || user.domainAdmin)) throw new AppError('forbidden');
  return domainid;
}
