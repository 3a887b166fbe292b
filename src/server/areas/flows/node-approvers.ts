// An intervention's default approvers for a node (flows.nodeApprovers): the node's rules as the engine
// would evaluate them on entering it, over the variables where it stands. A node inside a multi-instance
// sub-process stands in one of its running instances (its element, its locals, the mapped scopes around
// it), chosen by `instance` or the first running one
// (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md); in one the intervention
// would start when none runs, in the frame the engine gives it, an index named refused by the
// intervention's own check (docs/adr/0256-intervention-defaults-for-instances-entered-anew.md).
import type { ProcessDefinition, ProcessNode } from '../../../core/workflow/process-definition.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { withApprovers } from '../../workflow/approver-names.ts';
import { interventionTarget } from '../../workflow/intervene.ts';
import { instanceNamed } from '../../workflow/intervene-instances.ts';
import { freshCollections, heldScopes, variablesEntering, type HeldLevels } from '../../workflow/intervene-levels.ts';
import { heldLoops, loopKey, loopsAround } from '../../workflow/intervene-loops.ts';
import { instanceVariables } from '../../workflow/loop-scopes.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { shownApprovers, shownNode } from '../../workflow/shown-approvers.ts';
import type { LoopAt } from '../../workflow/walk-state.ts';
import type { CallHandler } from '../handler.ts';
import { governedInstance } from './governed.ts';

/** The instance of the multi-instance sub-process(es) a node is drawn in that its defaults are for: `at`
 *  (the outer level's `index`, the inner one's `inner`), running (`held`) or one the intervention would
 *  start (the innermost level entered anew). */
interface Standing {
  at: LoopAt;
  anew: boolean;
  held: HeldLevels;
}

/** Where `node`'s defaults are evaluated: at each level `wanted` (refused as an intervention naming it
 *  is), else a running instance (two levels deep, the first outer one with inner instances running),
 *  else the first the collection gives now. Undefined outside every multi-instance sub-process; null
 *  when a collection entered anew gives no instance (the intervention refuses that too). Two levels deep,
 *  `outer` names the outer instance (docs/adr/0254-interventions-keep-mapped-sub-processes-between-levels.md). */
async function standingAt(
  db: Db,
  definition: ProcessDefinition,
  instanceId: string,
  node: ProcessNode,
  wanted: { instance?: number; outer?: number },
  variables: Record<string, unknown>,
): Promise<Standing | null | undefined> {
  const [scope, innerScope] = loopsAround(definition, node.id);
  if (wanted.outer !== undefined && !innerScope)
    throw new AppError('validation', { node: node.name }, 'flow.msg.innerNotNested', '/outer');
  if (!scope) {
    if (wanted.instance === undefined) return undefined;
    throw new AppError('validation', { node: node.name }, 'flow.msg.instancesNotRunning', '/instance');
  }
  const loops = await heldLoops(db, definition, instanceId, [{ nodeId: node.id }]);
  const held = { loops, scopes: await heldScopes(db, definition, instanceId, loops) };
  const fresh = freshCollections(definition, variables, held);
  const outerLoop = loops.get(loopKey(scope));
  if (!innerScope) {
    const where = { node: node.name, scope, path: '/instance' };
    const index = instanceNamed(definition, where, wanted.instance, outerLoop, () => fresh(scope));
    return index === undefined ? null : { at: { index }, anew: !outerLoop, held };
  }
  const outer = instanceNamed(
    definition,
    { node: node.name, scope, path: '/outer' },
    wanted.outer ?? outerLoop?.running.find((o) => loops.has(loopKey(innerScope, o))),
    outerLoop,
    () => fresh(scope),
  );
  if (outer === undefined) return null;
  const innerLoop = loops.get(loopKey(innerScope, outer));
  const inner = instanceNamed(
    definition,
    { node: node.name, scope: innerScope, path: '/instance', outer },
    wanted.instance,
    innerLoop,
    () => fresh(innerScope, outer),
  );
  return inner === undefined ? null : { at: { index: outer, inner }, anew: !innerLoop, held };
}

export const nodeApprovers: CallHandler<'flows.nodeApprovers'> = async (ctx) => {
  const instance = await governedInstance(ctx, ctx.query.id);
  const { db } = ctx.services;
  const { definition } = await versionById(db, instance.version_id);
  const node = definition.nodes[ctx.query.nodeid];
  if (!interventionTarget(node))
    throw new AppError('validation', { node: ctx.query.nodeid }, 'flow.msg.badNode', '/nodeid');
  if (node.kind !== 'manual') return [];
  const variables = instance.form_data ?? {};
  const standing = await standingAt(
    db,
    definition,
    instance.id,
    node,
    { instance: ctx.query.instance, outer: ctx.query.outer },
    variables,
  );
  if (standing === null) return [];
  // A running instance's variables are read from its tokens; one entered anew has the frame the
  // intervention's walk would give it.
  const form = standing?.anew
    ? variablesEntering(definition, node.id, standing.at, variables, standing.held)
    : await instanceVariables(db, definition, instance.id, node.id, standing?.at, variables);
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
