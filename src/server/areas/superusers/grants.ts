// What a caller may grant (docs/security.md): only a super administrator grants super administrator;
// anyone else only enterprises, departments and applications inside their own enterprises (and, when
// editing themselves, keeps the applications they hold). So whatever a caller saves stays within their
// reach. Unknown ids read as out of reach, so ids cannot be probed.
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import type { Wanted } from './superuser-record.ts';

const outOfReach = () => new AppError('forbidden', undefined, 'error.scopeOutOfReach');

async function ownDomains(trx: Db, callerId: string): Promise<Set<string>> {
  const rows = await trx.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', callerId).execute();
  return new Set(rows.map((r) => r.domain_id));
}

async function ownApplications(trx: Db, callerId: string): Promise<Set<string>> {
  const rows = await trx.selectFrom('superuser_applications').select('application_id').where('superuser_id', '=', callerId).execute();
  return new Set(rows.map((r) => r.application_id));
}

/** Throws 1403 for a grant beyond the caller's reach, 1001 for departments outside the chosen enterprises. */
export async function checkGrants(trx: Db, caller: CurrentUser, wanted: Wanted, targetId?: string): Promise<void> {
  if (wanted.super_admin && !caller.superAdmin) throw new AppError('forbidden', undefined, 'error.grantSuperAdmin');
  const own = caller.superAdmin ? null : await ownDomains(trx, caller.id);
  const inReach = (domainId: string | null) => own === null || (domainId !== null && own.has(domainId));

  if (wanted.domains.length > 0) {
    const found = await trx.selectFrom('domains').select('id').where('id', 'in', wanted.domains).execute();
    if (found.length !== wanted.domains.length || !found.every((d) => inReach(d.id))) throw outOfReach();
  }
  if (wanted.applications.length > 0) {
    const found = await trx.selectFrom('applications').select(['id', 'domain_id']).where('id', 'in', wanted.applications).execute();
    const held = own !== null && targetId === caller.id ? await ownApplications(trx, caller.id) : new Set<string>();
    if (found.length !== wanted.applications.length || !found.every((a) => inReach(a.domain_id) || held.has(a.id))) throw outOfReach();
  }
  if (wanted.departments.length > 0) {
    const found = await trx.selectFrom('departments').select(['id', 'domain_id']).where('id', 'in', wanted.departments).execute();
    if (found.length !== wanted.departments.length || !found.every((d) => inReach(d.domain_id))) throw outOfReach();
    if (!found.every((d) => wanted.domains.includes(d.domain_id))) {
      throw new ValidationFailure([], [{ field: '/departments', message: 'msg.departmentNotInDomain' }]);
    }
  }
}
