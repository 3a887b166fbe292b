// Approvers an intervention chooses for a multi-instance approval are its instances, in the order given
// (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md): the i-th does instance i,
// or at an approval whose assignee is computed the instance its `userindexes` entry names (0240). Each of
// their tasks keeps its index and the whole choice (`flow_tasks.output.chosen`), so a sequence opens the
// first and each next in turn, and the counts (nrOfInstances) are the chosen instances', not those the
// node's rules or collection would give now; nothing is found back from a user (one user may do two).
import type { ProcessNode } from '../../core/workflow/process-definition.ts';
import { AppError } from '../http/app-error.ts';
import { elementsOf, slotOf, type ChosenInstance, type KeptOutput } from './multi-instance-output.ts';

/** The instances `approvers` do, in order: at `indexes` when the intervention gave them, else at their
 *  places. An index the collection has not is refused, nothing changed. */
export function chosenInstances(
  node: ProcessNode,
  variables: Record<string, unknown>,
  approvers: readonly string[],
  indexes: readonly number[] | undefined,
): ChosenInstance[] {
  if (indexes) {
    const count = elementsOf(node, variables).length;
    const outside = indexes.find((i) => i >= count);
    if (outside !== undefined)
      throw new AppError('validation', { node: node.name, number: outside + 1, count }, 'flow.msg.badApproverIndex');
  }
  return approvers.map((user, i) => ({ user, index: indexes ? indexes[i] : i }));
}

/** The tasks an approval's chosen instances open on entry: all of them, or a sequence's first. */
export const enteredInstances = (node: ProcessNode, chosen: readonly ChosenInstance[]): readonly ChosenInstance[] =>
  node.multi!.sequential ? chosen.slice(0, 1) : chosen;

/** The `output` column of the task doing `instance` among `chosen`. */
export const chosenOutput = (instance: ChosenInstance, chosen: readonly ChosenInstance[]): string =>
  JSON.stringify({ index: instance.index, chosen });

/** The instances chosen for the approval a token's tasks are on; undefined when its approvers were not
 *  chosen by an intervention. */
export const chosenOf = (tasks: ReadonlyArray<{ output: KeptOutput | null }>): ChosenInstance[] | undefined =>
  tasks.find((t) => t.output?.chosen)?.output?.chosen;

/** A sequence's next chosen instance: the first in order whose index no done task did. */
export function nextChosen(
  chosen: readonly ChosenInstance[],
  done: ReadonlyArray<{ output: KeptOutput | null }>,
): ChosenInstance | undefined {
  const did = new Set(done.map((t) => slotOf(t.output)));
  return chosen.find((c) => !did.has(c.index));
}
