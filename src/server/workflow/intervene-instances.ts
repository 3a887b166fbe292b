// Which instances of a running multi-instance sub-process an intervention moves, and approvals there
// left to their own rule (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md).
// A target may name the running instances it is entered in (by index); the instances no target names
// keep their tokens and tasks. An approval inside a multi-instance sub-process may be sent without
// approvers: each instance placed resolves the node's rule in its own frame (its element, its variables).
// Two levels deep, a target names the outer instances and, per outer instance, the inner ones; each level
// is checked by the same rules (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { enteredIn, loopKey, loopsAround, tooDeep, type HeldLoop, type Targeted } from './intervene-loops.ts';
import { nodesInside } from './scopes.ts';

/** An approval whose approvers, when the administrator names none, each instance resolves by the node's
 *  own rule: one inside a multi-instance sub-process (one level or two). */
export const approversPerInstance = (definition: ProcessDefinition, nodeId: string): boolean =>
  definition.nodes[nodeId]?.kind === 'manual' &&
  loopsAround(definition, nodeId).length > 0 &&
  !tooDeep(definition, nodeId);

/** The collection a multi-instance sub-process entered anew gives now, where it stands (in the instance
 *  `outer` of the one it is drawn in, if any). */
export type FreshCollection = (scope: string, outer?: number) => unknown[];

/** Refuses, before anything changes, instances named for a node outside every multi-instance
 *  sub-process, and at each level: an index that is not a running instance of the one the instance runs
 *  inside (numbers from 1), and, for one entered anew, an index its collection does not give or, in a
 *  sequence, another than its first. Inner instances are named only two levels deep, and only in outer
 *  instances the target is entered in. */
export function checkInstances(
  definition: ProcessDefinition,
  targets: readonly Targeted[],
  held: ReadonlyMap<string, HeldLoop>,
  fresh: FreshCollection,
): void {
  for (const [index, target] of targets.entries()) {
    const node = definition.nodes[target.nodeId].name;
    const [scope, innerScope] = loopsAround(definition, target.nodeId);
    if (target.inner && !innerScope)
      throw new AppError('validation', { node }, 'flow.msg.innerNotNested', `/submitTo/${index}/inner`);
    if (!target.instances && !target.inner) continue;
    if (!scope)
      throw new AppError('validation', { node }, 'flow.msg.instancesNotRunning', `/submitTo/${index}/instances`);
    const outer = held.get(loopKey(scope));
    const path = `/submitTo/${index}/instances`;
    if (target.instances) checkLevel(definition, { node, scope, path }, target.instances, outer, () => fresh(scope));
    if (!target.inner) continue;
    const entered = target.instances ?? outer?.running ?? fresh(scope).map((_, i) => i);
    for (const [at, choice] of target.inner.entries()) {
      const where = { node, scope: innerScope, path: `/submitTo/${index}/inner/${at}` };
      if (!entered.includes(choice.outer))
        throw new AppError(
          'validation',
          {
            node,
            name: definition.nodes[scope].name,
            number: choice.outer + 1,
            entered: entered.map((i) => i + 1).join(', '),
          },
          'flow.msg.badOuterInstance',
          `${where.path}/outer`,
        );
      checkLevel(
        definition,
        { ...where, path: `${where.path}/instances`, outer: choice.outer },
        choice.instances,
        held.get(loopKey(innerScope, choice.outer)),
        () => fresh(innerScope, choice.outer),
      );
    }
  }
}

/** The instance of one multi-instance level an intervention's default approvers are read in
 *  (areas/flows/node-approvers.ts): `wanted`, refused as an intervention naming it is (`checkLevel`),
 *  else the first running one of one held, else the first its collection gives now; none when it gives
 *  none (docs/adr/0256-intervention-defaults-for-instances-entered-anew.md). */
export function instanceNamed(
  definition: ProcessDefinition,
  where: { node: string; scope: string; path: string; outer?: number },
  wanted: number | undefined,
  held: HeldLoop | undefined,
  fresh: () => unknown[],
): number | undefined {
  if (wanted === undefined) return held ? held.running[0] : fresh().length > 0 ? 0 : undefined;
  checkLevel(definition, where, [wanted], held, fresh);
  return wanted;
}

/** One level's choice: not empty; running instances of one held, else what its collection gives now
 *  (a sequence's first only). Inside an outer instance the messages name it. */
function checkLevel(
  definition: ProcessDefinition,
  where: { node: string; scope: string; path: string; outer?: number },
  chosen: readonly number[],
  held: HeldLoop | undefined,
  fresh: () => unknown[],
): void {
  const { node, scope, path } = where;
  const name = definition.nodes[scope].name;
  // Inner messages name the outer instance they are about (docs/adr/0246-interventions-two-multi-instance-levels-deep.md).
  const inner = where.outer === undefined ? {} : { outer: where.outer + 1, around: outerName(definition, scope) };
  const key = (message: string) => (where.outer === undefined ? message : `${message}Inner`);
  if (chosen.length === 0) throw new AppError('validation', { node }, 'flow.msg.noInstanceChosen', path);
  if (!held) {
    const count = fresh().length;
    const outside = chosen.find((i) => !Number.isInteger(i) || i < 0 || i >= count);
    if (outside !== undefined)
      throw new AppError(
        'validation',
        { node, name, number: outside + 1, count, ...inner },
        key('flow.msg.badNewInstance'),
        path,
      );
    // A sequence entered anew starts its first instance now, the others in turn at its start: only the
    // first can be placed (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md).
    const later = chosen.find((i) => i > 0);
    if (definition.nodes[scope].multi!.sequential && later !== undefined)
      throw new AppError(
        'validation',
        { node, name, number: later + 1, ...inner },
        key('flow.msg.instancesSequential'),
        path,
      );
    return;
  }
  const bad = chosen.find((i) => !held.running.includes(i));
  if (bad !== undefined)
    throw new AppError(
      'validation',
      { node, name, number: bad + 1, running: held.running.map((i) => i + 1).join(', '), ...inner },
      key('flow.msg.badInstance'),
      path,
    );
}

/** The name of the multi-instance sub-process `scope` is drawn in. */
const outerName = (definition: ProcessDefinition, scope: string): string =>
  definition.nodes[loopsAround(definition, scope)[0]]?.name ?? '';

/** The tokens of the running instances no target names, in each held sub-process: they stay, and so
 *  do their tasks. Inside an outer instance, its inner instances no target names stay. */
export async function stayingTokens(
  trx: Db,
  definition: ProcessDefinition,
  instanceId: string,
  targets: readonly Targeted[],
  held: ReadonlyMap<string, HeldLoop>,
): Promise<string[]> {
  const staying: string[] = [];
  for (const loop of held.values()) {
    const depth = loop.outer === undefined ? 0 : 1;
    const inside = targets.filter(
      (t) => loopsAround(definition, t.nodeId)[depth] === loop.scope && (depth === 0 || enteredIn(t, loop.outer)),
    );
    const left = loop.running.filter((index) => !inside.some((t) => enteredIn(t, index, depth, loop.outer)));
    if (left.length === 0) continue;
    let rows = trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', instanceId)
      .where('node_id', 'in', nodesInside(definition, loop.scope));
    rows =
      loop.outer === undefined
        ? rows.where('loop_index', 'in', left)
        : rows.where('loop_index', '=', loop.outer).where('inner_index', 'in', left);
    staying.push(...(await rows.execute()).map((r) => r.id));
  }
  return staying;
}
