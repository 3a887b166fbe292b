// A task's input and output mappings at run time (docs/adr/0216-input-output-mappings.md). Its inputs,
// evaluated over the instance's variables when it is entered, are its local variables: kept on its token
// (`flow_tokens.locals`), seen by its own expressions, its worker and its form over the instance's, never
// set in the instance. When it is done, what its completion brings is set where it stands (the process,
// or the instance of a multi-instance sub-process it runs in) except the names that are its own, as the
// vendors propagate a variable only up to the scope that holds it; then its outputs, evaluated over all
// of it. Camunda 8 sets only the outputs when there are some.
import { ruleValue } from '../../core/rules.ts';
import { loopCounterOf } from '../../core/workflow/loop-counter.ts';
import type { IoMappings, ProcessNode, VariableAssignment } from '../../core/workflow/process-types.ts';

const valueOf = (a: VariableAssignment, seen: Record<string, unknown>) =>
  'literal' in a.value ? a.value.literal : (ruleValue(a.value.rule, { ...seen, form: seen }) ?? null);

/** The task's local variables on entry (each input sees those before it); none without inputs. */
export function inputLocals(
  node: ProcessNode,
  variables: Record<string, unknown>,
): Record<string, unknown> | undefined {
  return node.io?.inputs.length ? inputValues(node.io, variables) : undefined;
}

/** The inputs of `io` evaluated in order over `variables`, each seeing those before it. */
export function inputValues(io: IoMappings, variables: Record<string, unknown>): Record<string, unknown> {
  const locals: Record<string, unknown> = {};
  for (const input of io.inputs) locals[input.target] = valueOf(input, { ...variables, ...locals });
  return locals;
}

/** The inputs a task's token keeps: none at a multi-instance approval, whose inputs are each inner
 *  instance's, kept on its task (instanceInputs). */
export const tokenInputs = (node: ProcessNode, variables: Record<string, unknown>) =>
  node.multi ? undefined : inputLocals(node, variables);

/** The inputs of the inner instance at `index` (0-based) of a multi-instance approval: evaluated over
 *  the variables with its element under the element variable and its loopCounter (numbered as the file's
 *  engine numbers it, loop-counter.ts), as Zeebe and Camunda 7 evaluate them on each inner instance's activation. `index` -1: an instance outside the collection. */
export function instanceInputs(
  node: ProcessNode,
  variables: Record<string, unknown>,
  index: number,
  elements: readonly unknown[] = [],
): Record<string, unknown> | undefined {
  if (index < 0) return inputLocals(node, variables);
  const variable = node.multi?.elementVariable;
  const own = variable && index < elements.length ? { [variable]: elements[index] } : {};
  return inputLocals(node, { ...variables, ...own, loopCounter: loopCounterOf(node.multi, index) });
}

/** The token column that keeps them. */
export const localsColumn = (locals: Record<string, unknown> | undefined): { locals?: string } =>
  locals ? { locals: JSON.stringify(locals) } : {};

/** The outputs evaluated over `scope` (a task's or a sub-process's variables when it completes). */
export const outputValues = (io: IoMappings, scope: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(io.outputs.map((o) => [o.target, valueOf(o, scope)]));

/** What a task with mappings sets where it stands when it is done: `seen` the variables where it stands,
 *  `locals` its own, `result` what its completion brings (a form, a worker's variables). */
export function completedVariables(
  io: IoMappings,
  seen: Record<string, unknown>,
  locals: Record<string, unknown> | null | undefined,
  result: Record<string, unknown>,
): Record<string, unknown> {
  const own = locals ?? {};
  const scope = { ...seen, ...own, ...result };
  const outputs = outputValues(io, scope);
  if (io.outputsOnly) return outputs;
  const propagated = Object.fromEntries(Object.entries(result).filter(([name]) => !Object.hasOwn(own, name)));
  return { ...propagated, ...outputs };
}
