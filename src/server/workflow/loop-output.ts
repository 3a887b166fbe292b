// Camunda 8's output collection on a multi-instance embedded sub-process
// (docs/adr/0212-multi-instance-sub-process-outputs.md). The token holding the instances (loop-scopes.ts)
// keeps the list as it stands, one null per element at first, and each running instance's own variable:
// the one its `outputElement` names alone (`=approved`), null until something inside the instance sets
// it, as Zeebe makes it a local variable of the inner instance. A submission or a worker inside the
// instance that brings it sets it there, not in the process, and everything inside the instance reads it
// over the process's. When an instance ends, `outputElement` is evaluated over its variables and put at
// its element's place; the completion condition reads the list as it stands (as for approvals,
// docs/adr/0206-multi-instance-output-collections-kept-in-step.md); when the sub-process completes the list
// is set where the instance's variables go, the enclosing instance's own or the process's. An
// interrupting boundary on the sub-process ends it without a list, as Zeebe terminates the body.
import { sql } from 'kysely';
import { ruleValue } from '../../core/rules.ts';
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import { frameVariables, type LoopFrame, type WalkState as Walk } from './walk-state.ts';

/** What the holding token keeps (`flow_tokens.loop_output`): the list and each running instance's own
 *  variables, by the instance's index. */
export interface LoopOutput {
  list: unknown[];
  locals: Record<string, Record<string, unknown>>;
}

/** What the holding token of a sub-process collecting output starts with: a null per element. */
export const startingOutput = (node: ProcessNode, items: readonly unknown[]): { loop_output?: string } =>
  node.multi?.output ? { loop_output: JSON.stringify({ list: items.map(() => null), locals: {} }) } : {};

/** Instance `index`'s own variables: the output element's variable, null until set. */
export function ownVariables(
  node: ProcessNode,
  index: number,
  kept: LoopOutput | null | undefined,
): Record<string, unknown> | undefined {
  const local = node.multi?.output?.local;
  if (!local) return undefined;
  return { [local]: null, ...kept?.locals[String(index)] };
}

/** Sets `values` as instance `index`'s own, on the holding token of `scope` (in the outer instance
 *  `outerIndex` when the sub-process is drawn inside another): one statement. */
export async function keepOwn(
  trx: Db,
  instanceId: string,
  scope: string,
  outerIndex: number | undefined,
  index: number,
  values: Record<string, unknown>,
): Promise<void> {
  const key = String(index);
  let update = trx
    .updateTable('flow_tokens')
    .set({
      loop_output: sql`jsonb_set(loop_output, array['locals', ${key}]::text[], coalesce(loop_output->'locals'->${key}, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb)`,
    })
    .where('instance_id', '=', instanceId)
    .where('node_id', '=', scope)
    .where('loop_output', 'is not', null);
  if (outerIndex !== undefined) update = update.where('loop_index', '=', outerIndex);
  await update.execute();
}

/** An instance of `node` ended (`frame`, its own variables as kept): its output element is evaluated over
 *  its variables and put at its place; the list as it now stands is kept on the holding token and
 *  answered under the output collection's name (the completion condition reads it). */
export async function collectInstance(
  walk: Walk,
  node: ProcessNode,
  holderId: string,
  frame: LoopFrame,
  kept: LoopOutput | null,
): Promise<Record<string, unknown>> {
  const output = node.multi?.output;
  if (!output || !kept) return {};
  const variables = frameVariables(walk.instance.form_data, frame);
  const list = [...kept.list];
  list[frame.index] = ruleValue(output.element, { ...variables, form: variables }) ?? null;
  const { [String(frame.index)]: _ended, ...locals } = kept.locals;
  await walk.trx
    .updateTable('flow_tokens')
    .set({ loop_output: JSON.stringify({ list, locals }) })
    .where('id', '=', holderId)
    .execute();
  return { [output.collection]: list };
}
