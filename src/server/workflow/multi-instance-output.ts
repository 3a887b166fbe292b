// Camunda 8's output collection on a multi-instance approval (docs/adr/0202-multi-instance-output-collections.md,
// docs/adr/0206-multi-instance-output-collections-kept-in-step.md): each submission's `outputElement` is
// evaluated over that instance's variables and kept on its task with the index of its element in the
// collection; while the approval runs its completion condition reads the list as it stands (Zeebe's
// variable of the multi-instance body); when the approval completes, or an intervention moves its token
// off, the list is set in the process under `outputCollection`, one entry per element of the collection
// in its order, null where no instance completed. A retraction of the submission that completed it puts
// back what the process held before. The variable the output element names alone stays the instance's,
// as Zeebe keeps it a local variable of the inner instance.
import { sql } from 'kysely';
import { ruleValue } from '../../core/rules.ts';
import { loopCounterOf } from '../../core/workflow/loop-counter.ts';
import type { MultiInstanceOutput, ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { putBackVariable, setVariables } from './variable-changes.ts';
import type { InstanceState } from './walk-state.ts';

/** What a task of a multi-instance approval keeps (`flow_tasks.output`): `for`, on a task done in
 *  another approver's place, whose instance it does (multi-instance-slots.ts); at an approval collecting
 *  output, once submitted, `index`, its instance's place in the collection, and `value`, what it gave;
 *  `set`, on the submission that completed the approval, the list's variable as that completion found it
 *  (`before`, absent when the process had none); `chosen`, on the tasks of approvers an intervention chose,
 *  the instances it chose (multi-instance-chosen.ts), with `index` from the task's opening. */
export interface KeptOutput {
  for?: string;
  index?: number;
  chosen?: ChosenInstance[];
  value?: unknown;
  set?: { before?: unknown };
  /** On a task a completion condition cancelled, the action that completed the approval (multi-instance-reopen.ts). */
  ended?: number;
}

/** One instance an intervention chose: who does it and its index (multi-instance-chosen.ts). */
export interface ChosenInstance {
  user: string;
  index: number;
}

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
export function elementsOf(node: ProcessNode, variables: Record<string, unknown>): unknown[] {
  const value = ruleValue(node.multi!.collection!, { ...variables, form: variables });
  if (Array.isArray(value)) return value;
  return typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

/** Where a login number is in the collection (the approvers are its login numbers,
 *  docs/adr/0125-multi-instance-approvals.md); -1 when it is not. */
export const placeIn = (elements: readonly unknown[], loginno: string | undefined): number =>
  loginno === undefined
    ? -1
    : elements.findIndex((e) => typeof e === 'string' && e.trim().toLowerCase() === loginno.toLowerCase());

/** The place a task keeps for its instance (a retracted one's). */
export const slotOf = (kept: KeptOutput | null | undefined): number | undefined =>
  kept?.index !== undefined && kept.index >= 0 ? kept.index : undefined;

/** Whether the output element names the list (a word of its text, the name being a plain identifier,
 *  structure-elements.ts): only then is the list read for it. */
const readsList = (output: MultiInstanceOutput): boolean =>
  new RegExp(`\\b${output.collection}\\b`).test(output.element);

/** The outputs the token's other done tasks kept, in the order they were given. */
const doneOutputs = sql<Array<KeptOutput | null> | null>`(select jsonb_agg(d.output order by d.done_at) from flow_tasks d
  where d.instance_id = flow_tasks.instance_id and d.token_id = flow_tasks.token_id and d.status = 'done' and d.id <> flow_tasks.id)`;

/** Keeps on the submitted task what its instance gives: the output element over the process's
 *  variables (`seen`: inside an instance of a multi-instance sub-process, that instance's,
 *  docs/adr/0212-multi-instance-sub-process-outputs.md), what the submission brought and the instance's
 *  element (`inputElement`) and loopCounter.
 *  The instance is the place the task kept (a retracted one's), else that of the approver whose
 *  instance it does (its own, or the one it stands in for, multi-instance-slots.ts) in the collection. */
export async function keepOutput(
  trx: Db,
  state: InstanceState,
  node: ProcessNode,
  taskId: string,
  submitted: Record<string, unknown>,
  seen: Record<string, unknown> = state.form_data,
): Promise<void> {
  const output = node.multi!.output!;
  const task = await trx
    .selectFrom('flow_tasks')
    .innerJoin('users', (join) =>
      join.on(sql<boolean>`users.id = coalesce(flow_tasks.output->>'for', flow_tasks.assignee_id)`),
    )
    .select(['users.loginno', 'flow_tasks.output'])
    .$if(readsList(output), (qb) => qb.select(doneOutputs.as('done')))
    .where('flow_tasks.id', '=', taskId)
    .executeTakeFirst();
  const elements = elementsOf(node, seen);
  const index = slotOf(task?.output) ?? placeIn(elements, task?.loginno);
  // An element that reads the list sees it as it stands, before its own entry, as Zeebe's inner
  // instance sees its body's variable (docs/adr/0210-multi-instance-countersign-kept-whole.md).
  const running = task?.done !== undefined ? { [output.collection]: outputList(node, seen, task.done ?? []) } : {};
  const variables: Record<string, unknown> = { ...seen, ...running, ...submitted };
  if (index >= 0) {
    if (output.elementVariable) variables[output.elementVariable] = elements[index];
    variables.loopCounter = loopCounterOf(node.multi, index);
  }
  const value = ruleValue(output.element, { ...variables, form: variables }) ?? null;
  await trx
    .updateTable('flow_tasks')
    .set({ output: JSON.stringify({ ...keptPlace(task?.output), index, value }) })
    .where('id', '=', taskId)
    .execute();
}

/** The list as the done tasks' outputs make it: each at its element's place, null elsewhere (cancelled
 *  by the completion condition, not reached, nobody on the job); an output whose place is outside the
 *  collection, or taken already (the collection changed meanwhile), comes last. */
export function outputList(
  node: ProcessNode,
  variables: Record<string, unknown>,
  kept: ReadonlyArray<KeptOutput | null>,
): unknown[] {
  const list: unknown[] = elementsOf(node, variables).map(() => null);
  const placed = new Set<number>();
  const late: unknown[] = [];
  for (const output of kept) {
    if (!output || !Object.hasOwn(output, 'value')) continue;
    const index = output.index ?? -1;
    if (index >= 0 && index < list.length && !placed.has(index)) {
      placed.add(index);
      list[index] = output.value;
    } else late.push(output.value);
  }
  return [...list, ...late];
}

/** Sets the output collection of an approval whose token `tokenId` leaves it: completed (`completing`,
 *  the submission that did, keeps what the variable was, for a retraction) or moved off by an
 *  intervention. Inside an instance of a multi-instance sub-process (`within`) the collection is read
 *  from that instance's variables and the list set as its own (docs/adr/0212-multi-instance-sub-process-outputs.md). */
export async function collectOutput(
  trx: Db,
  state: InstanceState,
  node: ProcessNode,
  tokenId: string,
  completing?: string,
  within?: { seen: Record<string, unknown>; set(values: Record<string, unknown>): Promise<void> },
): Promise<void> {
  const { collection } = node.multi!.output!;
  const rows = await trx
    .selectFrom('flow_tasks')
    .select(['id', 'output'])
    .where('instance_id', '=', state.id)
    .where('token_id', '=', tokenId)
    .where('status', '=', 'done')
    .where('output', 'is not', null)
    .orderBy('done_at')
    .execute();
  const own = rows.find((r) => r.id === completing)?.output;
  if (own) {
    const set = Object.hasOwn(state.form_data, collection) ? { before: state.form_data[collection] } : {};
    await trx
      .updateTable('flow_tasks')
      .set({ output: JSON.stringify({ ...own, set }) })
      .where('id', '=', completing!)
      .execute();
  }
  const list = outputList(
    node,
    within?.seen ?? state.form_data,
    rows.map((r) => r.output),
  );
  await (within ? within.set({ [collection]: list }) : setVariables(trx, state, { [collection]: list }));
}

/** Whose instance a task does, as its output column keeps it (multi-instance-slots.ts), and the
 *  instances an intervention chose (multi-instance-chosen.ts): kept through a submission and a retraction. */
const keptPlace = (kept: KeptOutput | null | undefined) => ({
  ...(kept?.for ? { for: kept.for } : {}),
  ...(kept?.chosen ? { chosen: kept.chosen } : {}),
});

/** A retracted task's output column: its instance's place and whose instance it does kept, what it gave gone. */
export const reopenedOutput = (kept: KeptOutput | null): string | null => {
  const slot = slotOf(kept);
  const place = { ...keptPlace(kept), ...(slot === undefined ? {} : { index: slot }) };
  return Object.keys(place).length === 0 ? null : JSON.stringify(place);
};

/** A retraction of the submission that completed the approval: its list goes, what the process held
 *  before comes back (the approval runs again, and while it runs the list is its own). */
export async function takeBackList(trx: Db, state: InstanceState, node: ProcessNode, kept: KeptOutput): Promise<void> {
  if (!kept.set || !node.multi?.output) return;
  await putBackVariable(trx, state, node.multi.output.collection, kept.set);
}
