// Intervention (spec/domain-console.md, "States and transitions", "Validation rules"): an administrator moves a running instance to nodes of
// its choice. Every open task is cancelled and every token goes (parallel branches, and tokens waiting
// at a join, end with them; an approval collecting output sets its list first); each chosen approval
// gets a token and a task per chosen user, a chosen auto task runs and the instance goes on from it, an end node (alone) completes the instance.
// A node inside a multi-instance sub-process is entered in each of its instances (intervene-loops.ts), one
// inside a mapped sub-process in its scope (intervene-levels.ts). One locked
// transaction like every action (docs/adr/0044-engine-state-in-tables.md); the preview is the same function, rolled back (dry-run.ts).
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { finish, inAction, record, type ActionResult } from './action-steps.ts';
import { boundariesOf } from './scopes.ts';
import { loopOf } from './loop-of.ts';
import { checkLoopDepth, heldLoops, tooDeep } from './intervene-loops.ts';
import { approversPerInstance, checkInstances, stayingTokens } from './intervene-instances.ts';
import { freshCollections, heldScopes, placeTargets } from './intervene-levels.ts';
import { collectOutput } from './multi-instance-output.ts';
import { setVariables } from './variable-changes.ts';
import { Walk } from './walk.ts';
import { enterCatch } from './waits/enter-wait.ts';

export interface InterventionTarget {
  nodeId: string;
  /** The approvers after the intervention; empty for an end node or an auto task, and for an approval
   *  whose instances each resolve its own rule (intervene-instances.ts). */
  userIds: string[];
  /** At a multi-instance approval whose assignee is computed from the element: the inner instance each
   *  of `userIds` does, in the same order (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md). */
  indexes?: number[];
  /** Inside a multi-instance sub-process: the indexes of the instances it is entered in (all running
   *  ones, or all it starts, when absent); two levels deep, those of the outer one. */
  instances?: number[];
  /** Two multi-instance levels deep: per outer instance, the inner ones it is entered in (all when an
   *  outer instance is not named; docs/adr/0246-interventions-two-multi-instance-levels-deep.md). */
  inner?: Array<{ outer: number; instances: number[] }>;
}

export interface InterventionInput {
  instanceId: string;
  adminId: string;
  targets: InterventionTarget[];
  /** Why: kept in the instance's history. */
  comment: string;
}

export interface InterventionResult extends ActionResult {
  /** The open tasks the intervention cancelled, by node. */
  cancelled: Array<{ nodeId: string; nodeName: string; assignees: string[] }>;
  /** Parallel branches that were running (active tokens) and branches waiting at a join: all end. */
  endedBranches: number;
  waitingAtJoins: number;
}

/** The node kinds an intervention can move to; the others (start, gateways) are not places an instance
 *  waits. An intermediate catch event waiting for a timer or a message is entered as a flow enters it
 *  (waits/enter-wait.ts `enterCatch`: its inputs, its timer, its message's correlation key,
 *  docs/adr/0245-zeebe-correlation-keys.md); a conditional one, which a flow passes at once when its
 *  condition holds, is not a place to move to. */
const INTERVENTION_KINDS = new Set(['manual', 'auto', 'complete', 'catch']);

/** Whether an intervention can move an instance to `node`. */
export const interventionTarget = (node: ProcessNode | undefined): node is ProcessNode =>
  !!node && INTERVENTION_KINDS.has(node.kind) && !(node.kind === 'catch' && node.event?.type === 'conditional');

/** The nodes an intervention can move to, in the order the process is drawn: depth first along the flows
 *  from its start (the stored graph keeps no document order), each sub-process's inside under it, then
 *  its flows out, then its boundary events' paths; a split's branches come before what follows their
 *  join (reverse post-order, each node's first flow first). */
