// Which instances of a running multi-instance sub-process an intervention moves, and approvals there
// left to their own rule (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md).
// A target may name the running instances it is entered in (by index); the instances no target names
// keep their tokens and tasks. An approval inside a multi-instance sub-process may be sent without
// approvers: each instance placed resolves the node's rule in its own frame (its element, its variables).
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { twoLevelsDeep, type HeldLoop } from './intervene-loops.ts';
import { loopOf } from './loop-of.ts';
import { nodesInside } from './scopes.ts';

interface Targeted {
  nodeId: string;
  /** The indexes of the running instances it is entered in; all of them when absent. */
  instances?: number[];
}

/** An approval whose approvers, when the administrator names none, each instance resolves by the node's
 *  own rule: one inside a multi-instance sub-process (one level; two are not targets). */
export const approversPerInstance = (definition: ProcessDefinition, nodeId: string): boolean =>
  definition.nodes[nodeId]?.kind === 'manual' &&
  loopOf(definition, nodeId) !== undefined &&
  !twoLevelsDeep(definition, nodeId);

/** Refuses, before anything changes, instances named for a node outside every multi-instance
 *  sub-process, an index that is not a running instance of the one the instance runs inside (numbers
 *  from 1), and, for one entered anew, an index its collection (`fresh`) does not give or, in a sequence,
 *  another than its first. */
export function checkInstances(
  definition: ProcessDefinition,
  targets: readonly Targeted[],
  held: ReadonlyMap<string, HeldLoop>,
  fresh: (scope: string) => unknown[],
): void {
  for (const [index, target] of targets.entries()) {
    if (!target.instances) continue;
    const path = `/submitTo/${index}/instances`;
    const node = definition.nodes[target.nodeId].name;
    const scope = loopOf(definition, target.nodeId);
    if (!scope) throw new AppError('validation', { node }, 'flow.msg.instancesNotRunning', path);
    const name = definition.nodes[scope].name;
    const running = held.get(scope)?.running;
    if (target.instances.length === 0) throw new AppError('validation', { node }, 'flow.msg.noInstanceChosen', path);
    if (!running) {
      const count = fresh(scope).length;
      const outside = target.instances.find((i) => !Number.isInteger(i) || i < 0 || i >= count);
      if (outside !== undefined)
        throw new AppError('validation', { node, name, number: outside + 1, count }, 'flow.msg.badNewInstance', path);
      // A sequence entered anew starts its first instance now, the others in turn at its start: only the
      // first can be placed (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md).
      const later = target.instances.find((i) => i > 0);
      if (definition.nodes[scope].multi!.sequential && later !== undefined)
        throw new AppError('validation', { node, name, number: later + 1 }, 'flow.msg.instancesSequential', path);
      continue;
    }
    const bad = target.instances.find((i) => !running.includes(i));
    if (bad !== undefined)
      throw new AppError(
        'validation',
        {
          node,
          name,
          number: bad + 1,
          running: running.map((i) => i + 1).join(', '),
        },
        'flow.msg.badInstance',
        path,
      );
  }
}

/** Whether the target is entered in the running instance `index` (every one when it names none). */
export const enteredIn = (target: Targeted, index: number | undefined): boolean =>
  index === undefined || !target.instances || target.instances.includes(index);

/** The tokens of the running instances no target names, in each held sub-process: they stay, and so
 *  do their tasks. */
export async function stayingTokens(
  trx: Db,
  definition: ProcessDefinition,
  instanceId: string,
  targets: readonly Targeted[],
  held: ReadonlyMap<string, HeldLoop>,
): Promise<string[]> {
  const staying: string[] = [];
  for (const [scope, loop] of held) {
    const inside = targets.filter((t) => loopOf(definition, t.nodeId) === scope);
    const left = loop.running.filter((index) => !inside.some((t) => enteredIn(t, index)));
    if (left.length === 0) continue;
    const rows = await trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', instanceId)
      .where('node_id', 'in', nodesInside(definition, scope))
      .where('loop_index', 'in', left)
      .execute();
    staying.push(...rows.map((r) => r.id));
  }
  return staying;
}
