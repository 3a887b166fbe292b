// Whose extension fields a call is about: no domainid = the platform-level fields, which only a super
// administrator defines; a domainid = that enterprise's own fields, for its administrators.
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** null = platform level. */
export type Scope = string | null;

export async function scopeOf(db: Db, user: CurrentUser, domainid: string | undefined): Promise<Scope> {
  if (!domainid) {
    if (!user.superAdmin) throw new AppError('forbidden');
    return null;
  }
  if (user.superAdmin) {
    if (!(await db.selectFrom('domains').select('id').where('id', '=', domainid).executeTakeFirst())) throw new AppError('notFound');
    return domainid;
  }
  if (!user.domainAdmin) throw new AppError('forbidden');
  const linked = await db.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', user.id).where('domain_id', '=', domainid).executeTakeFirst();
  if (!linked) throw new AppError('notFound');
  return domainid;
}
