// The batch change of current approvers and its undo (docs/adr/0048-flow-monitoring-intervention.md): the selected instances, all of one
// enterprise the caller governs; the new approvers on-job users of it. A dry run is the same batch
// rolled back; a long selection arrives in parts that name the batch begun by the first.
import { randomUUID } from 'node:crypto';
import { governsDomain } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { writingInstances } from '../../workflow/instance-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { dryRun } from '../../workflow/dry-run.ts';
import { reassign, undoBatch, type ApproverChange } from '../../workflow/reassign.ts';
import { requireUser, type CallHandler } from '../handler.ts';

type Body = Parameters<CallHandler<'flows.batchApprovers'>>[0]['body'];

function changeOf(body: Body): ApproverChange {
  if (body.mode === 'set') {
    const userIds = [
      ...new Set(
        (body.userids ?? '')
          .split(';')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (userIds.length === 0) throw new AppError('validation', undefined, 'flow.msg.handlerEmpty', '/userids');
    return { kind: 'set', userIds };
  }
  if (!body.from || !body.to || body.from === body.to)
    throw new AppError('validation', undefined, 'flow.msg.replaceWho', '/to');
  return { kind: 'replace', from: body.from, to: body.to };
}

async function checkApprovers(db: Db, domainId: string, change: ApproverChange): Promise<void> {
  const ids = change.kind === 'set' ? change.userIds : [change.to];
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('domain_id', '=', domainId)
    .where('status', '=', 1)
    .execute();
  if (found.length !== ids.length) throw new AppError('validation', undefined, 'flow.msg.badApprovers', '/userids');
}

export const batchApprovers: CallHandler<'flows.batchApprovers'> = async (ctx) => {
  const { db } = ctx.services;
  const user = requireUser(ctx);
  const ids = [...new Set(ctx.body.ids)];
  const rows = await db
    .selectFrom('flow_instances')
    .select(['id', 'domain_id', 'status'])
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length || rows.some((r) => !governsDomain(user.reach, r.domain_id)))
    throw new AppError('notFound', undefined, 'flow.msg.notGoverned');
  const domainId = rows[0].domain_id;
  if (rows.some((r) => r.domain_id !== domainId))
    throw new AppError('validation', undefined, 'flow.msg.oneEnterprise', '/ids');
  const change = changeOf(ctx.body);
  await checkApprovers(db, domainId, change);
  if (ctx.body.batchId) {
    const begun = await db
      .selectFrom('flow_batches')
      .select(['domain_id', 'undone_at'])
      .where('id', '=', ctx.body.batchId)
      .executeTakeFirst();
    if (!begun || begun.domain_id !== domainId || begun.undone_at)
      throw new AppError('notFound', undefined, 'flow.msg.noBatch');
  }
  const finished = await ctx.request.atrium.translate('workflow.msg.finished');
  const run = async (trx: Db) => {
    const batchId = ctx.body.batchId ?? randomUUID();
    if (!ctx.body.batchId)
      await trx
        .insertInto('flow_batches')
        .values({ id: batchId, domain_id: domainId, admin_id: user.id, comment: ctx.body.comment, undone_at: null })
        .execute();
    const result = {
      batchId,
      instances: 0,
      cancelled: 0,
      created: 0,
      skipped: [] as Array<{ id: string; reason: string }>,
    };
    for (const row of rows) {
      if (row.status !== 'running') {
        result.skipped.push({ id: row.id, reason: finished });
        continue;
      }
      const count = await reassign(trx, {
        instanceId: row.id,
        adminId: user.id,
        batchId,
        change,
        comment: ctx.body.comment,
      });
      if (count.cancelled > 0) result.instances += 1;
      result.cancelled += count.cancelled;
      result.created += count.created;
    }
    return result;
  };
  if (ctx.body.dryRun) return { ...(await dryRun(db, run)), batchId: null };
  return writingInstances(db, run);
};

export const undoApproverBatch: CallHandler<'flows.undoBatch'> = async (ctx) => {
  const { db } = ctx.services;
  const user = requireUser(ctx);
  const batch = await db
    .selectFrom('flow_batches')
    .select('domain_id')
    .where('id', '=', ctx.params.id)
    .executeTakeFirst();
  if (!batch || !governsDomain(user.reach, batch.domain_id))
    throw new AppError('notFound', undefined, 'flow.msg.noBatch');
  const comment = await ctx.request.atrium.translate('flow.msg.batchUndoComment');
  return undoBatch(db, { batchId: ctx.params.id, adminId: user.id, comment });
};
