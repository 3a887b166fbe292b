// How an intervention reaches its targets through the levels around them
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md): outermost first, each multi-instance
// sub-process is entered in its instances (intervene-loops.ts) and each sub-process with input/output
// mappings gets its scope as the engine writes it on entry (sub-process-scopes.ts `enterScope`: the
// inputs evaluated now, over the variables where it stands), so what runs inside reads them and its
// outputs are set when it completes. A mapped sub-process around a multi-instance one the instance is
// inside keeps its scope as it stands, since the instances that stay read it; so does one drawn between two
// levels, around an inner one held in an outer instance (docs/adr/0254-interventions-keep-mapped-sub-processes-between-levels.md).
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { enteredIn, enterLoopAt, loopKey, type HeldLoop, type Targeted } from './intervene-loops.ts';
import { loopOf } from './loop-of.ts';
import { collectionOf, frameOf, startInside } from './loop-scopes.ts';
import type { FreshCollection } from './intervene-instances.ts';
import { withInputs } from './loop-mappings.ts';
import { enterScope, inScopes, mappedScopesAround } from './sub-process-scopes.ts';
import { inputLocals } from './task-locals.ts';
import {
  frameVariables,
  scopedVariables,
  type LoopAt,
  type LoopFrame,
  type ScopeFrame,
  type WalkState,
} from './walk-state.ts';

/** A mapped sub-process's scope token that stays through the intervention, with its locals. */
export interface HeldScope {
  tokenId: string;
  locals: Record<string, unknown>;
}

/** What stays through an intervention: the multi-instance sub-processes held and the mapped scopes kept. */
export interface HeldLevels {
  loops: ReadonlyMap<string, HeldLoop>;
  scopes: ReadonlyMap<string, HeldScope>;
}

/** The levels an intervention enters to reach a node, outermost first: the multi-instance sub-processes
 *  and the mapped sub-processes it is drawn in (the others hold nothing, docs/adr/0124-embedded-sub-processes-and-ends.md). */
function levelsTo(definition: ProcessDefinition, nodeId: string): string[] {
  const levels: string[] = [];
  for (let at = definition.nodes[nodeId]?.parent; at; at = definition.nodes[at]?.parent)
    if (definition.nodes[at].multi || definition.nodes[at].io) levels.unshift(at);
  return levels;
}

/** Read before the intervention's tokens go: the scope tokens of the mapped sub-processes around a
 *  multi-instance sub-process the instance is inside (`held`), keyed by `loopKey(scope, outer)`. Around
 *  one at the process's level, those outside every instance (0231); around an inner one held in an outer
 *  instance, also those drawn between the two levels, in that outer instance: its holding token and the
 *  inner instances that stay are in them and read them
 *  (docs/adr/0254-interventions-keep-mapped-sub-processes-between-levels.md). */
export async function heldScopes(
  trx: Db,
  definition: ProcessDefinition,
  instanceId: string,
  held: ReadonlyMap<string, HeldLoop>,
): Promise<Map<string, HeldScope>> {
  const wanted = new Set<string>();
  const scopes = new Set<string>();
  for (const loop of held.values())
    for (const scope of mappedScopesAround(definition, loop.scope)) {
      // A scope drawn in an outer sub-process is kept in the outer instance the held one runs in.
      const inInstance = loopOf(definition, scope) !== undefined;
      if (inInstance && loop.outer === undefined) continue;
      wanted.add(loopKey(scope, inInstance ? loop.outer : undefined));
      scopes.add(scope);
    }
  const kept = new Map<string, HeldScope>();
  if (wanted.size === 0) return kept;
  const rows = await trx
    .selectFrom('flow_tokens')
    .select(['id', 'node_id', 'loop_index', 'inner_index', 'locals'])
    .where('instance_id', '=', instanceId)
    .where('node_id', 'in', [...scopes])
    .where('inner_index', 'is', null)
    .execute();
  for (const row of rows) {
    const key = loopKey(row.node_id, row.loop_index ?? undefined);
    if (wanted.has(key)) kept.set(key, { tokenId: row.id, locals: row.locals ?? {} });
  }
  return kept;
}

/** The variables where a multi-instance sub-process entered anew (one level: no instance around it)
 *  stands once the intervention has entered the mapped sub-processes around it, as `placeTargets` enters
 *  them: a kept scope's locals, or the inputs evaluated now over the variables outside it, outermost
 *  first (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md). Its collection is
 *  evaluated over them, as the engine evaluates it there. */
export const variablesWhereLoopStands = (
  definition: ProcessDefinition,
  scope: string,
  variables: Record<string, unknown>,
  kept: ReadonlyMap<string, HeldScope>,
): Record<string, unknown> =>
  variablesEntering(definition, scope, undefined, variables, { loops: new Map(), scopes: kept });

/** The collection a multi-instance sub-process entered anew gives now where it stands: at the process's
 *  level over `variablesWhereLoopStands`; drawn in another, in that one's instance `outer`, over its frame
 *  (held: as its holding token keeps it; entered anew: its element and inputs as it would start) and the
 *  mapped sub-processes between them with their inputs evaluated now, as `placeTargets` enters them
 *  (docs/adr/0246-interventions-two-multi-instance-levels-deep.md). */
