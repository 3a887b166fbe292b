// Flow monitoring and intervention (spec/domain-console.md, "Workflow state screen", "States and transitions", "Validation rules", "The calls it makes"): the enterprise's
// governors list its instances, open one, delete, and intervene. The engine (src/server/workflow) does
// every change; a preview is the same intervention rolled back.
import type { ProcessDefinition } from '../../../core/workflow/process-definition.ts';
import { governsDomain } from '../../auth/reach.ts';
import { writingInstances } from '../../workflow/instance-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { deleteInstance } from '../../workflow/actions.ts';
import { withApprovers } from '../../workflow/approver-names.ts';
import { dryRun } from '../../workflow/dry-run.ts';
import { intervene, interventionNodes, type InterventionInput } from '../../workflow/intervene.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { heldLoops, loopsAround } from '../../workflow/intervene-loops.ts';
import { heldScopes, variablesWhereLoopStands } from '../../workflow/intervene-levels.ts';
import { approversPerInstance } from '../../workflow/intervene-instances.ts';
import { freshLoops, runningInstances, type Choosable } from './running-instances.ts';
import { innerOffers, type InnerOffer } from './inner-instances.ts';
import { instanceDiagram } from './instance-diagram.ts';
import { nodeApprovers } from './node-approvers.ts';
import { instanceNow } from './instance-now.ts';
import { instanceNotices } from './instance-notices.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { selectApprovers } from './approver-choices.ts';
import { governed, governedInstance, language } from './governed.ts';
import { instanceRows, listed } from './instance-rows.ts';
import { pagedPeople, searchConditions } from './instance-search.ts';
import { searchKey } from './search-key.ts';
import { listTotal, withPage } from '../../db/list-total.ts';
import { flowPageKey, type FlowListPage } from './list-pages.ts';
import { flowPageStart } from './list-anchors.ts';
import { offOrder, offOrderPage, pageIds } from './page-ids.ts';
import { startDaysPage, startWindow } from './start-days.ts';
import { instanceHistory } from './instance-history.ts';
import { nodeNamer, packageNodeNames } from './node-names.ts';
import { platformHandlers } from './platform.ts';
import { batchApprovers, undoApproverBatch } from './batch.ts';
import { instanceJobs } from './instance-jobs.ts';
import { instanceLocals } from './instance-locals.ts';
import { jobHandlers } from './jobs.ts';
import { startTimers } from './start-timers.ts';

const list: CallHandler<'flows.list'> = async (ctx) => {
  const domainId = ctx.params.id;
  // A governor's enterprise is read only when the page is empty: instances on it prove it exists.
  const { reach } = requireUser(ctx);
  const governs = governsDomain(reach, domainId);
  if (!governs) await governed(ctx, domainId);
  const lang = await language(ctx);
  const {
    currpage,
    pagelines,
    exactTotal = false,
  } = ctx.query as {
    currpage: number;
    pagelines: number;
    exactTotal?: boolean;
  };
  const search = ctx.body ?? {};
  // Kept until instances or what a row shows change (docs/adr/0072-flow-list-pages-kept.md); the key holds the caller's whole reach.
  // A search by jobs is read afresh: jobs change (a worker's failure, a firing) without an instance announcing it.
  const fresh = Boolean(search._jobs);
  const read = async (): Promise<FlowListPage> => {
    const { db, flowTotals, totalPolicy } = ctx.services;
    const where = await searchConditions(ctx.services, domainId, search, lang);
    const matched = () =>
      where.reduce((query, condition) => query.where(condition), db.selectFrom('flow_instances as i'));
    // A deep page of the plain list starts from the kept anchor before it (list-anchors.ts).
    const offset = (currpage - 1) * pagelines;
    const start = await flowPageStart(db, ctx.services.flowAnchors, domainId, search, where, offset);
    // Exact, or estimated above the bound (docs/adr/0173-estimated-totals-above-a-bound.md).
    const count = () => listTotal(db, matched(), totalPolicy, exactTotal);
    const rowsOf = (ids: ReturnType<typeof pageIds> | ReturnType<typeof startDaysPage> | readonly string[]) =>
      instanceRows(db, lang).where('i.id', 'in', ids).orderBy('i.updated_at', 'desc').orderBy('i.id').execute();
    // A window of start dates is paged day by day (start-days.ts); a summary, or a window too wide for
    // that, reads its matches once, for the page and its exact total.
    const window = startWindow(search);
    const off = !window && offOrder(search) ? await offOrderPage(db, where, { lines: pagelines, offset }) : undefined;
    const ids = async () =>
      window
        ? startDaysPage(db, where, window, { lines: pagelines, offset })
        : pageIds(db, where, { lines: pagelines, offset, start }, await pagedPeople(ctx.services, domainId, search));
    const [page, counted] = off
      ? [off.ids.length > 0 ? await rowsOf(off.ids) : [], { total: off.total, estimated: false }]
      : await Promise.all([
          rowsOf(await ids()),
          fresh ? count() : flowTotals.total(`${searchKey(domainId, lang, search)}|${exactTotal}`, count),
        ]);
    const { total, estimated } = withPage(counted, { offset, lines: pagelines, rows: page.length });
    return { datas: await listed(ctx, page, lang), rowCount: total, ...(estimated ? { totalEstimated: true } : {}) };
  };
  const answer = fresh
    ? await read()
    : await ctx.services.flowPages.through(
        flowPageKey(domainId, lang, reach, search, currpage, pagelines, exactTotal),
        read,
      );
  if (answer.datas.length === 0) await governed(ctx, domainId);
  return answer as { datas: Awaited<ReturnType<typeof listed>>; rowCount: number; totalEstimated?: boolean };
};

