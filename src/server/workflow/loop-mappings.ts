// Input/output mappings of a multi-instance embedded sub-process
// (docs/adr/0233-multi-instance-sub-process-mappings.md): Zeebe and Camunda 7 apply them to each inner
// instance. Its inputs, evaluated when it starts over the variables where the sub-process stands with the
// instance's element and loopCounter, are its own variables (kept with the others it owns on the holding
// token, loop-output.ts): everything inside reads them, and a variable set inside under one of their names
// stays the instance's. Its outputs, evaluated over its variables when it ends, are set where the
// sub-process stands (the process, or an enclosing instance), before its output element is collected,
// which thus reads them.
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import { keepOwn } from './loop-output.ts';
import { inputValues, outputValues } from './task-locals.ts';
import { keepInInstance } from './variable-homes.ts';
import { atOf, frameVariables, type LoopFrame, type WalkState as Walk } from './walk-state.ts';

/** Instance `frame` of `node` starts, the walk in its frame: its inputs are kept as its own, on the holding
 *  token (one statement) and in the frame. */
export async function startInstance(walk: Walk, node: ProcessNode, frame: LoopFrame): Promise<void> {
  const locals = withInputs(node, frame, walk.variables());
  if (locals) await keepOwn(walk.trx, walk.instance.id, node.id, frame.outer?.index, frame.index, locals);
}

/** The inputs of instance `frame` of `node`, evaluated over `seen` (the variables in its frame), put in
 *  the frame as its own; none without inputs. An intervention's defaults for an instance it would start
 *  read the frame so (docs/adr/0256-intervention-defaults-for-instances-entered-anew.md). */
export function withInputs(
  node: ProcessNode,
  frame: LoopFrame,
  seen: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const io = node.multi?.io;
  if (!io?.inputs.length) return undefined;
  const locals = inputValues(io, seen);
  frame.locals = { ...frame.locals, ...locals };
  return locals;
}

/** Instance `ended` of `node` ended: its outputs are set where the sub-process stands and put over its
 *  own variables, which its output element is then evaluated over. */
export async function endInstance(walk: Walk, node: ProcessNode, ended: LoopFrame): Promise<void> {
  const io = node.multi?.io;
  if (!io?.outputs.length) return;
  const outputs = outputValues(io, frameVariables(walk.instance.form_data, ended));
  ended.locals = { ...ended.locals, ...outputs };
  const { trx, instance, definition } = walk;
  await keepInInstance(trx, instance, definition, node.id, atOf(ended.outer), outputs, ended.outer, walk.scopes);
}
