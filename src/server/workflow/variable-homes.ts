// Where a variable that an action brings at a node goes (docs/adr/0212-multi-instance-sub-process-outputs.md,
// docs/adr/0221-sub-process-variable-scopes.md): the innermost mapped sub-process around it that holds
// the name, else the instance of a multi-instance sub-process that holds it (its output element names it alone, or
// its inputs made it: docs/adr/0233-multi-instance-sub-process-mappings.md), else
// the process. Apart from the walk's files so that what sets caught variables (error-variables.ts) reads
// it without an import cycle.
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { keepOwn, ownNames } from './loop-output.ts';
import { loopOf } from './loop-of.ts';
import { keepInScopes, leaveScope } from './sub-process-scopes.ts';
import { completedVariables, inputLocals } from './task-locals.ts';
import { setVariables } from './variable-changes.ts';
import {
  atOf,
  type InstanceState,
  type LoopAt,
  type LoopFrame,
  type ScopeFrame,
  type WalkState,
} from './walk-state.ts';

/** Sets `values` that an action brings at `nodeId` in instance `at` where they go (as Zeebe propagates
 *  them): a name that an instance of an enclosing multi-instance sub-process holds (the one its output
 *  element names alone, its inputs: loop-output.ts `ownNames`) is that instance's own (the innermost
 *  level's first), also in `frame` (the walk's, in memory, when it goes on there); the rest are the
 *  process's. */
export async function keepInInstance(
  trx: Db,
  state: InstanceState,
  definition: ProcessDefinition,
  nodeId: string,
  at: LoopAt | undefined,
  values: Record<string, unknown>,
  frame?: LoopFrame,
  scopes?: ScopeFrame,
): Promise<void> {
  // A name a mapped sub-process around it holds is that scope's (sub-process-scopes.ts).
  let rest = await keepInScopes(trx, state.id, definition, nodeId, at, values, scopes);
  const scope = loopOf(definition, nodeId);
  if (scope && at) {
    const around = loopOf(definition, scope);
    // Each level: its sub-process, the outer instance its holding token stands in, the instance's index.
    const levels: Array<[string, number | undefined, number | undefined]> = around
      ? [
          [scope, at.index, at.inner],
          [around, undefined, at.index],
        ]
      : [[scope, undefined, at.index]];
    for (const [level, outerIndex, index] of levels) {
      const names = ownNames(definition.nodes[level]).filter((name) => Object.hasOwn(rest, name));
      if (index === undefined || names.length === 0) continue;
      const own = Object.fromEntries(names.map((name) => [name, rest[name]]));
      await keepOwn(trx, state.id, level, outerIndex, index, own);
      for (let f = frame; f; f = f.outer) if (f.scope === level) f.locals = { ...f.locals, ...own };
      rest = Object.fromEntries(Object.entries(rest).filter(([name]) => !names.includes(name)));
    }
  }
  await setVariables(trx, state, rest);
}

/** A mapped sub-process the walk leaves, completed (sub-process-scopes.ts): its outputs set where it stands. */
export async function leaveMappedScope(walk: WalkState, scope: string, at: LoopAt | undefined): Promise<void> {
  const io = walk.definition.nodes[scope].io;
  if (!io) return;
  const outputs = await leaveScope(walk, scope, io, at);
  await keepInInstance(walk.trx, walk.instance, walk.definition, scope, at, outputs, walk.loop, walk.scopes);
}

/** A step the engine runs itself (a plain service task) with mappings: its inputs evaluated where it
 *  stands, then its outputs over them, set there (docs/adr/0221-sub-process-variable-scopes.md). */
export async function runMappedStep(walk: WalkState, node: ProcessNode): Promise<void> {
  if (!node.io) return;
  const seen = walk.variables();
  const outputs = completedVariables(node.io, seen, inputLocals(node, seen), {});
  const { trx, instance, definition, loop, scopes } = walk;
  await keepInInstance(trx, instance, definition, node.id, atOf(loop), outputs, loop, scopes);
}