/** All or nothing: every id an instance of the application in an enterprise the caller governs. */
const remove: CallHandler<'flows.delete'> = async (ctx) => {
  const ids = [...new Set(ctx.body)];
  const { db } = ctx.services;
  const rows = await db
    .selectFrom('flow_instances')
    .select(['id', 'domain_id', 'status'])
    .where('id', 'in', ids)
    .where('application_id', '=', ctx.params.id)
    .execute();
  const { reach } = requireUser(ctx);
  if (rows.length !== ids.length || rows.some((r) => !governsDomain(reach, r.domain_id)))
    throw new AppError('notFound', undefined, 'flow.msg.notInApplication');
  const adminId = requireUser(ctx).id;
  await writingInstances(db, async (trx) => {
    for (const row of rows)
      if (row.status !== 'deleted') await deleteInstance(trx, { instanceId: row.id, adminId, finishedToo: true });
  });
  return { deleted: rows.filter((r) => r.status !== 'deleted').length };
};

const get: CallHandler<'flows.get'> = async (ctx) => {
  const instance = await governedInstance(ctx, ctx.query.id);
  const { db } = ctx.services;
  const row = await instanceRows(db, await language(ctx))
    .where('i.id', '=', instance.id)
    .executeTakeFirstOrThrow();
  const { definition } = await versionById(db, instance.version_id);
  const names = await packageNodeNames(db, instance.application_id, instance.process_id, await language(ctx));
  const nodeName = nodeNamer(names, definition);
  const { active, current } = await instanceNow(db, instance.id, nodeName);
  return {
    instance: (await listed(ctx, [row], await language(ctx)))[0],
    current,
    history: await instanceHistory(db, instance.id, nodeName),
    diagram: { ...(await instanceDiagram(db, instance, active)), names },
    notices: await instanceNotices(db, instance.id),
    jobs: await instanceJobs(db, instance.id, definition, nodeName, await ctx.request.atrium.translator()),
    locals: await instanceLocals(db, instance.id, nodeName),
  };
};

const NODE_TYPES = { manual: 'ManualNode', auto: 'AutoNode', complete: 'CompleteNode', catch: 'CatchNode' } as const;

/** A multi-instance approval says how the approvers chosen for it run: each an instance, at once or in turn
 *  (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md). */
const countersignOf = (definition: ProcessDefinition, nodeId: string) => {
  const node = definition.nodes[nodeId];
  return node?.kind === 'manual' && node.multi
    ? { countersign: node.multi.sequential ? ('sequential' as const) : ('parallel' as const) }
    : {};
};

