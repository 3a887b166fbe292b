// Interventions to nodes inside a multi-instance sub-process (docs/adr/0220-interventions-into-multi-instance-sub-processes.md):
// a target there runs in every instance of it. When the instance is inside the sub-process, its holding
// token stays (the collection, the count of instances done, the output list and own variables) and each
// instance still running (one with a token inside) is placed at the targets; the instances done stay
// done. Otherwise the sub-process is entered anew over its collection as it evaluates now, each instance
// it starts (all in parallel, the first in a sequence) placed at the targets instead of its start. Levels
// between the sub-process and the node hold no token (docs/adr/0124-embedded-sub-processes-and-ends.md):
// the node's token and its instance's frame are all it needs.
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { elementsOf, enterLoop, frameOf, inFrame } from './loop-scopes.ts';
import { loopOf } from './loop-of.ts';
import { nodesInside } from './scopes.ts';
import type { WalkState } from './walk-state.ts';

/** A node inside a multi-instance sub-process drawn in another: a target would have to name an
 *  instance of each level; such nodes are not offered and are refused. */
export const twoLevelsDeep = (definition: ProcessDefinition, nodeId: string): boolean => {
  const scope = loopOf(definition, nodeId);
  return scope !== undefined && loopOf(definition, scope) !== undefined;
};

/** Refuses a target two multi-instance levels deep, naming it (before anything changes). */
export function checkLoopDepth(definition: ProcessDefinition, nodeIds: readonly string[]): void {
  for (const [index, nodeId] of nodeIds.entries())
    if (definition.nodes[nodeId] && twoLevelsDeep(definition, nodeId))
      throw new AppError(
        'validation',
        { node: definition.nodes[nodeId].name },
        'flow.msg.loopTooDeep',
        `/submitTo/${index}/nodeid`,
      );
}

/** The multi-instance sub-process an instance is inside: its holding token, kept, the indexes of its
 *  instances still running and the collection's elements. */
export interface HeldLoop {
  tokenId: string;
  running: number[];
  items: unknown[];
}

/** Read before the intervention's tokens go: for each multi-instance sub-process that a target is in and
 *  that the instance is inside (a holding token with instances still running), what stays. */
export async function heldLoops(
  trx: Db,
  definition: ProcessDefinition,
  instanceId: string,
  nodeIds: readonly string[],
): Promise<Map<string, HeldLoop>> {
  const held = new Map<string, HeldLoop>();
  for (const scope of new Set(nodeIds.map((id) => loopOf(definition, id)))) {
    if (!scope) continue;
    const holder = await trx
      .selectFrom('flow_tokens')
      .select(['id', 'loop_items'])
      .where('instance_id', '=', instanceId)
      .where('node_id', '=', scope)
      .where('loop_items', 'is not', null)
      .executeTakeFirst();
    if (!holder) continue;
    const inside = await trx
      .selectFrom('flow_tokens')
      .select('loop_index')
      .distinct()
      .where('instance_id', '=', instanceId)
      .where('node_id', 'in', nodesInside(definition, scope))
      .where('loop_index', 'is not', null)
      .orderBy('loop_index')
      .execute();
    if (inside.length > 0)
      held.set(scope, {
        tokenId: holder.id,
        running: inside.map((t) => t.loop_index!),
        items: JSON.parse(holder.loop_items ?? '[]') as unknown[],
      });
  }
  return held;
}

/** Runs `place` (entering the targets inside `scope`) in each instance of the multi-instance
 *  sub-process: the running ones of the one held (`place` given the instance's index), or those it
 *  starts when entered anew. An empty collection is refused: no instance could run the targets. */
export async function enterLoopAt(
  walk: WalkState,
  scope: string,
  targetNames: string,
  place: (index?: number) => Promise<void>,
  held: HeldLoop | undefined,
): Promise<void> {
  const node = walk.definition.nodes[scope];
  if (!held) {
    if (elementsOf(walk, node).length === 0)
      throw new AppError('conflict', { name: node.name, node: targetNames }, 'flow.msg.loopEmpty');
    return enterLoop(walk, node, place);
  }
  const holder = await walk.trx
    .selectFrom('flow_tokens')
    .select(['loop_items', 'loop_output'])
    .where('id', '=', held.tokenId)
    .executeTakeFirstOrThrow();
  const items = JSON.parse(holder.loop_items ?? '[]') as unknown[];
  for (const index of held.running)
    await inFrame(walk, frameOf(node, index, items, undefined, holder.loop_output), () => place(index));
}
