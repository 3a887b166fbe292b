// Levels of an instance (docs/adr/0124-embedded-sub-processes-and-ends.md): an embedded sub-process
// holds no token of its own. It is entered at its start and left once an end inside was reached and
// no token stands inside any more; a terminate end empties its level; an error or escalation end is
// caught by a boundary event of the nearest enclosing sub-process that names its code (or any), which
// cancels what runs inside (an escalation may leave it running) and goes on from the boundary event.
// Every step here writes an `auto` history entry on the node (`interrupted` for a level an interrupting
// event left), so the history and the diagram show the level an instance went through.
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import {
  atOf,
  atWithin,
  joinKey,
  joinOfKey,
  tokensAt,
  type LoopAt,
  type LoopFrame,
  type Thrown,
  type WalkState as Walk,
} from './walk-state.ts';
import { callLinks } from './call-links.ts';
import { setCaughtVariables } from './error-variables.ts';
import { dropScope, enterScope } from './sub-process-scopes.ts';

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

/** Whether a node is outside every level emptied in this action (a branch walked later stops there);
 *  inside a multi-instance sub-process a level may be emptied for one instance only (`level@index`), or
 *  for one instance of the outer one only (`level@outer`, `level@outer.inner`). */
export function outsideTerminated(walk: Walk, node: ProcessNode): boolean {
  const at = atOf(walk.loop);
  const emptied = (level: string) =>
    walk.terminated.has(level) ||
    (at !== undefined &&
      (walk.terminated.has(joinKey(level, at)) ||
        (at.inner !== undefined && walk.terminated.has(joinKey(level, { index: at.index })))));
  return !levelsOf(walk.definition, node).some(emptied);
}

/** The instance of a multi-instance sub-process a level is run in by the walk now, when the level is
 *  that sub-process or drawn inside it (docs/adr/0170-multi-instance-ends-boundaries-nested.md); a
 *  level of an outer instance only is that instance's (docs/adr/0197-multi-instance-sub-processes-nested.md). */
function instanceAt(walk: Walk, scope: string): LoopAt | undefined {
  if (!scope) return undefined;
  for (let frame = walk.loop; frame; frame = frame.outer)
    if (scope === frame.scope || within(walk.definition, scope, frame.scope)) return atOf(frame);
  return undefined;
}

/** The frame the walk is in outside the multi-instance sub-process `scope` (the instance of the one it is
 *  drawn in, if any). */
function frameOutside(walk: Walk, scope: string): LoopFrame | undefined {
  for (let frame = walk.loop; frame; frame = frame.outer)
    if (frame.scope !== scope && within(walk.definition, scope, frame.scope)) return frame;
  return undefined;
}

/** A path inside `scope` ended: the sub-process is looked at once the action has walked; inside a
 *  multi-instance sub-process it is the instance's level that is (loop-scopes.ts). */
export function levelEnded(walk: Walk, scope: string): void {
  const loop = walk.loop;
  if (loop?.scope === scope)
    walk.loopEnds.push({ scope, index: loop.index, ...(loop.outer ? { outer: loop.outer } : {}) });
  else walk.scopesToSettle.add(joinKey(scope, instanceAt(walk, scope)));
}

export const noteStep = (walk: Walk, nodeId: string, action: 'auto' | 'interrupted' = 'auto') =>
  walk.trx
    .insertInto('flow_history')
    .values({ instance_id: walk.instance.id, action, node_id: nodeId, at: walk.action.at })
    .execute();

/** A sub-process an interrupting event left is still one the instance went through, but not one it
 *  completed: its entry says `interrupted` (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md). */
export const noteInterruptedStep = (walk: Walk, nodeId: string) => noteStep(walk, nodeId, 'interrupted');

/** The activity an interrupting boundary event (timer, message, condition) left, its token gone: a
 *  multi-instance sub-process's instances go with it; it and a call activity are `interrupted`, not
 *  completed (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md,
 *  docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md); the instance a call activity started
 *  goes when the action settles (cancelOrphans). */