export function interventionNodes(definition: ProcessDefinition): ProcessNode[] {
  const finished: ProcessNode[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    seen.add(id);
    const node = definition.nodes[id];
    // Into sub-processes at their start and along boundary events' paths (docs/adr/0124-embedded-sub-processes-and-ends.md).
    const after = [
      ...(node.start ? [node.start] : []),
      ...node.outgoing.map((f) => definition.flows[f].target),
      ...boundariesOf(definition, node.id),
    ];
    // The last visited first, so the first after a node comes first once the order is reversed.
    for (const next of after.reverse()) if (!seen.has(next)) visit(next);
    finished.push(node);
  };
  visit(definition.start);
  // An end inside a sub-process ends only its level, not the instance an intervention to an end ends.
  // A target names the instances of two multi-instance levels at most
  // (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
  return finished
    .reverse()
    .filter(
      (node) => interventionTarget(node) && !(node.kind === 'complete' && node.parent) && !tooDeep(definition, node.id),
    );
}

export async function intervene(db: Db, input: InterventionInput): Promise<InterventionResult> {
  let cancelled: InterventionResult['cancelled'] = [];
  let endedBranches = 0;
  let waitingAtJoins = 0;
  const result = await inAction(db, input, async (trx, state, definition, at) => {
    const walk = new Walk(trx, state, definition, { id: 0, at });
    const nodeIds = input.targets.map((t) => t.nodeId);
    checkLoopDepth(definition, nodeIds);
    checkTargets(
      input.targets,
      (id) => walk.node(id),
      (id) => approversPerInstance(definition, id),
    );
    await checkUsers(trx, state.domain_id, input.targets);
    // A multi-instance sub-process the instance is inside and a target is in keeps its holding token
    // (intervene-loops.ts), and the instances no target names keep theirs (intervene-instances.ts).
    const held = await heldLoops(trx, definition, state.id, input.targets);
    const scopesKept = await heldScopes(trx, definition, state.id, held);
    // Entered anew, a sub-process's collection as it evaluates where it stands
    // (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md), in an outer instance when
    // two levels deep (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
    checkInstances(
      definition,
      input.targets,
      held,
      freshCollections(definition, walk.variables(), { loops: held, scopes: scopesKept }),
    );
    const kept = [
      ...[...held.values()].map((h) => h.tokenId),
      ...[...scopesKept.values()].map((h) => h.tokenId),
      ...(await stayingTokens(trx, definition, state.id, input.targets, held)),
    ];
    const open = (
      await trx
        .selectFrom('flow_tasks')
        .select(['id', 'node_id', 'assignee_id', 'token_id'])
        .where('instance_id', '=', state.id)
        .where('status', '=', 'open')
        .orderBy('created_at')
        .execute()
    ).filter((task) => task.token_id === null || !kept.includes(task.token_id));
    const byNode = new Map<string, string[]>();
    for (const task of open) byNode.set(task.node_id, [...(byNode.get(task.node_id) ?? []), task.assignee_id]);
    cancelled = [...byNode].map(([nodeId, assignees]) => ({
      nodeId,
      nodeName: walk.node(nodeId)?.name ?? nodeId,
      assignees,
    }));
    const tokens = await trx
      .selectFrom('flow_tokens')
      .select(['id', 'node_id', 'state', 'loop_output'])
      .where('instance_id', '=', state.id)
      .execute();
    // A holding token kept does not end, nor do the tokens of the instances that stay.
    const ending = tokens.filter((t) => !kept.includes(t.id));
    endedBranches = ending.filter((t) => t.state === 'active').length;
    waitingAtJoins = ending.filter((t) => t.state !== 'active').length;
    // An approval collecting its instances' output that the move ends sets its list from what was given,
    // as when its completion condition ends it (docs/adr/0206-multi-instance-output-collections-kept-in-step.md);
    // so does a multi-instance sub-process, from its instances that ended. Inside one, the list is the
    // instance's own, which the move ends (docs/adr/0212-multi-instance-sub-process-outputs.md).
    for (const token of tokens) {
      const node = definition.nodes[token.node_id];
      if (!node?.multi?.output || loopOf(definition, node.id) || kept.includes(token.id)) continue;
      if (node.kind !== 'subprocess') await collectOutput(trx, state, node, token.id);
      else if (token.loop_output)
        await setVariables(trx, state, { [node.multi.output.collection]: token.loop_output.list });
    }
    if (open.length > 0)
      await trx
        .updateTable('flow_tasks')
        .set({ status: 'cancelled', done_at: at })
        .where(
          'id',
          'in',
          open.map((task) => task.id),
        )
        .execute();
    let going = trx.deleteFrom('flow_tokens').where('instance_id', '=', state.id);
    if (kept.length > 0) going = going.where('id', 'not in', kept);
    await going.execute();
    const action = await record(trx, at, state.id, null, 'intervene', null, input.comment, input.adminId);
    const moving = new Walk(trx, state, definition, action);
    const enter = async (target: InterventionTarget) => {
      const node = moving.node(target.nodeId);
      // No approvers named: the node's own rule, in the instance's frame (intervene-instances.ts). A user
      // named twice does two instances of a countersign (0247) but holds one task of a single approval.
      const users = node.multi ? target.userIds : [...new Set(target.userIds)];
      if (node.kind === 'manual')
        await moving.enterApproval(node, users.length > 0 ? users : undefined, target.indexes);
      else if (node.kind === 'auto') await moving.runAuto(node);
      else if (node.kind === 'catch') await enterCatch(moving, node);
    };
    // Through the multi-instance and mapped sub-processes around each target (intervene-levels.ts).
    await placeTargets(moving, input.targets, enter, { loops: held, scopes: scopesKept });
    return finish(trx, state, moving, action, null);
  });
  return { ...result, cancelled, endedBranches, waitingAtJoins };
}

