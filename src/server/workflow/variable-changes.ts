// What an action did to an instance's variables, for the conditional events that watch one variable or
// some kinds of change (`camunda:variableName`, `camunda:variableEvents`,
// docs/adr/0194-conditional-boundaries-non-interrupting.md). Every change of an instance's variables in
// the engine goes through `setVariables` (or `putBackVariable`, a retraction's), which remember, per
// loaded instance (one action's), the variables as the action found them and the names it set.
import type { VariableEvent } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { InstanceState } from './walk-state.ts';

interface Changes {
  before: Record<string, unknown>;
  set: Set<string>;
}

const changesOf = new WeakMap<InstanceState, Changes>();

/** Sets `values` in `instance` (in memory and in its row). */
export async function setVariables(trx: Db, instance: InstanceState, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  if (names.length === 0) return;
  noteChanged(instance, names);
  instance.form_data = { ...instance.form_data, ...values };
  await trx
    .updateTable('flow_instances')
    .set({ form_data: JSON.stringify(instance.form_data) })
    .where('id', '=', instance.id)
    .execute();
}

function noteChanged(instance: InstanceState, names: readonly string[]): void {
  let changes = changesOf.get(instance);
  if (!changes) changesOf.set(instance, (changes = { before: instance.form_data, set: new Set() }));
  for (const name of names) changes.set.add(name);
}

/** How this action changed the variable `name` of `instance`: created, updated (set, to any value) or
 *  deleted, as Camunda 7 tells them; undefined when the action did not change it. */
export function variableChange(instance: InstanceState, name: string): VariableEvent | undefined {
  const changes = changesOf.get(instance);
  if (!changes?.set.has(name)) return undefined;
  if (!Object.hasOwn(instance.form_data, name)) return 'delete';
  return Object.hasOwn(changes.before, name) ? 'update' : 'create';
}

/** The kinds of change this action made to any variable of `instance`. */
export function variableChanges(instance: InstanceState): Set<VariableEvent> {
  const changes = changesOf.get(instance);
  return new Set([...(changes?.set ?? [])].map((name) => variableChange(instance, name)!));
}

/** Puts `name` back as it was (`was.before`; absent when `was` has none): a retraction taking back what
 *  the retracted submission set (docs/adr/0206-multi-instance-output-collections-kept-in-step.md). */
export async function putBackVariable(
  trx: Db,
  instance: InstanceState,
  name: string,
  was: { before?: unknown },
): Promise<void> {
  if (Object.hasOwn(was, 'before')) return setVariables(trx, instance, { [name]: was.before });
  if (!Object.hasOwn(instance.form_data, name)) return;
  noteChanged(instance, [name]);
  const { [name]: _gone, ...rest } = instance.form_data;
  instance.form_data = rest;
  await trx
    .updateTable('flow_instances')
    .set({ form_data: JSON.stringify(rest) })
    .where('id', '=', instance.id)
    .execute();
}
