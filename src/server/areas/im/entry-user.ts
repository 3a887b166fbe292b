// Who a suite sign-in signs in (docs/adr/0071-messaging-sign-in.md, docs/adr/0082-suite-endpoints-and-sign-in.md): the enterprise's
// person the suite's user id is linked to by a sync with that suite (sync_user_links: the binding
// itself vouches, never a login number an administrator could give a person it creates), on the job
// and not locked; then that person's console account (the privileged user of the same login number,
// as the sign-in reads it), enabled, not locked, whose reach is this one enterprise, and no
// administrator or officer unless the deployment allows it (ATRIUM_SUITE_SIGNIN_PRIVILEGED): an
// enterprise's governors control its suite, so it must not vouch for accounts they may not manage.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { selectCurrentUser, toCurrentUser, type CurrentUser } from '../../auth/current-user.ts';
import { onlyInactiveEnterprises } from '../../auth/inactive-enterprise.ts';
import { lockedMinutesLeft } from '../../auth/login-lock.ts';
import { EntryRefusal } from './entry-page.ts';

function linkedPerson(db: Db, domainId: string, service: string, serviceUserId: string) {
  return db
    .selectFrom('sync_user_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.loginno', 'u.status', 'u.login_locked'])
    .where('l.domain_id', '=', domainId)
    .where('l.kind', '=', service)
    .where('l.external_id', '=', serviceUserId)
    .where('u.domain_id', '=', domainId)
    .executeTakeFirst();
}

const onlyThisEnterprise = (user: CurrentUser, domainId: string) =>
  (user.reach.kind === 'tenants' && user.reach.domains.length === 1 && user.reach.domains[0] === domainId) ||
  (user.reach.kind === 'departments' && user.reach.domain === domainId);

/** A super, tenant or department administrator or an officer of security mode: anyone but a developer. */
export const isPrivileged = (user: Pick<CurrentUser, 'superAdmin' | 'domainAdmin' | 'type'>): boolean =>
  user.superAdmin || user.domainAdmin || user.type !== 'develop';

export interface SignInRule {
  /** The deployment lets a suite sign in administrators and officers too. */
  privileged: boolean;
}

/** The console account to sign in, or an EntryRefusal saying why not. */
export async function accountToSignIn(
  db: Db,
  domainId: string,
  service: string,
  serviceUserId: string,
  rule: SignInRule,
): Promise<CurrentUser> {
  const person = await linkedPerson(db, domainId, service, serviceUserId);
  if (!person) throw new EntryRefusal('notLinked', 403);
  if (person.status !== 1 || person.login_locked) throw new EntryRefusal('resigned', 403);
  const row = await selectCurrentUser(db)
    .where(sql<string>`lower(u.loginno)`, '=', person.loginno.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new EntryRefusal('noAccount', 403);
  const user = toCurrentUser(row);
  if (!onlyThisEnterprise(user, domainId)) throw new EntryRefusal('otherEnterprise', 403);
  if (!rule.privileged && isPrivileged(user)) throw new EntryRefusal('privileged', 403);
  if (row.status !== 1 || (await lockedMinutesLeft(db, row.id)) > 0 || (await onlyInactiveEnterprises(db, user.reach)))
    throw new EntryRefusal('disabled', 403);
  return user;
}
