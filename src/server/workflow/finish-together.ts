// `finish` of several instances' walks in one statement per definition (docs/adr/0177-timer-group-finished-as-a-set.md):
// what action-steps.ts's `finish` writes for one instance, for each of them (the same statement,
// finish-statement.ts). Only for instances no other walk of the set can change and that have no caller
// and no call activity (a timer group's independent firings, docs/adr/0169-timer-groups-as-sets.md):
// finishing them in any order, or together, writes the same rows.
import type { ProcessDefinition } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { ActionResult } from './action-steps.ts';
import { finishStatement, type WalkToFinish } from './finish-statement.ts';

export type { WalkToFinish };

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
    for (const result of await finishStatement(trx, same, at)) results.set(result.instanceId, result);
  return walks.map(({ state }) => results.get(state.id)!);
}
