// How the engine's core reaches call activities (docs/adr/0139-call-activities-and-conditional-events.md) without an import
// cycle: a caller's walk starts a called instance, whose action ends with `finish`, which may resume the
// caller, whose walk may start another one. call-activity.ts does that work and registers itself here
// when the server is built (app.ts imports it); the walk and `finish` ask for it here.
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { InstanceState, WalkState } from './walk-state.ts';

export interface CallLinks {
  /** A flow reaches a call activity: its token waits there and the called instance starts. */
  enter(walk: WalkState, node: ProcessNode): Promise<void>;
  /** A called instance's action left no token in it: its caller goes on (after the call activity, or
   *  from the boundary event that caught what it threw). */
  returned(walk: WalkState): Promise<void>;
  /** An error or escalation end in a called instance that nothing there catches: true when its
   *  caller's call activity has a boundary event for it (which then takes the caller on). */
  thrownToCaller(walk: WalkState, end: ProcessNode): Promise<boolean>;
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