const otherNodes: CallHandler<'flows.otherNodes'> = async (ctx) => {
  const instance = await governedInstance(ctx, ctx.query.id);
  const { definition } = await versionById(ctx.services.db, instance.version_id);
  const names = await packageNodeNames(
    ctx.services.db,
    instance.application_id,
    instance.process_id,
    await language(ctx),
  );
  // A node inside sub-processes is named with its levels, as the detail names the current nodes.
  const named = nodeNamer(names, definition);
  const nodes = interventionNodes(definition);
  // The running instances of each multi-instance sub-process the instance is inside, to choose from
  // (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md).
  const held = await heldLoops(
    ctx.services.db,
    definition,
    instance.id,
    nodes.map((n) => ({ nodeId: n.id })),
  );
  // Those one entered anew would start, its collection evaluated where it stands
  // (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md).
  const kept = await heldScopes(ctx.services.db, definition, instance.id, held);
  const variables = instance.form_data ?? {};
  const fresh = freshLoops(definition, nodes, held, (scope) =>
    variablesWhereLoopStands(definition, scope, variables, kept),
  );
  const offered = new Map<string, Choosable>([...held, ...fresh]);
  // Two levels deep, the inner instances per outer instance offered
  // (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
  const inner = new Map<string, InnerOffer[]>();
  for (const scope of new Set(nodes.map((n) => loopsAround(definition, n.id)).filter((l) => l.length === 2))) {
    const outers = offered.get(scope[0])?.running ?? [];
    const offers = innerOffers(definition, scope[1], outers, variables, { loops: held, scopes: kept });
    inner.set(scope[1], offers);
    for (const offer of offers) offered.set(offer.key, offer.choosable);
  }
  const running = await runningInstances(ctx.services.db, instance.domain_id, offered);
  return nodes.map((node) => {
    const [scope = '', innerScope] = loopsAround(definition, node.id);
    const instances = running.get(scope);
    const perOuter = innerScope ? (inner.get(innerScope) ?? []) : [];
    return {
      id: node.id,
      statelabel: named(node.id),
      type: NODE_TYPES[node.kind as keyof typeof NODE_TYPES],
      ...(approversPerInstance(definition, node.id) ? { perInstance: true } : {}),
      ...countersignOf(definition, node.id),
      ...(instances ? { instances } : {}),
      ...(fresh.has(scope) ? { anew: true } : {}),
      ...(fresh.has(scope) && definition.nodes[scope].multi!.sequential ? { sequential: true } : {}),
      ...(perOuter.length > 0
        ? {
            inner: perOuter.map((offer) => ({
              outer: offer.outer,
              instances: running.get(offer.key) ?? [],
              ...(offer.anew ? { anew: true } : {}),
              ...(offer.anew && definition.nodes[innerScope].multi!.sequential ? { sequential: true } : {}),
            })),
          }
        : {}),
    };
  });
};

/** The body as the engine takes it; nextnodeids, when sent, must name the same nodes in the same order. */
function interventionOf(ctx: Parameters<CallHandler<'flows.intervene'>>[0], adminId: string): InterventionInput {
  const targets = ctx.body.submitTo.map((entry) => ({
    nodeId: entry.nodeid,
    userIds: (entry.userids ?? '')
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean),
    ...(entry.userindexes ? { indexes: entry.userindexes } : {}),
    ...(entry.instances ? { instances: [...new Set(entry.instances)] } : {}),
    ...(entry.inner
      ? { inner: entry.inner.map((choice) => ({ outer: choice.outer, instances: [...new Set(choice.instances)] })) }
      : {}),
  }));
  const named = ctx.query.nextnodeids;
  if (
    named !== undefined &&
    named !== '' &&
    named
      .split(',')
      .map((id) => id.trim())
      .join(',') !== targets.map((t) => t.nodeId).join(',')
  ) {
    throw new AppError('validation', undefined, 'flow.msg.nodeIdsDiffer', '/submitTo');
  }
  return { instanceId: ctx.query.id, adminId, targets, comment: ctx.body.comment };
}

async function intervention(ctx: Parameters<CallHandler<'flows.intervene'>>[0], preview: boolean) {
  const instance = await governedInstance(ctx, ctx.query.id);
  const { db } = ctx.services;
  const input = interventionOf(ctx, requireUser(ctx).id);
  const result = preview ? await dryRun(db, (trx) => intervene(trx, input)) : await intervene(db, input);
  const names = await packageNodeNames(db, instance.application_id, instance.process_id, await language(ctx));
  // Named with their levels, as the choice of nodes and the detail name them.
  const named = nodeNamer(names, (await versionById(db, instance.version_id)).definition);
  const inLanguage = <T extends { nodeId: string; nodeName: string }>(nodes: T[]) =>
    nodes.map((n) => ({ ...n, nodeName: named(n.nodeId) }));
  return {
    status: result.status,
    cancelled: await withApprovers(db, inLanguage(result.cancelled)),
    tasks: await withApprovers(db, inLanguage(result.tasks), result.people),
    endedBranches: result.endedBranches,
    waitingAtJoins: result.waitingAtJoins,
  };
}

export const flowHandlers: Record<string, Handler> = {
  'flows.list': list,
  'flows.delete': remove,
  'flows.get': get,
  'flows.otherNodes': otherNodes,
  'flows.nodeApprovers': nodeApprovers,
  'flows.previewIntervention': ((ctx) => intervention(ctx, true)) as CallHandler<'flows.previewIntervention'>,
  'flows.intervene': ((ctx) => intervention(ctx, false)) as CallHandler<'flows.intervene'>,
  'flows.batchApprovers': batchApprovers,
  'flows.undoBatch': undoApproverBatch,
  'flows.selectApprovers': selectApprovers,
  ...platformHandlers,
  ...jobHandlers,
  'flows.startTimers': startTimers,
};
