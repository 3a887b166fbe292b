// `finish` of several instances' walks in one statement per definition (docs/adr/0177-timer-group-finished-as-a-set.md):
// the statement actions.ts's `finish` runs for one instance (finish-statement.ts), for each of them, read
// from their own tokens. Only for instances no other walk of the set can change and that have no
// caller and no call activity (a timer group's independent firings, docs/adr/0169-timer-groups-as-sets.md):
// finishing them in any order, or together, writes the same rows.
import type { ProcessDefinition } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { ActionResult } from './actions.ts';
import { finishInstances } from './finish-statement.ts';
import type { ActionStamp, InstanceState } from './walk-state.ts';
import type { Walk } from './walk.ts';

export interface WalkToFinish {
  state: InstanceState;
  walk: Walk;
  action: ActionStamp;
}

/** Finishes the walks, all of one moment (`at`) and no actor (a timer's firing); answers each one's result, in order. */
export async function finishTogether(trx: Db, walks: readonly WalkToFinish[], at: Date): Promise<ActionResult[]> {
  for (const { walk } of walks) await walk.settleJoins();
  const byVersion = new Map<ProcessDefinition, WalkToFinish[]>();
  for (const item of walks) {
    const same = byVersion.get(item.walk.definition);
    if (same) same.push(item);
    else byVersion.set(item.walk.definition, [item]);
  }
  const results = new Map<string, ActionResult>();
  for (const same of byVersion.values())
    for (const result of await finishVersion(trx, same, at)) results.set(result.instanceId, result);
  return walks.map(({ state }) => results.get(state.id)!);
}

/** One statement for walks of one definition (the labels' node names and counts are its own). */
async function finishVersion(trx: Db, walks: readonly WalkToFinish[], at: Date): Promise<ActionResult[]> {
  const tasksOf = (walk: Walk) =>
    [...walk.reached].map(([nodeId, { name, assignees }]) => ({ nodeId, nodeName: name, assignees }));
  const rows = walks.map(({ state, walk, action }) => ({
    instance_id: state.id,
    action_id: action.id,
    to_nodes: tasksOf(walk).map((t) => t.nodeId),
    ended: walk.ended,
    actor_id: null,
    ended_by: 'complete',
  }));
  const byId = new Map((await finishInstances(trx, rows, walks[0].walk, at)).map((row) => [row.instance_id, row]));
  return walks.map(({ state, walk }) => {
    const row = byId.get(state.id)!;
    return {
      instanceId: state.id,
      status: row.running ? 'running' : 'completed',
      tasks: tasksOf(walk),
      people: row.people,
    };
  });
}
