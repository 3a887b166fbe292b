// An intervention's default approvers for a node (flows.nodeApprovers): the node's rules as the engine
// would evaluate them on entering it, over the variables where it stands. A node inside a multi-instance
// sub-process stands in one of its running instances (its element, its locals, the mapped scopes around
// it), chosen by `instance` or the first running one
// (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md).
import type { ProcessDefinition, ProcessNode } from '../../../core/workflow/process-definition.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { withApprovers } from '../../workflow/approver-names.ts';
import { interventionTarget } from '../../workflow/intervene.ts';
import { heldLoops } from '../../workflow/intervene-loops.ts';
import { loopOf } from '../../workflow/loop-of.ts';
import { instanceVariables } from '../../workflow/loop-scopes.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { shownApprovers, shownNode } from '../../workflow/shown-approvers.ts';
import type { LoopAt } from '../../workflow/walk-state.ts';
import type { CallHandler } from '../handler.ts';
import { governedInstance } from './governed.ts';

/** The instance of the multi-instance sub-process `node` is drawn in that the defaults are for: `wanted`
 *  when running (refused otherwise, as an intervention naming it is), else the first running one; none
 *  outside every one or when none runs. */
async function standingAt(
  db: Db,
  definition: ProcessDefinition,
  instanceId: string,
  node: ProcessNode,
  wanted: number | undefined,
): Promise<LoopAt | undefined> {
  const scope = loopOf(definition, node.id);
  if (!scope) {
    if (wanted === undefined) return undefined;
    throw new AppError('validation', { node: node.name }, 'flow.msg.instancesNotRunning', '/instance');
  }
  const running = (await heldLoops(db, definition, instanceId, [{ nodeId: node.id }])).get(scope)?.running ?? [];
  if (wanted === undefined) return running.length > 0 ? { index: running[0] } : undefined;
  if (!running.includes(wanted))
    throw new AppError(
      'validation',
      {
        node: node.name,
        name: definition.nodes[scope].name,
        number: wanted + 1,
        running: running.map((i) => i + 1).join(', '),
      },
      'flow.msg.badInstance',
      '/instance',
    );
  return { index: wanted };
}

export const nodeApprovers: CallHandler<'flows.nodeApprovers'> = async (ctx) => {
  const instance = await governedInstance(ctx, ctx.query.id);
  const { db } = ctx.services;
  const { definition } = await versionById(db, instance.version_id);
  const node = definition.nodes[ctx.query.nodeid];
  if (!interventionTarget(node))
    throw new AppError('validation', { node: ctx.query.nodeid }, 'flow.msg.badNode', '/nodeid');
  if (node.kind !== 'manual') return [];
  const at = await standingAt(db, definition, instance.id, node, ctx.query.instance);
  const form = await instanceVariables(db, definition, instance.id, node.id, at, instance.form_data ?? {});
  const shown = await shownApprovers(db, node, {
    domainId: instance.domain_id,
    applicationId: instance.application_id,
    processId: definition.id,
    initiatorId: instance.initiator_id,
    form,
  });
  const [named] = await withApprovers(db, [shownNode(node, shown)]);
  return named.approvers.map((u) => ({
    id: u.id,
    username: u.name,
    loginno: u.loginno,
    ...(u.index !== undefined ? { index: u.index } : {}),
  }));
};
