// Levels of an instance (docs/adr/0124-embedded-sub-processes-and-ends.md): an embedded sub-process
// holds no token of its own. It is entered at its start and left once an end inside was reached and
// no token stands inside any more; a terminate end empties its level; an error or escalation end is
// caught by a boundary event of the nearest enclosing sub-process that names its code (or any), which
// cancels what runs inside (an escalation may leave it running) and goes on from the boundary event.
// Every step here writes an `auto` history entry on the node, so the history and the diagram show
// the level an instance went through.
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import { joinOfKey, type WalkState as Walk } from './walk-state.ts';
import { callLinks } from './call-links.ts';

const insideOf = new WeakMap<ProcessDefinition, Map<string, string[]>>();

/** The ids of the nodes drawn inside a sub-process, at any depth below it ('' the whole process). */
export function nodesInside(definition: ProcessDefinition, scope: string): string[] {
  let byScope = insideOf.get(definition);
  if (!byScope) insideOf.set(definition, (byScope = new Map()));
  let ids = byScope.get(scope);
  if (!ids) byScope.set(scope, (ids = Object.keys(definition.nodes).filter((id) => within(definition, id, scope))));
  return ids;
}

/** Whether a node is drawn inside `scope` ('' the process itself holds every node). */
function within(definition: ProcessDefinition, id: string, scope: string): boolean {
  if (scope === '') return true;
  for (let at = definition.nodes[id]?.parent; at; at = definition.nodes[at]?.parent) if (at === scope) return true;
  return false;
}

const boundaryIndex = new WeakMap<ProcessDefinition, Map<string, string[]>>();

/** The boundary events attached to an activity. */
export function boundariesOf(definition: ProcessDefinition, activity: string): string[] {
  let index = boundaryIndex.get(definition);
  if (!index) {
    boundaryIndex.set(definition, (index = new Map()));
    for (const node of Object.values(definition.nodes))
      if (node.attachedTo) index.set(node.attachedTo, [...(index.get(node.attachedTo) ?? []), node.id]);
  }
  return index.get(activity) ?? [];
}

/** The levels a node is drawn in, innermost first, ending with '' (the process's own). */
function levelsOf(definition: ProcessDefinition, node: ProcessNode): string[] {
  const levels: string[] = [];
  for (let at = node.parent; at; at = definition.nodes[at]?.parent) levels.push(at);
  return [...levels, ''];
}

/** Whether a node is outside every level emptied in this action (a branch walked later stops there). */
export function outsideTerminated(walk: Walk, node: ProcessNode): boolean {
  return !levelsOf(walk.definition, node).some((level) => walk.terminated.has(level));
}

export const noteStep = (walk: Walk, nodeId: string) =>
  walk.trx
    .insertInto('flow_history')
    .values({ instance_id: walk.instance.id, action: 'auto', node_id: nodeId, at: walk.action.at })
    .execute();

/** A flow reaches a sub-process: the walk goes on from the start event inside. */
export async function enterSubProcess(walk: Walk, node: ProcessNode): Promise<void> {
  walk.terminated.delete(node.id);
  await noteStep(walk, node.start!);
  return walk.leave(node.start!);
}

/** A path reaches an end event. At the process's own level a plain end only ends its path (the action
 *  completes the instance once no token is left); inside a sub-process it asks whether the sub-process
 *  is done. */
export async function endReached(walk: Walk, node: ProcessNode): Promise<void> {
  if (node.end === 'error' || node.end === 'escalation') {
    if (await thrown(walk, node)) return;
  }
  if (node.end === 'terminate') {
    await cancelInside(walk, node.parent ?? '');
    walk.terminated.add(node.parent ?? '');
  }
  if (!node.parent) {
    walk.ended.push(node.id);
    return;
  }
  await noteStep(walk, node.id);
  // Inside a multi-instance sub-process the end is one instance's (loop-scopes.ts).
  if (walk.loop?.scope === node.parent) walk.loopEnds.push({ scope: node.parent, index: walk.loop.index });
  else walk.scopesToSettle.add(node.parent);
}

/** An error or escalation thrown by an end event: the nearest enclosing sub-process with a boundary
 *  event for it catches it (true), else the call activity that started this instance, when it has one
 *  (docs/adr/0139-call-activities-and-conditional-events.md). Uncaught, the end is a plain one (Camunda 7 does the same). */
async function thrown(walk: Walk, node: ProcessNode): Promise<boolean> {
  const { definition } = walk;
  for (let scope = node.parent; scope; scope = definition.nodes[scope]?.parent) {
    const catcher = boundariesOf(definition, scope)
      .map((id) => definition.nodes[id])
      .find((b) => b.catches === node.end && (b.code === undefined || b.code === node.code));
    if (!catcher) continue;
    await noteStep(walk, node.id);
    if (catcher.interrupting) {
      await cancelInside(walk, scope);
      walk.terminated.add(scope);
      walk.scopesToSettle.delete(scope);
    } else if (node.parent) walk.scopesToSettle.add(node.parent);
    await noteStep(walk, catcher.id);
    await walk.leave(catcher.id);
    return true;
  }
  if (!walk.instance.parent_id || !(await callLinks().thrownToCaller(walk, node))) return false;
  if (walk.thrownTo) {
    // The caller's boundary interrupts: everything of this instance goes, and it ends here.
    await cancelInside(walk, '');
    walk.terminated.add('');
  }
  if (node.parent && !walk.thrownTo) {
    await noteStep(walk, node.id);
    walk.scopesToSettle.add(node.parent);
  } else walk.ended.push(node.id);
  return true;
}

/** Everything that runs inside a level goes: its tokens (waiting at joins too) and their open tasks. */
export async function cancelInside(walk: Walk, scope: string): Promise<void> {
  const inside = nodesInside(walk.definition, scope);
  const { id } = walk.instance;
  await walk.trx
    .updateTable('flow_tasks')
    .set({ status: 'cancelled', done_at: walk.action.at })
    .where('instance_id', '=', id)
    .where('status', '=', 'open')
    .where('node_id', 'in', inside)
    .execute();
  await walk.trx.deleteFrom('flow_tokens').where('instance_id', '=', id).where('node_id', 'in', inside).execute();
  for (const key of walk.waitingJoins) if (inside.includes(joinOfKey(key).joinId)) walk.waitingJoins.delete(key);
  for (const level of walk.scopesToSettle) if (inside.includes(level)) walk.scopesToSettle.delete(level);
  for (const node of inside) walk.reached.delete(node);
}

/** Once the action has walked its paths: each sub-process an end was reached in this action, with no
 *  token left inside, is done and the walk goes on after it. True when one was. */
export async function settleScopes(walk: Walk): Promise<boolean> {
  let moved = false;
  for (const scope of [...walk.scopesToSettle]) {
    walk.scopesToSettle.delete(scope);
    const left = await walk.trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', walk.instance.id)
      .where('node_id', 'in', nodesInside(walk.definition, scope))
      .executeTakeFirst();
    if (left) continue; // another path inside still runs; its end settles the sub-process
    walk.terminated.delete(scope);
    await noteStep(walk, scope);
    await walk.leave(scope);
    moved = true;
  }
  return moved;
}
