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
import { heldLoops, loopKey, loopsAround } from '../../workflow/intervene-loops.ts';
import { instanceVariables } from '../../workflow/loop-scopes.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { shownApprovers, shownNode } from '../../workflow/shown-approvers.ts';
import type { LoopAt } from '../../workflow/walk-state.ts';
import type { CallHandler } from '../handler.ts';
import { governedInstance } from './governed.ts';

/** The instance of the multi-instance sub-process `node` is drawn in that the defaults are for: `wanted`
 *  when running (refused otherwise, as an intervention naming it is), else the first running one; none
 *  outside every one or when none runs. Two levels deep, an inner instance in the outer instance
 *  `outer` (docs/adr/0254-interventions-keep-mapped-sub-processes-between-levels.md). */
async function standingAt(
  db: Db,
  definition: ProcessDefinition,
  instanceId: string,
  node: ProcessNode,
  wanted: { instance?: number; outer?: number },
): Promise<LoopAt | undefined> {
  const [scope, innerScope] = loopsAround(definition, node.id);
  if (wanted.outer !== undefined && !innerScope)
    throw new AppError('validation', { node: node.name }, 'flow.msg.innerNotNested', '/outer');
  if (!scope) {
    if (wanted.instance === undefined) return undefined;
    throw new AppError('validation', { node: node.name }, 'flow.msg.instancesNotRunning', '/instance');
  }
  const held = await heldLoops(db, definition, instanceId, [{ nodeId: node.id }]);
  const outerRunning = held.get(loopKey(scope))?.running ?? [];
  if (!innerScope) {
    const index = runningOne(outerRunning, wanted.instance, (number, running) => ({
      message: 'flow.msg.badInstance',
      params: { node: node.name, name: definition.nodes[scope].name, number, running },
      path: '/instance',
    }));
    return index === undefined ? undefined : { index };
  }
  // Two levels deep: an outer instance running (the first with inner instances running when not named),
  // and in it an inner instance running (its first when not named).
  const innerRunning = (o: number) => held.get(loopKey(innerScope, o))?.running ?? [];
  const outer =
    wanted.outer === undefined
      ? outerRunning.find((o) => innerRunning(o).length > 0)
      : runningOne(outerRunning, wanted.outer, (number, running) => ({
          message: 'flow.msg.badInstance',
          params: { node: node.name, name: definition.nodes[scope].name, number, running },
          path: '/outer',
        }));
  if (outer === undefined) return undefined;
  const inner = runningOne(innerRunning(outer), wanted.instance, (number, running) => ({
    message: 'flow.msg.badInstanceInner',
    params: {
      node: node.name,
      outer: outer + 1,
      around: definition.nodes[scope].name,
      name: definition.nodes[innerScope].name,
      number,
      running,
    },
    path: '/instance',
  }));
  return inner === undefined ? undefined : { index: outer, inner };
}

/** `wanted` when `running` has it (refused with `refusal` otherwise, numbered from 1), else the first running. */
function runningOne(
  running: readonly number[],
  wanted: number | undefined,
  refusal: (number: number, running: string) => { message: string; params: Record<string, unknown>; path: string },
): number | undefined {
  if (wanted === undefined) return running[0];
  if (!running.includes(wanted)) {
    const { message, params, path } = refusal(wanted + 1, running.map((i) => i + 1).join(', '));
    throw new AppError('validation', params, message, path);
  }
  return wanted;
}

export const nodeApprovers: CallHandler<'flows.nodeApprovers'> = async (ctx) => {
  const instance = await governedInstance(ctx, ctx.query.id);
  const { db } = ctx.services;
  const { definition } = await versionById(db, instance.version_id);
  const node = definition.nodes[ctx.query.nodeid];
  if (!interventionTarget(node))
    throw new AppError('validation', { node: ctx.query.nodeid }, 'flow.msg.badNode', '/nodeid');
  if (node.kind !== 'manual') return [];
  const at = await standingAt(db, definition, instance.id, node, {
    instance: ctx.query.instance,
    outer: ctx.query.outer,
  });
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
