// The variables an error or escalation boundary event sets when it catches (`camunda:errorCodeVariable`,
// `camunda:errorMessageVariable`, docs/adr/0189-bpmn-errors-cross-call-activities.md; an escalation's
// `camunda:escalationCodeVariable`, docs/adr/0195-escalations-walk-up-and-error-data.md): in the instance
// that goes on from it, the caught code and message (null when it came with none, as Camunda 7 sets
// them), after the variables a worker sent with an error. One place for the three catchers: an external
// task's own boundary, a sub-process around what threw, and the call activity of the instance that threw
// it (or one further up). A boundary drawn inside an instance of a multi-instance sub-process sets them
// as that instance's own, where its path goes on
// (docs/adr/0219-multi-instance-instance-scope-running-list-and-caught-errors.md). A boundary with Zeebe
// output mappings keeps what it caught as its own and sets only its outputs, where it stands
// (docs/adr/0221-sub-process-variable-scopes.md).
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { keepOwn } from './loop-output.ts';
import { loopOf } from './loop-of.ts';
import { completedVariables } from './task-locals.ts';
import { setVariables } from './variable-changes.ts';
import { keepInInstance } from './variable-homes.ts';
import type { InstanceState, LoopAt, LoopFrame, ScopeFrame, Thrown } from './walk-state.ts';

/** The variables `boundary` sets for `thrown`: those a worker sent with it, then the code and message
 *  under the names the boundary gives (docs/adr/0195-escalations-walk-up-and-error-data.md). */
export function caughtVariables(boundary: ProcessNode, thrown: Pick<Thrown, 'code' | 'message' | 'variables'>) {
  const set: Record<string, unknown> = { ...thrown.variables };
  const names = boundary.errorVariables;
  if (names?.code) set[names.code] = thrown.code ?? null;
  if (names?.message) set[names.message] = thrown.message ?? null;
  return set;
}

/** Where the boundary is caught from: the instance `at` of what threw (or of the call activity, the task
 *  it is attached to), at that level or one inside it; `frame`, the walk's in memory when it goes on there. */
export interface CaughtAt {
  trx: Db;
  instance: InstanceState;
  definition: ProcessDefinition;
  at: LoopAt | undefined;
  frame?: LoopFrame;
  scopes?: ScopeFrame;
  /** The variables where the boundary stands, which its outputs read (the process's when not given). */
  seen?: Record<string, unknown>;
}

/** Sets `values` that `boundaryId` caught: inside a multi-instance sub-process, as the own variables of the
 *  instance its path goes on in (one statement on the holding token, and in `frame`); else the process's. */
export async function keepCaught(where: CaughtAt, boundaryId: string, values: Record<string, unknown>): Promise<void> {
  const { trx, instance, definition, at } = where;
  const io = definition.nodes[boundaryId]?.io;
  if (io) {
    const outputs = completedVariables(io, where.seen ?? instance.form_data, null, values);
    return keepInInstance(trx, instance, definition, boundaryId, at, outputs, where.frame, where.scopes);
  }
  const level = loopOf(definition, boundaryId);
  const inner = level !== undefined && loopOf(definition, level) !== undefined;
  const index = inner ? at?.inner : at?.index;
  if (!level || !at || index === undefined) return setVariables(trx, instance, values);
  await keepOwn(trx, instance.id, level, inner ? at.index : undefined, index, values);
  for (let f = where.frame; f; f = f.outer) if (f.scope === level) f.locals = { ...f.locals, ...values };
}

/** Sets what `boundary` caught of `thrown` (caughtVariables) where its path goes on. */
export const setCaughtVariables = (
  where: CaughtAt,
  boundary: ProcessNode,
  thrown: Pick<Thrown, 'code' | 'message' | 'variables'>,
): Promise<void> => keepCaught(where, boundary.id, caughtVariables(boundary, thrown));