export async function activityInterrupted(walk: Walk, host: ProcessNode): Promise<void> {
  if (host.kind === 'subprocess') {
    // Drawn inside an instance of a multi-instance sub-process, only that instance's level goes.
    const at = instanceAt(walk, host.id);
    await cancelInside(walk, host.id, at);
    if (host.io) await dropScope(walk, host.id, at);
    walk.terminated.add(joinKey(host.id, at));
  }
  if (host.kind === 'subprocess' || host.kind === 'call') await noteInterruptedStep(walk, host.id);
}

/** A flow reaches a sub-process: the walk goes on from the start event inside, in a scope of its own
 *  when it has mappings (sub-process-scopes.ts). */
export async function enterSubProcess(walk: Walk, node: ProcessNode): Promise<void> {
  walk.terminated.delete(joinKey(node.id, instanceAt(walk, node.id)));
  const inside = async () => {
    await noteStep(walk, node.start!);
    await walk.leave(node.start!);
  };
  return node.io ? enterScope(walk, node, inside) : inside();
}

/** The mapped scopes the walk is in outside `scope` (a boundary of it goes on there). */
function scopesOutside(walk: Walk, scope: string) {
  let frame = walk.scopes;
  while (frame && (frame.scope === scope || within(walk.definition, frame.scope, scope))) frame = frame.outer;
  return frame;
}

/** A path reaches an end event. At the process's own level a plain end only ends its path (the action
 *  completes the instance once no token is left); inside a sub-process it asks whether the sub-process
 *  is done. */
export async function endReached(walk: Walk, node: ProcessNode): Promise<void> {
  if (node.end === 'error' || node.end === 'escalation') {
    if (await thrown(walk, node)) return;
  }
  if (node.end === 'terminate') {
    // Inside a multi-instance sub-process only this instance's level is emptied, the others run on.
    const level = node.parent ?? '';
    const index = instanceAt(walk, level);
    await cancelInside(walk, level, index);
    walk.terminated.add(joinKey(level, index));
  }
  if (!node.parent) {
    walk.ended.push(node.id);
    return;
  }
  await noteStep(walk, node.id);
  levelEnded(walk, node.parent);
}

/** An error or escalation thrown by an end event: the nearest enclosing sub-process with a boundary
 *  event for it catches it (true), else the call activity that started this instance, when it has one
 *  (docs/adr/0139-call-activities-and-conditional-events.md). Uncaught, the end is a plain one (Camunda 7 does the same). */
async function thrown(walk: Walk, node: ProcessNode): Promise<boolean> {
  const kind = node.end as 'error' | 'escalation';
  const thrown: Thrown = { kind, code: node.code, ...(node.errorMessage ? { message: node.errorMessage } : {}) };
  if (await caughtAbove(walk, node, thrown, true)) return true;
  return thrownToCaller(walk, node, thrown);
}

/** An escalation's intermediate throw event: caught as an escalation end's is, the path going on after
 *  it unless an interrupting boundary emptied its level or ended the instance
 *  (docs/adr/0195-escalations-walk-up-and-error-data.md). */
export async function escalationThrown(walk: Walk, node: ProcessNode): Promise<void> {
  await noteStep(walk, node.id);
  const inside = enclosingCatcher(walk.definition, node, 'escalation', node.code);
  await thrownFrom(walk, node, { kind: 'escalation', code: node.code });
  if (inside?.catcher.interrupting || walk.thrownTo) return;
  return walk.leave(node.id);
}

/** The nearest sub-process enclosing `node` with a boundary event catching what it throws (a code, or any). */
export function enclosingCatcher(
  definition: ProcessDefinition,
  node: ProcessNode,
  kind: 'error' | 'escalation',
  code: string | undefined,
): { scope: string; catcher: ProcessNode } | undefined {
  for (let scope = node.parent; scope; scope = definition.nodes[scope]?.parent) {
    const catcher = boundariesOf(definition, scope)
      .map((id) => definition.nodes[id])
      .find((b) => b.catches === kind && (b.code === undefined || b.code === code));
    if (catcher) return { scope, catcher };
  }
  return undefined;
}

