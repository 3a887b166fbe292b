// Camunda 8's output collection on a multi-instance approval (docs/adr/0202-multi-instance-output-collections.md):
// each submission's `outputElement` is evaluated over that instance's variables and kept on its task with
// the index of its element in the collection; when the approval completes (every instance done, or its
// completion condition held) the list is set in the process under `outputCollection`, one entry per
// element of the collection in its order, null where no instance completed. The variable the output
// element names alone stays the instance's, as Zeebe keeps it a local variable of the inner instance.
import { ruleValue } from '../../core/rules.ts';
import type { MultiInstanceOutput, ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { setVariables } from './variable-changes.ts';
import type { InstanceState } from './walk-state.ts';

/** The submitted variables the process gets: all but the one the output element names alone. */
export function processVariables(
  output: MultiInstanceOutput | undefined,
  submitted: Record<string, unknown>,
): Record<string, unknown> {
  if (!output?.local || !Object.hasOwn(submitted, output.local)) return submitted;
  const { [output.local]: _kept, ...rest } = submitted;
  return rest;
}

/** The collection's elements as approvals read them: a list, or text split at commas. */
function elementsOf(node: ProcessNode, variables: Record<string, unknown>): unknown[] {
  const value = ruleValue(node.multi!.collection!, { ...variables, form: variables });
  if (Array.isArray(value)) return value;
  return typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

/** Keeps on the submitted task what its instance gives: the output element over the process's
 *  variables, what the submission brought and the instance's element (`inputElement`) and loopCounter. */
export async function keepOutput(
  trx: Db,
  state: InstanceState,
  node: ProcessNode,
  task: { id: string; assignee: string },
  submitted: Record<string, unknown>,
): Promise<void> {
  const output = node.multi!.output!;
  const user = await trx.selectFrom('users').select('loginno').where('id', '=', task.assignee).executeTakeFirst();
  const loginno = user?.loginno.toLowerCase();
  const elements = elementsOf(node, state.form_data);
  // The approvers are the collection's login numbers (docs/adr/0125-multi-instance-approvals.md).
  const index = elements.findIndex((e) => typeof e === 'string' && e.trim().toLowerCase() === loginno);
  const variables: Record<string, unknown> = { ...state.form_data, ...submitted };
  if (index >= 0) {
    if (output.elementVariable) variables[output.elementVariable] = elements[index];
    variables.loopCounter = index + 1;
  }
  const value = ruleValue(output.element, { ...variables, form: variables }) ?? null;
  await trx
    .updateTable('flow_tasks')
    .set({ output: JSON.stringify({ index, value }) })
    .where('id', '=', task.id)
    .execute();
}

/** Sets the output collection of an approval that completed on `tokenId`: the done tasks' outputs at
 *  their elements' places; an element no done task gave is null (cancelled by the completion
 *  condition, or nobody on the job); an output whose submitter is not in the collection (it changed
 *  meanwhile, or the task was reassigned) comes last. */
export async function collectOutput(trx: Db, state: InstanceState, node: ProcessNode, tokenId: string): Promise<void> {
  const output = node.multi!.output!;
  const rows = await trx
    .selectFrom('flow_tasks')
    .select('output')
    .where('instance_id', '=', state.id)
    .where('token_id', '=', tokenId)
    .where('status', '=', 'done')
    .where('output', 'is not', null)
    .orderBy('done_at')
    .execute();
  const list: unknown[] = elementsOf(node, state.form_data).map(() => null);
  const placed = new Set<number>();
  const late: unknown[] = [];
  for (const { output: kept } of rows) {
    if (!kept) continue;
    if (kept.index >= 0 && kept.index < list.length && !placed.has(kept.index)) {
      placed.add(kept.index);
      list[kept.index] = kept.value;
    } else late.push(kept.value);
  }
  await setVariables(trx, state, { [output.collection]: [...list, ...late] });
}
