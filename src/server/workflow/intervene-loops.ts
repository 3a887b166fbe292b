// Interventions to nodes inside a multi-instance sub-process (docs/adr/0220-interventions-into-multi-instance-sub-processes.md):
// a target there runs in every instance of it. When the instance is inside the sub-process, its holding
// token stays (the collection, the count of instances done, the output list and own variables) and each
// instance still running (one with a token inside) is placed at the targets; the instances done stay
// done. Otherwise the sub-process is entered anew over its collection as it evaluates now, each instance
// it starts (all in parallel, the first in a sequence) placed at the targets instead of its start. Levels
// between the sub-process and the node hold no token (docs/adr/0124-embedded-sub-processes-and-ends.md):
// the node's token and its instance's frame are all it needs. Two levels deep, the inner sub-process is
// held or entered anew in each outer instance on its own (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { elementsOf, enterLoop, frameOf, inFrame } from './loop-scopes.ts';
import { loopOf } from './loop-of.ts';
import type { LoopOutput } from './loop-output.ts';
import { nodesInside } from './scopes.ts';
import type { WalkState } from './walk-state.ts';

/** The multi-instance sub-processes a node is drawn in, outermost first. */
export function loopsAround(definition: ProcessDefinition, nodeId: string): string[] {
  const levels: string[] = [];
  for (let at = loopOf(definition, nodeId); at; at = loopOf(definition, at)) levels.unshift(at);
  return levels;
}

/** A node inside a multi-instance sub-process drawn in another: a target names instances of each level. */
export const twoLevelsDeep = (definition: ProcessDefinition, nodeId: string): boolean =>
  loopsAround(definition, nodeId).length === 2;

/** More levels than two cannot be named by a target (the install refuses them too,
 *  docs/adr/0197-multi-instance-sub-processes-nested.md); such nodes are not offered and are refused. */
export const tooDeep = (definition: ProcessDefinition, nodeId: string): boolean =>
  loopsAround(definition, nodeId).length > 2;

/** Refuses a target more than two multi-instance levels deep, naming it (before anything changes). */
export function checkLoopDepth(definition: ProcessDefinition, nodeIds: readonly string[]): void {
  for (const [index, nodeId] of nodeIds.entries())
    if (definition.nodes[nodeId] && tooDeep(definition, nodeId))
      throw new AppError(
        'validation',
        { node: definition.nodes[nodeId].name },
        'flow.msg.loopTooDeep',
        `/submitTo/${index}/nodeid`,
      );
}

/** Where a held sub-process's instances are kept: by the sub-process, and inside an instance `outer` of
 *  the one it is drawn in, by that instance too (one holding token per outer instance). */
export const loopKey = (scope: string, outer?: number): string => (outer === undefined ? scope : `${scope}@${outer}`);

/** The multi-instance sub-process an instance is inside: its holding token, kept, the indexes of its
 *  instances still running, the collection's elements and what the token keeps of their output. */
export interface HeldLoop {
  scope: string;
  /** Drawn in another multi-instance sub-process: the instance of it this one runs in. */
  outer?: number;
  tokenId: string;
  running: number[];
  items: unknown[];
  output: LoopOutput | null;
}

/** A target's node and the instances it names: of the outermost level in `instances`; two levels deep,
 *  of the inner level per outer instance in `inner` (docs/adr/0246-interventions-two-multi-instance-levels-deep.md). */
export interface Targeted {
  nodeId: string;
  instances?: number[];
  inner?: Array<{ outer: number; instances: number[] }>;
}

/** The instances a target names at the multi-instance level `depth` around it (0 the outermost), in the
 *  instance `outer` of the level above; undefined when it names none there (every one). */
export function chosenAt(target: Targeted, depth: number, outer: number | undefined): number[] | undefined {
  if (depth === 0) return target.instances;
  const named = (target.inner ?? []).filter((entry) => entry.outer === outer);
  return named.length === 0 ? undefined : named.flatMap((entry) => entry.instances);
}

/** Whether the target is entered in instance `index` of its multi-instance level `depth` (in `outer`). */
export const enteredIn = (target: Targeted, index: number | undefined, depth = 0, outer?: number): boolean => {
  const chosen = chosenAt(target, depth, outer);
  return index === undefined || !chosen || chosen.includes(index);
};

/** Read before the intervention's tokens go: for each multi-instance sub-process that a target is in and
 *  that the instance is inside (a holding token with instances still running), what stays. Two levels
 *  deep, the inner sub-process of each outer instance a target enters is read on its own. */
export async function heldLoops(
  trx: Db,
  definition: ProcessDefinition,
  instanceId: string,
  targets: readonly Targeted[],
): Promise<Map<string, HeldLoop>> {
  const held = new Map<string, HeldLoop>();
  const outers = new Set(targets.map((t) => loopsAround(definition, t.nodeId)[0]));
  for (const scope of outers) {
    if (!scope) continue;
    const [loop] = await holding(trx, definition, instanceId, scope, false);
    if (loop) held.set(loopKey(scope), loop);
  }
  for (const scope of new Set(targets.map((t) => loopsAround(definition, t.nodeId)[1]))) {
    if (!scope) continue;
    const around = held.get(loopKey(loopOf(definition, scope)!));
    if (!around) continue; // the outer level is entered anew: so is the inner one, in each instance
    const inside = targets.filter((t) => loopsAround(definition, t.nodeId)[1] === scope);
    for (const loop of await holding(trx, definition, instanceId, scope, true))
      if (around.running.includes(loop.outer!) && inside.some((t) => enteredIn(t, loop.outer)))
        held.set(loopKey(scope, loop.outer), loop);
  }
  return held;
}

/** The holding tokens of `scope` with instances running inside: one, or one per outer instance. */
async function holding(
  trx: Db,
  definition: ProcessDefinition,
  instanceId: string,
  scope: string,
  nested: boolean,
): Promise<HeldLoop[]> {
  const holders = await trx
    .selectFrom('flow_tokens')
    .select(['id', 'loop_items', 'loop_index', 'loop_output'])
    .where('instance_id', '=', instanceId)
    .where('node_id', '=', scope)
    .where('loop_items', 'is not', null)
    .execute();
  if (holders.length === 0) return [];
  const inside = await trx
    .selectFrom('flow_tokens')
    .select(['loop_index', 'inner_index'])
    .distinct()
    .where('instance_id', '=', instanceId)
    .where('node_id', 'in', nodesInside(definition, scope))
    .where(nested ? 'inner_index' : 'loop_index', 'is not', null)
    .execute();
  const loops: HeldLoop[] = [];
  for (const holder of holders) {
    const outer = nested ? (holder.loop_index ?? undefined) : undefined;
    const running = [
      ...new Set(
        inside.filter((t) => !nested || t.loop_index === outer).map((t) => (nested ? t.inner_index! : t.loop_index!)),
      ),
    ].sort((a, b) => a - b);
    if (running.length > 0)
      loops.push({
        scope,
        ...(outer !== undefined ? { outer } : {}),
        tokenId: holder.id,
        running,
        items: JSON.parse(holder.loop_items ?? '[]') as unknown[],
        output: holder.loop_output,
      });
  }
  return loops;
}

/** Runs `place` (entering the targets inside `scope`) in each instance of the multi-instance
 *  sub-process: the running ones of the one held (`place` given the instance's index), or those it
 *  starts when entered anew. An empty collection is refused: no instance could run the targets. Inside
 *  an instance of another, the walk stands in that instance's frame. */
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
    await inFrame(walk, frameOf(node, index, items, walk.loop, holder.loop_output), () => place(index));
}
