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

/** What the holding token keeps (`flow_tokens.loop_output`): the list (none when the sub-process collects
 *  no output) and each running instance's own variables, by the instance's index (a caught error's too,
 *  docs/adr/0219-multi-instance-instance-scope-running-list-and-caught-errors.md). */
export interface LoopOutput {
  list?: unknown[];
  locals: Record<string, Record<string, unknown>>;
}

/** What the holding token of a sub-process collecting output starts with: a null per element. */
export const startingOutput = (node: ProcessNode, items: readonly unknown[]): { loop_output?: string } =>
  node.multi?.output ? { loop_output: JSON.stringify({ list: items.map(() => null), locals: {} }) } : {};

/** Instance `index`'s own variables: the output element's variable (null until set), and what was kept. */
export function ownVariables(
  node: ProcessNode,
  index: number,
  kept: LoopOutput | null | undefined,
): Record<string, unknown> | undefined {
  const local = node.multi?.output?.local;
  const own = kept?.locals[String(index)];
  if (!local && !own) return undefined;
  return { ...(local ? { [local]: null } : {}), ...own };
}

/** The names an instance of `node` holds as its own: the variable its output element names alone and
 *  the targets of its inputs (docs/adr/0233-multi-instance-sub-process-mappings.md). */
export const ownNames = (node: ProcessNode): string[] => [
  ...(node.multi?.output?.local ? [node.multi.output.local] : []),
  ...(node.multi?.io?.inputs.map((input) => input.target) ?? []),
];

/** The output collection as it stands, under its name, which expressions inside the instances read (Zeebe's
 *  variable of the multi-instance body, docs/adr/0219-multi-instance-instance-scope-running-list-and-caught-errors.md):
 *  the kept list, a null per element before any was kept; none when the sub-process collects no output. */
export function runningList(
  node: ProcessNode,
  items: readonly unknown[],
  kept: LoopOutput | null | undefined,
): Record<string, unknown> | undefined {
  const output = node.multi?.output;
  return output ? { [output.collection]: kept?.list ?? items.map(() => null) } : undefined;
}

/** Sets `values` as instance `index`'s own, on the holding token of `scope` (in the outer instance
 *  `outerIndex` when the sub-process is drawn inside another): one statement. A sub-process collecting no
 *  output keeps them there too, its list absent. */
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
      loop_output: sql`jsonb_set(coalesce(loop_output, '{"locals":{}}'::jsonb), array['locals', ${key}]::text[], coalesce(loop_output->'locals'->${key}, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb)`,
    })
    .where('instance_id', '=', instanceId)
    .where('node_id', '=', scope)
    .where('loop_items', 'is not', null);
  if (outerIndex !== undefined) update = update.where('loop_index', '=', outerIndex);
  await update.execute();
}

/** An instance of `node` ended (`frame`, its own variables as kept): its output element is evaluated over
 *  its variables and put at its place, its own variables dropped; what the holding token now keeps is
 *  written (one statement, none when nothing was kept) and answered (the list, under the output
 *  collection's name, is what the completion condition and a sequence's next instance read). */
export async function collectInstance(
  walk: Walk,
  node: ProcessNode,
  holderId: string,
  frame: LoopFrame,
  kept: LoopOutput | null,
): Promise<LoopOutput | null> {
  if (!kept) return null;
  const output = node.multi?.output;
  const { [String(frame.index)]: _ended, ...locals } = kept.locals;
  const now: LoopOutput = { ...kept, locals };
  if (output) {
    const variables = frameVariables(walk.instance.form_data, frame);
    now.list = [...(kept.list ?? [])];
    now.list[frame.index] = ruleValue(output.element, { ...variables, form: variables }) ?? null;
  } else if (!_ended) return kept;
  await walk.trx
    .updateTable('flow_tokens')
    .set({ loop_output: JSON.stringify(now) })
    .where('id', '=', holderId)
    .execute();
  return now;
}
