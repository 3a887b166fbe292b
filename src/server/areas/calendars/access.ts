// Who reaches a calendar (docs/security.md "Work calendars"): the calendars of an enterprise are read by
// whoever sees it and changed by whoever governs it (the platform, its tenant administrators). A
// calendar of an enterprise the caller does not see answers 1404 like a missing one.
import { governsDomain, seesDomain } from '../../auth/reach.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { governedTenant, visibleTenant } from '../users/queries.ts';

export type Access = 'read' | 'write';

/** 1404 unless the caller sees the enterprise; for a write, 1403 unless it governs it. Kept here, not
 *  in admission: the calendar calls whose path holds a calendar id take the tenant from the row, and
 *  read and write calls share this rule (auth/target-reach.ts checks only a declared tenant). */
export function domainAccess(db: Db, user: CurrentUser, domainId: string, access: Access): Promise<void> {
  return access === 'read'
    ? visibleTenant(db, user.reach, domainId)
    : governedTenant(db, user.reach, domainId, 'calendar.msg.governorsOnly');
}

/** The calendar, when the caller reaches it for `access`; 1404 for one it does not see (or none). */
export async function calendarAccess(db: Db, user: CurrentUser, calendarId: string, access: Access, domainId?: string) {
  const row = await db.selectFrom('work_calendars').selectAll().where('id', '=', calendarId).executeTakeFirst();
  if (!row || (domainId !== undefined && row.domain_id !== domainId) || !seesDomain(user.reach, row.domain_id))
    throw new AppError('notFound');
  if (access === 'write' && !governsDomain(user.reach, row.domain_id))
    throw new AppError('forbidden', undefined, 'calendar.msg.governorsOnly');
  return row;
}
