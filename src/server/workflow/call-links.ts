// How the engine's core reaches call activities (docs/adr/0139-call-activities-and-conditional-events.md) without an import
// cycle: a caller's walk starts a called instance, whose action ends with `finish`, which may resume the
// caller, whose walk may start another one. call-activity.ts does that work and registers itself here
// when the server is built (app.ts imports it); the walk and `finish` ask for it here.
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { InstanceState, Thrown, WalkState } from './walk-state.ts';

export type { Thrown };

export interface CallLinks {
  /** A flow reaches a call activity: its token waits there and the called instance starts. */
  enter(walk: WalkState, node: ProcessNode): Promise<void>;
  /** A called instance's action left no token in it: its caller goes on (after the call activity, or
   *  from the boundary event that caught what it threw). */
  returned(walk: WalkState): Promise<void>;
  /** An error or escalation that nothing in a called instance catches (thrown by an end event, an
   *  escalation's throw event, or a worker's BPMN error at an external task): true when a boundary event
   *  up the call activities catches it (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md,
   *  docs/adr/0195-escalations-walk-up-and-error-data.md), which then takes its caller on. */
  thrownToCaller(walk: WalkState, thrown: Thrown): Promise<boolean>;
  /** Whether a boundary event up the call activities that started `instance` catches `thrown` (asked
   *  before a worker's error is taken, docs/adr/0189-bpmn-errors-cross-call-activities.md). */
  callerCatches(trx: Db, instance: Pick<InstanceState, 'id' | 'parent_id'>, thrown: Thrown): Promise<boolean>;
  /** The running instances called by `instance` whose call activity no longer holds a token (it was
   *  interrupted, terminated, sent back, moved, or the whole caller deleted) are deleted, with theirs. */
  cancelOrphans(trx: Db, instance: Pick<InstanceState, 'id'>, at: Date): Promise<void>;
}

let links: CallLinks | undefined;

export function linkCalls(implementation: CallLinks): void {
  links = implementation;
}

export function callLinks(): CallLinks {
  if (!links) throw new Error('call activities are not linked: import src/server/workflow/call-activity.ts');
  return links;
}
