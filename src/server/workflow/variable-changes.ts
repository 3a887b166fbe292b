// What an action did to an instance's variables, for the conditional events that watch one variable or
// some kinds of change (`camunda:variableName`, `camunda:variableEvents`,
// docs/adr/0194-conditional-boundaries-non-interrupting.md). Every change of an instance's variables in
// the engine goes through `setVariables`, which remembers, per loaded instance (one action's), the
// variables as the action found them and the names it set.
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
  let changes = changesOf.get(instance);
  if (!changes) changesOf.set(instance, (changes = { before: instance.form_data, set: new Set() }));
  for (const name of names) changes.set.add(name);
  instance.form_data = { ...instance.form_data, ...values };
  await trx
    .updateTable('flow_instances')
    .set({ form_data: JSON.stringify(instance.form_data) })
    .where('id', '=', instance.id)
    .execute();
}

/** How this action changed the variable `name` of `instance`: created or updated (set, to any value),
 *  as Camunda 7 tells them; undefined when the action did not set it. */
export function variableChange(instance: InstanceState, name: string): VariableEvent | undefined {
  const changes = changesOf.get(instance);
  if (!changes?.set.has(name)) return undefined;
  return Object.hasOwn(changes.before, name) ? 'update' : 'create';
}

/** The kinds of change this action made to any variable of `instance`. */
export function variableChanges(instance: InstanceState): Set<VariableEvent> {
  const changes = changesOf.get(instance);
  return new Set([...(changes?.set ?? [])].map((name) => variableChange(instance, name)!));
}