export const collectionWhereLoopStands = (
  definition: ProcessDefinition,
  scope: string,
  outer: number | undefined,
  variables: Record<string, unknown>,
  held: HeldLevels,
): unknown[] =>
  collectionOf(
    definition.nodes[scope],
    variablesEntering(definition, scope, outer === undefined ? undefined : { index: outer }, variables, held),
  );

/** What an intervention checks the instances it names against: the collection of each multi-instance
 *  sub-process entered anew where it stands (`collectionWhereLoopStands`). */
export const freshCollections =
  (definition: ProcessDefinition, variables: Record<string, unknown>, held: HeldLevels): FreshCollection =>
  (scope, outer) =>
    collectionWhereLoopStands(definition, scope, outer, variables, held);

/** The variables the intervention's walk sees at `nodeId` once `placeTargets` has entered the levels
 *  drawn around it, outermost first, in the instances `at` names (`index` of the outermost multi-instance
 *  level, `inner` of the one in it): a mapped sub-process in its kept scope, else with its inputs
 *  evaluated now (`enterScope`); a multi-instance one in the frame the engine gives the instance
 *  (`frameOf`), over what its holding token keeps when held, else over its collection evaluated now with
 *  the instance's inputs (`withInputs`, as `startInstance` evaluates them); read as the walk's
 *  `variables()` reads its scopes and frames (docs/adr/0256-intervention-defaults-for-instances-entered-anew.md).
 *  A level no index is given for is stood outside of. */
export function variablesEntering(
  definition: ProcessDefinition,
  nodeId: string,
  at: LoopAt | undefined,
  variables: Record<string, unknown>,
  held: HeldLevels,
): Record<string, unknown> {
  let scopes: ScopeFrame | undefined;
  let frame: LoopFrame | undefined;
  const seen = () => frameVariables(scopedVariables(variables, scopes), frame);
  let depth = 0;
  for (const level of levelsTo(definition, nodeId)) {
    const node = definition.nodes[level];
    if (!node.multi) {
      // Inside an instance of a multi-instance sub-process, the scope kept is that instance's.
      const kept = held.scopes.get(loopKey(level, loopOf(definition, level) ? frame?.index : undefined));
      const locals = kept?.locals ?? inputLocals(node, seen()) ?? {};
      scopes = { scope: level, locals, ...(scopes ? { outer: scopes } : {}) };
      continue;
    }
    const loop = held.loops.get(loopKey(level, depth === 0 ? undefined : frame?.index));
    const chosen = depth === 0 ? at?.index : at?.inner;
    depth++;
    if (chosen === undefined) continue;
    frame = frameOf(node, chosen, loop?.items ?? collectionOf(node, seen()), frame, loop?.output);
    if (!loop) withInputs(node, frame, seen());
  }
  return seen();
}

/** Enters `targets` (`enter` for each node) through the levels drawn around them, from `depth` down:
 *  the targets inside one level are entered together, once, where the first of them is in the list. */
export async function placeTargets<T extends Targeted>(
  walk: WalkState,
  targets: readonly T[],
  enter: (target: T) => Promise<void>,
  held: HeldLevels,
  depth = 0,
): Promise<void> {
  const { definition } = walk;
  const entered = new Set<string>();
  for (const target of targets) {
    const level = levelsTo(definition, target.nodeId)[depth];
    if (level === undefined) {
      await enter(target);
      continue;
    }
    if (entered.has(level)) continue;
    entered.add(level);
    const inside = targets.filter((t) => levelsTo(definition, t.nodeId)[depth] === level);
    const node = definition.nodes[level];
    if (node.multi) {
      // Inside an instance of another multi-instance sub-process, this one's are that instance's.
      const outer = walk.loop?.index;
      const loopDepth = levelsTo(definition, target.nodeId)
        .slice(0, depth)
        .filter((at) => definition.nodes[at].multi).length;
      const loop = held.loops.get(loopKey(level, loopDepth === 0 ? undefined : outer));
      const names = inside.map((t) => definition.nodes[t.nodeId].name).join('", "');
      await enterLoopAt(
        walk,
        level,
        names,
        (index) => {
          const here = inside.filter((t) => enteredIn(t, index, loopDepth, outer));
          // Entered anew, an instance no target names starts at its start, as a flow reaching the
          // sub-process starts it; a running one no target names stays (intervene-instances.ts).
          return here.length === 0 && !loop
            ? startInside(walk, node)
            : placeTargets(walk, here, enter, held, depth + 1);
        },
        loop,
      );
      continue;
    }
    const deeper = () => placeTargets(walk, inside, enter, held, depth + 1);
    // Inside an instance of a multi-instance sub-process, the scope kept is that instance's.
    const kept = held.scopes.get(loopKey(level, loopOf(definition, level) ? walk.loop?.index : undefined));
    if (kept)
      await inScopes(
        walk,
        { scope: level, locals: kept.locals, ...(walk.scopes ? { outer: walk.scopes } : {}) },
        deeper,
      );
    else await enterScope(walk, node, deeper);
  }
}