/** The spec's rules (spec/domain-console.md, "States and transitions", "Validation rules"): at least one node; an end node only alone; an approval needs approvers
 *  (but one each instance resolves by its rule, docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md);
 *  each node once, and only nodes an instance can wait at. */
function checkTargets(
  targets: readonly InterventionTarget[],
  nodeOf: (id: string) => ProcessNode | undefined,
  perInstance: (id: string) => boolean,
): void {
  if (targets.length === 0) throw new AppError('validation', undefined, 'flow.msg.noIntervention', '/submitTo');
  const seen = new Set<string>();
  for (const [index, target] of targets.entries()) {
    const node = nodeOf(target.nodeId);
    if (!interventionTarget(node) || seen.has(target.nodeId))
      throw new AppError('validation', { node: target.nodeId }, 'flow.msg.badNode', `/submitTo/${index}/nodeid`);
    seen.add(target.nodeId);
    if (node.kind === 'complete' && targets.length > 1)
      throw new AppError('validation', undefined, 'flow.msg.endNodeAlone', `/submitTo/${index}`);
    if (node.kind === 'manual' && target.userIds.length === 0 && !perInstance(target.nodeId))
      throw new AppError('validation', undefined, 'flow.msg.handlerEmpty', `/submitTo/${index}/userids`);
    if (target.indexes) checkIndexes(target, node, index);
  }
}

/** Indexes given with the approvers: only at an approval whose assignee is computed from the element,
 *  one per approver, none twice (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md). */
function checkIndexes(target: InterventionTarget, node: ProcessNode, at: number): void {
  const indexes = target.indexes!;
  if (!node.multi?.assignee || indexes.length !== target.userIds.length || new Set(indexes).size !== indexes.length)
    throw new AppError('validation', { node: node.name }, 'flow.msg.badApproverIndexes', `/submitTo/${at}/userindexes`);
}

/** Every chosen approver is an on-job user of the instance's enterprise. */
async function checkUsers(trx: Db, domainId: string, targets: readonly InterventionTarget[]): Promise<void> {
  const ids = [...new Set(targets.flatMap((t) => t.userIds))];
  if (ids.length === 0) return;
  const found = await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('domain_id', '=', domainId)
    .where('status', '=', 1)
    .execute();
  if (found.length !== ids.length) throw new AppError('validation', undefined, 'flow.msg.badApprovers', '/submitTo');
}