/** A BPMN error a worker reports at an external task that no boundary of the task catches, an
 *  escalation an intermediate throw event throws, or what came out of a call activity none of whose
 *  boundaries catches it: caught as an end event's is, by the nearest enclosing sub-process, else by the
 *  call activity that started this instance or one further out (true); the entry of `node` is written
 *  already (docs/adr/0184-workers-and-conditions-inside-multi-instance.md, docs/adr/0189-bpmn-errors-cross-call-activities.md,
 *  docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md, docs/adr/0195-escalations-walk-up-and-error-data.md). */
export async function thrownFrom(walk: Walk, node: ProcessNode, thrown: Thrown): Promise<boolean> {
  return (await caughtAbove(walk, node, thrown, false)) || thrownToCaller(walk, node, thrown);
}

/** What a sub-process enclosing `node` catches of what it throws: the interrupted level is cancelled (all
 *  instances, when it is a multi-instance sub-process) and the walk goes on from the boundary event.
 *  `ended`: `node` is an end event, noted here, whose path ended (a non-interrupting catch leaves the
 *  level to settle). */
async function caughtAbove(walk: Walk, node: ProcessNode, thrown: Thrown, ended: boolean): Promise<boolean> {
  const found = enclosingCatcher(walk.definition, node, thrown.kind, thrown.code);
  if (!found) return false;
  const { scope, catcher } = found;
  if (ended) await noteStep(walk, node.id);
  const { trx, instance, definition, loop } = walk;
  const where = { trx, instance, definition, at: atOf(loop), frame: loop, scopes: walk.scopes, seen: walk.variables() };
  await setCaughtVariables(where, catcher, thrown);
  const index = instanceAt(walk, scope);
  const multi = walk.definition.nodes[scope].multi;
  // A multi-instance sub-process drawn inside an instance of another is that instance's.
  const outside = multi ? frameOutside(walk, scope) : undefined;
  const around = atOf(outside);
  if (catcher.interrupting) {
    // A boundary on a multi-instance sub-process cancels every instance, and its token goes (with
    // the timers on it); one on a level inside an instance cancels that instance's level only.
    await cancelInside(walk, scope, multi ? around : index);
    await noteInterruptedStep(walk, scope);
    walk.terminated.add(joinKey(scope, multi ? around : index));
    walk.scopesToSettle.delete(joinKey(scope, index));
    if (walk.definition.nodes[scope].io) await dropScope(walk, scope, index);
    if (multi) {
      let holder = walk.trx
        .deleteFrom('flow_tokens')
        .where('instance_id', '=', walk.instance.id)
        .where('node_id', '=', scope);
      if (around) holder = holder.where('loop_index', '=', around.index);
      await holder.execute();
    }
  } else if (ended && node.parent) levelEnded(walk, node.parent);
  await noteStep(walk, catcher.id);
  // The path after a multi-instance sub-process's boundary runs outside its instances.
  const frame = walk.loop;
  const scopes = walk.scopes;
  if (multi) walk.loop = outside;
  walk.scopes = scopesOutside(walk, scope);
  try {
    await walk.leave(catcher.id);
  } finally {
    walk.loop = frame;
    walk.scopes = scopes;
  }
  return true;
}

/** An error or escalation no sub-process catches (thrown by the end event, intermediate throw event or
 *  external task `node`, or passed on by the call activity `node`), thrown out of this instance when a
 *  call activity above catches it (true). */
async function thrownToCaller(walk: Walk, node: ProcessNode, thrown: Thrown): Promise<boolean> {
  if (!walk.instance.parent_id || !(await callLinks().thrownToCaller(walk, thrown))) return false;
  if (walk.thrownTo) {
    // The caller's boundary interrupts: everything of this instance goes, and it ends here.
    await cancelInside(walk, '');
    walk.terminated.add('');
  }
  if (node.kind === 'call') {
    // An error passed on from a call activity: the instance's last entry says it was interrupted at the
    // call activity, at no end event (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md,
    // docs/adr/0194-conditional-boundaries-non-interrupting.md).
    walk.ended.push(node.id);
    walk.endedBy = 'interrupted';
  } else if (node.kind === 'external' || node.throws) {
    // No end event was reached: the instance's last entry says the worker's error (or the escalation,
    // when it interrupts) ended it at the task (docs/adr/0189-bpmn-errors-cross-call-activities.md);
    // a non-interrupting escalation's path goes on (docs/adr/0195-escalations-walk-up-and-error-data.md).
    if (walk.thrownTo) {
      walk.ended.push(node.id);
      walk.endedBy = 'interrupted';
    }
  } else if (node.parent && !walk.thrownTo) {
    await noteStep(walk, node.id);
    levelEnded(walk, node.parent);
  } else walk.ended.push(node.id);
  return true;
}

