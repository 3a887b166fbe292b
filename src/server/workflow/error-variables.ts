// The variables an error or escalation boundary event sets when it catches (`camunda:errorCodeVariable`,
// `camunda:errorMessageVariable`, docs/adr/0189-bpmn-errors-cross-call-activities.md; an escalation's
// `camunda:escalationCodeVariable`, docs/adr/0195-escalations-walk-up-and-error-data.md): in the instance
// that goes on from it, the caught code and message (null when it came with none, as Camunda 7 sets
// them), after the variables a worker sent with an error. One place for the three catchers: an external
// task's own boundary, a sub-process around what threw, and the call activity of the instance that threw
// it (or one further up).
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { setVariables } from './variable-changes.ts';
import type { InstanceState, Thrown } from './walk-state.ts';

/** The variables `boundary` sets for `thrown`: those a worker sent with it, then the code and message
 *  under the names the boundary gives (docs/adr/0195-escalations-walk-up-and-error-data.md). */
export function caughtVariables(boundary: ProcessNode, thrown: Pick<Thrown, 'code' | 'message' | 'variables'>) {
  const set: Record<string, unknown> = { ...thrown.variables };
  const names = boundary.errorVariables;
  if (names?.code) set[names.code] = thrown.code ?? null;
  if (names?.message) set[names.message] = thrown.message ?? null;
  return set;
}

/** Sets them in `instance`. */
export async function setCaughtVariables(
  trx: Db,
  instance: InstanceState,
  boundary: ProcessNode,
  thrown: Pick<Thrown, 'code' | 'message' | 'variables'>,
): Promise<void> {
  await setVariables(trx, instance, caughtVariables(boundary, thrown));
}
