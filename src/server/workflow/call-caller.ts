// How a caller goes on from a call activity whose called instance ended or threw out of itself
// (call-activity.ts): in the walk it shares with the called instance, else in an action of its own with
// its row locked (docs/adr/0139-call-activities-and-conditional-events.md, docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md).
import type { Db } from '../db/schema.ts';
import { finish, instanceRowLocked, record } from './action-steps.ts';
import { inLoopOf } from './loop-scopes.ts';
import { versionById } from './process-versions.ts';
import { Walk } from './walk.ts';
import { atOfRow, type InstanceState, type WalkState } from './walk-state.ts';

/** Levels of instances calling instances: a process that calls itself (directly or through others)
 *  without end is refused at this depth, naming the call activity, instead of filling the tables. */
export const MAX_CALL_DEPTH = 10;

export const noteStep = (trx: Db, instanceId: string, nodeId: string, at: Date, action: 'auto' | 'interrupted') =>
  trx.insertInto('flow_history').values({ instance_id: instanceId, action, node_id: nodeId, at }).execute();

/** The call activity's token the called instance returns to, with its node; undefined once it is gone. */
export const callingToken = (trx: Db, calledId: string) =>
  trx
    .selectFrom('flow_instances as c')
    .innerJoin('flow_tokens as t', 't.id', 'c.parent_token_id')
    .select(['t.id', 't.node_id', 't.loop_index', 't.inner_index', 't.locals'])
    .where('c.id', '=', calledId)
    .executeTakeFirst();

/** The caller, its row locked, with its definition and a walk for an action of its own; undefined
 *  when it no longer runs. */
export async function lockedCaller(trx: Db, callerId: string, at: Date, nodeId: string, entry: 'auto' | 'interrupted') {
  const row = await instanceRowLocked(trx, callerId);
  if (!row || row.status !== 'running') return undefined;
  const { definition } = await versionById(trx, row.version_id);
  const state: InstanceState = { ...row, form_data: row.form_data ?? {} };
  const action = await record(trx, at, row.id, null, entry, nodeId);
  const walk = new Walk(trx, state, definition, action);
  walk.nested = true;
  return walk;
}

export type CallToken = {
  id: string;
  node_id: string;
  loop_index: number | null;
  inner_index: number | null;
  locals: Record<string, unknown> | null;
};

/** How a caller goes on from `nodeId` (after the call activity, or a boundary event that caught what
 *  came out of it): `token` the call activity's, `before` work done first, `entry` its history entry at
 *  `nodeId`, `onward` the way on (by default along the flows out of `nodeId`), `level` how many callers
 *  further up than the direct one it is (then `callerId` names it, docs/adr/0195-escalations-walk-up-and-error-data.md). */
export interface GoingOn {
  token: Pick<CallToken, 'node_id' | 'loop_index' | 'inner_index'>;
  nodeId: string;
  before?: (caller: WalkState) => Promise<void>;
  entry?: 'auto' | 'interrupted';
  onward?: (caller: WalkState) => Promise<unknown>;
  level?: number;
  callerId?: string;
}

/** The caller goes on: in its walk when the two share this action, else in an action of its own. */
export async function callerGoesOn(walk: WalkState, on: GoingOn): Promise<void> {
  const { token, nodeId, entry = 'auto', level = 0 } = on;
  const onward = on.onward ?? ((caller: WalkState) => caller.leave(nodeId));
  const at = walk.action.at;
  // A call activity inside a multi-instance sub-process goes on in its token's instance.
  const goOn = async (caller: WalkState) =>
    inLoopOf(caller, nodeId, { id: null, at: atOfRow(token) }, async () => void (await onward(caller)));
  let shared = walk.caller;
  for (let up = 0; up < level; up++) shared = shared?.caller;
  if (shared) {
    await noteStep(walk.trx, shared.instance.id, nodeId, at, entry);
    await on.before?.(shared);
    return goOn(shared);
  }
  const caller = await lockedCaller(walk.trx, on.callerId ?? walk.instance.parent_id!, at, nodeId, entry);
  if (!caller) return;
  await on.before?.(caller);
  await goOn(caller);
  await finish(walk.trx, caller.instance, caller, caller.action, null);
}