/** Everything that runs inside a level goes: its tokens (waiting at joins too, their jobs with them)
 *  and their open tasks; with `at`, only those of that instance of a multi-instance sub-process. */
export async function cancelInside(walk: Walk, scope: string, at?: LoopAt): Promise<void> {
  const inside = nodesInside(walk.definition, scope);
  const { id } = walk.instance;
  let tasks = walk.trx
    .updateTable('flow_tasks')
    .set({ status: 'cancelled', done_at: walk.action.at })
    .where('instance_id', '=', id)
    .where('status', '=', 'open')
    .where('node_id', 'in', inside);
  let tokens = walk.trx.deleteFrom('flow_tokens').where('instance_id', '=', id).where('node_id', 'in', inside);
  if (at) {
    tasks = tasks.where('token_id', 'in', (db) =>
      db
        .selectFrom('flow_tokens')
        .select('id')
        .where('instance_id', '=', id)
        .where('node_id', 'in', inside)
        .where(tokensAt(at)),
    );
    tokens = tokens.where(tokensAt(at));
  }
  await tasks.execute();
  const gone = await tokens.returning('node_id').execute();
  await noteInterrupted(walk, scope, gone);
  const mine = (key: string) => {
    const of = joinOfKey(key);
    return inside.includes(of.joinId) && (!at || atWithin(of.at, at));
  };
  for (const key of walk.waitingJoins) if (mine(key)) walk.waitingJoins.delete(key);
  for (const key of walk.scopesToSettle) if (mine(key)) walk.scopesToSettle.delete(key);
  // Who was given a task in this action is kept per node: one instance's cancelled tasks stay listed.
  if (!at) for (const node of inside) walk.reached.delete(node);
}

/** The sub-processes inside `scope` that `gone` (tokens just cancelled) stood in, or held (a multi-instance
 *  one's token), and the call activities whose token went, are interrupted: each gets its `interrupted`
 *  entry, so the history and the diagram show the instance went through it without completing it
 *  (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md,
 *  docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md,
 *  docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md). */
async function noteInterrupted(walk: Walk, scope: string, gone: ReadonlyArray<{ node_id: string }>): Promise<void> {
  const { definition } = walk;
  const levels = new Set<string>();
  for (const { node_id } of gone) {
    // A call activity left so is interrupted too (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md).
    const kind = definition.nodes[node_id]?.kind;
    if (kind === 'subprocess' || kind === 'call') levels.add(node_id);
    for (let at = definition.nodes[node_id]?.parent; at && at !== scope; at = definition.nodes[at]?.parent)
      levels.add(at);
  }
  for (const level of levels) await noteInterruptedStep(walk, level);
}

/** Once the action has walked its paths: each sub-process an end was reached in this action, with no
 *  token left inside, is done and the walk goes on after it. A sub-process drawn inside a multi-instance
 *  one is settled per instance (`scope@index`): only that instance's tokens keep it, and the walk goes
 *  on in that instance (`inInstance`). True when one was. */
export async function settleScopes(
  walk: Walk,
  inInstance: (scope: string, at: LoopAt | undefined, work: () => Promise<void>) => Promise<void>,
): Promise<boolean> {
  let moved = false;
  for (const key of [...walk.scopesToSettle]) {
    walk.scopesToSettle.delete(key);
    const { joinId: scope, at } = joinOfKey(key);
    let left = walk.trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', walk.instance.id)
      .where('node_id', 'in', nodesInside(walk.definition, scope));
    if (at) left = left.where(tokensAt(at));
    if (await left.executeTakeFirst()) continue; // another path inside still runs; its end settles the sub-process
    walk.terminated.delete(key);
    await inInstance(scope, at, async () => {
      await noteStep(walk, scope);
      await walk.leave(scope);
    });
    moved = true;
  }
  return moved;
}
