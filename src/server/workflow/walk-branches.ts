// The flow an exclusive gateway the walk passes takes (walk.ts): the first whose condition holds, else its
// default; at a choice gateway, the one the acting user chose among those open.
import { evaluateRule } from '../../core/rules.ts';
import type { ProcessNode } from '../../core/workflow/process-definition.ts';
import { AppError } from '../http/app-error.ts';
import type { WalkState } from './walk-state.ts';

/** A walk with the next nodes the acting user chose. */
type Chooser = WalkState & { readonly choice?: readonly string[] };

/** The flow an exclusive gateway takes: the first whose condition holds over the form, else its default. */
export function branchOf(walk: Chooser, node: ProcessNode): string {
  const form = walk.variables();
  const holds = (f: string) => evaluateRule(walk.definition.flows[f].condition!, { ...form, form });
  if (node.choice)
    return chosenBranch(
      walk,
      node,
      node.outgoing.filter((f) => !walk.definition.flows[f].condition || holds(f)),
    );
  const chosen = node.outgoing.find((f) => f !== node.defaultFlow && walk.definition.flows[f].condition && holds(f));
  const flow = chosen ?? node.defaultFlow ?? (node.outgoing.length === 1 ? node.outgoing[0] : undefined);
  if (!flow) throw new AppError('conflict', { name: node.name }, 'workflow.msg.noBranch');
  return flow;
}

/** The flow to the node the acting user chose among `open`; none chosen → the default, else refused
 *  with the options (their node ids in `data.options`, so a caller can ask again with one). */
function chosenBranch(walk: Chooser, node: ProcessNode, open: string[]): string {
  const target = (f: string) => walk.definition.flows[f].target;
  const options = open.map((f) => ({ nodeId: target(f), nodeName: walk.definition.nodes[target(f)].name }));
  const picked = open.filter((f) => walk.choice?.includes(target(f)));
  if (picked.length > 1) throw new AppError('conflict', { name: node.name, options }, 'workflow.msg.oneChoice');
  if (picked.length === 1) return picked[0];
  if (walk.choice?.length)
    throw new AppError(
      'conflict',
      { name: node.name, options, names: options.map((o) => o.nodeName).join(', ') },
      'workflow.msg.notAnOption',
    );
  if (node.defaultFlow && open.includes(node.defaultFlow)) return node.defaultFlow;
  throw new AppError(
    'conflict',
    { name: node.name, options, names: options.map((o) => o.nodeName).join(', ') },
    'workflow.msg.chooseNext',
  );
}
