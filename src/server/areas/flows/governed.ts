// Who may administer workflows (docs/adr/0048-flow-monitoring-intervention.md, docs/adr/0049-platform-flows-approver-selection.md): the governors of an instance's enterprise. Shared by the
// monitoring, intervention, approver-selection and platform calls.
import type { Language } from '../../../core/catalogue/types.ts';
import { governsDomain, seesDomain } from '../../auth/reach.ts';
import { AppError } from '../../http/app-error.ts';
import { visibleTenant } from '../users/queries.ts';
import { requireUser, type HandlerContext } from '../handler.ts';

export type Ctx = Pick<HandlerContext, 'user' | 'services' | 'request'>;

/** 1404 unless the caller sees the enterprise; 1403 unless it governs it. Kept: its callers take the
 *  tenant from an instance or a batch row, or decide only after a listing, not from a declared target. */
export async function governed(ctx: Ctx, domainId: string): Promise<void> {
  const { reach } = requireUser(ctx);
  await visibleTenant(ctx.services.db, reach, domainId);
  if (!governsDomain(reach, domainId)) throw new AppError('forbidden', undefined, 'flow.msg.governorsOnly');
}

/** The instance, when the caller governs its enterprise (1404 when it cannot see it, like a missing one). */
export async function governedInstance(ctx: Ctx, id: string) {
  const row = await ctx.services.db
    .selectFrom('flow_instances')
    .select(['id', 'domain_id', 'application_id', 'process_id', 'initiator_id', 'status', 'form_data', 'version_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !seesDomain(requireUser(ctx).reach, row.domain_id))
    throw new AppError('notFound', undefined, 'workflow.msg.noInstance');
  await governed(ctx, row.domain_id);
  return row;
}

export const language = async (ctx: Ctx) => (await ctx.request.atrium.language()) as Language;
