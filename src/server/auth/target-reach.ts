// The reach half of admission, read from the call's catalogue entry: a call whose `target` names the
// tenant it acts on (`params.id`, `query.domainid`) is refused here, before its body is validated or
// its handler runs, when the caller does not see that tenant (1404, as for a tenant that does not exist),
// and, for a call marked `governs`, when it sees the tenant without governing it (1403, with the call's
// message). A tenant administrator therefore never reaches another tenant's call, whatever its handler
// does. Whether the tenant exists, and what a row needs besides, stays in the handler; a declared
// department is checked by department-target.ts.
import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../core/catalogue/types.ts';
import { AppError } from '../http/app-error.ts';
import { governsDomain, seesDomain, type Reach } from './reach.ts';

/** The raw value of a `params.<name>` / `query.<name>` / `body.<name>` field of the request; undefined
 *  when absent or not a text (a call whose target is optional, e.g. a platform-wide list, leaves it to
 *  its handler; a body whose field is no text is refused by validation, which follows). */
export function requestField(
  request: Pick<FastifyRequest, 'params' | 'query'> & { body?: unknown },
  field: string,
): string | undefined {
  const [part, name] = field.split('.');
  const source = (part === 'params' ? request.params : part === 'query' ? request.query : request.body) as
    Record<string, unknown> | undefined;
  const value = source !== null && typeof source === 'object' && !Array.isArray(source) ? source[name] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function checkTargetReach(
  call: Pick<CallDef, 'target' | 'governs'>,
  request: Pick<FastifyRequest, 'params' | 'query'>,
  reach: Reach,
): void {
  const field = call.target?.domain;
  const domainId = field && requestField(request, field);
  if (!domainId) return;
  if (!seesDomain(reach, domainId)) throw new AppError('notFound');
  if (call.governs && !governsDomain(reach, domainId))
    throw new AppError('forbidden', undefined, call.governs === true ? undefined : call.governs);
}
