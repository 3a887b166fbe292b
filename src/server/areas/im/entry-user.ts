// Who a suite sign-in signs in (D71): the enterprise's person the suite's user id names (the link a
// sync made, D60/D61, else the login number), on the job and not locked; then that person's console
// account (the privileged user of the same login number, as the sign-in reads it), enabled, not locked,
// whose reach is this one enterprise (all of it or departments of it). A suite vouches for the people of
// its own enterprise only: an account reaching the platform or another enterprise is refused.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { selectCurrentUser, toCurrentUser, type CurrentUser } from '../../auth/current-user.ts';
import { onlyInactiveEnterprises } from '../../auth/inactive-enterprise.ts';
import { lockedMinutesLeft } from '../../auth/login-lock.ts';
import { EntryRefusal } from './entry-page.ts';

async function personOf(db: Db, domainId: string, service: string, serviceUserId: string) {
  const columns = ['u.id', 'u.loginno', 'u.status', 'u.login_locked'] as const;
  const linked = await db
    .selectFrom('sync_user_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(columns)
    .where('l.domain_id', '=', domainId)
    .where('l.kind', '=', service)
    .where('l.external_id', '=', serviceUserId)
    .where('u.domain_id', '=', domainId)
    .executeTakeFirst();
  if (linked) return linked;
  return db
    .selectFrom('users as u')
    .select(columns)
    .where('u.domain_id', '=', domainId)
    .where(sql<string>`lower(u.loginno)`, '=', serviceUserId.toLowerCase())
    .executeTakeFirst();
}

const onlyThisEnterprise = (user: CurrentUser, domainId: string) =>
  (user.reach.kind === 'tenants' && user.reach.domains.length === 1 && user.reach.domains[0] === domainId) || (user.reach.kind === 'departments' && user.reach.domain === domainId);

/** The console account to sign in, or an EntryRefusal saying why not. */
export async function accountToSignIn(db: Db, domainId: string, service: string, serviceUserId: string): Promise<CurrentUser> {
  const person = await personOf(db, domainId, service, serviceUserId);
  if (!person) throw new EntryRefusal('userNotFound', 403);
  if (person.status !== 1 || person.login_locked) throw new EntryRefusal('resigned', 403);
  const row = await selectCurrentUser(db)
    .where(sql<string>`lower(u.loginno)`, '=', person.loginno.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new EntryRefusal('noAccount', 403);
  const user = toCurrentUser(row);
  if (!onlyThisEnterprise(user, domainId)) throw new EntryRefusal('otherEnterprise', 403);
  if (row.status !== 1 || (await lockedMinutesLeft(db, row.id)) > 0 || (await onlyInactiveEnterprises(db, user.reach))) throw new EntryRefusal('disabled', 403);
  return user;
}
