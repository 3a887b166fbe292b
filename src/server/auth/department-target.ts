// The department half of admission's reach (docs/adr/0135-department-target-and-generated-matrix.md): a call
// whose `target` names a department (`department: params.depid`, a query or a body field) is refused
// before its body is validated or its handler runs when that department lies outside the caller's
// reach: 1404, as for one that does not exist, so ids cannot be probed. Outside the reach is another
// tenant's department (a tenant administrator of another enterprise), one outside a department
// administrator's subtree, or one of another tenant than the call's declared `domain` target. A
// platform caller reaches every department: whether it exists stays the handler's, as for tenants.
import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { selfAndAncestors } from '../areas/organisation/department-reach.ts';
import { governsDomain, type Reach } from './reach.ts';
import { requestField } from './target-reach.ts';

/** Where a department sits: its tenant and the ids from it up to its top department. */
export interface DepartmentPlace {
  domainId: string;
  /** The department itself first, then its superiors. */
  upward: string[];
}

export type DepartmentLookup = (id: string) => Promise<DepartmentPlace | undefined>;

/** The longest id a department has (the calls' schemas say 200); a longer text or one PostgreSQL
 *  cannot hold names no department. */
const MAX_ID = 200;

/** Reads the department's place from the database: one row and the walk up its superiors. */
export function departmentsOf(db: Db): DepartmentLookup {
  return async (id) => {
    if (id.length > MAX_ID || id.includes('\u0000')) return undefined;
    const row = await db.selectFrom('departments').select('domain_id').where('id', '=', id).executeTakeFirst();
    return row && { domainId: row.domain_id, upward: await selfAndAncestors(db, id) };
  };
}

/** May the caller reach this department: the platform and its tenant's governors anywhere in the
 *  tenant, a department-level caller at its own departments and everything below them. */
export function reachesDepartment(reach: Reach, place: DepartmentPlace): boolean {
  if (governsDomain(reach, place.domainId)) return true;
  if (reach.kind !== 'departments' || reach.domain !== place.domainId) return false;
  return place.upward.some((id) => reach.departments.includes(id));
}

export async function checkDepartmentTarget(
  call: Pick<CallDef, 'target'>,
  request: Pick<FastifyRequest, 'params' | 'query'> & { body?: unknown },
  reach: Reach,
  lookup: DepartmentLookup,
): Promise<void> {
  const field = call.target?.department;
  const id = field && requestField(request, field);
  if (!id || reach.kind === 'platform') return;
  const place = await lookup(id);
  const domainId = call.target?.domain && requestField(request, call.target.domain);
  // A body field's refusal names the field, so a form shows it under the department it chose.
  const pointer = field.startsWith('body.') ? `/${field.slice('body.'.length)}` : undefined;
  if (!place || (domainId && place.domainId !== domainId) || !reachesDepartment(reach, place))
    throw new AppError('notFound', undefined, undefined, pointer);
}
