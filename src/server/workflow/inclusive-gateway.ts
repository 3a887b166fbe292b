// Inclusive gateways (docs/adr/0124-embedded-sub-processes-and-ends.md): a fork takes every flow whose
// condition holds (a flow without one always), the default only when none other is taken; a join
// waits for every branch that can still reach it, decided once the action has walked all its paths
// (walk.ts settleJoins), since within one action the walk follows one branch before the next.
import { evaluateRule } from '../../core/rules.ts';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import { AppError } from '../http/app-error.ts';
import { atOfRow, joinKey, type WalkState as Walk } from './walk-state.ts';

/** The flows an inclusive fork takes over the form. */
export function inclusiveBranches(
  definition: ProcessDefinition,
  node: ProcessNode,
  form: Record<string, unknown>,
): string[] {
  const holds = (f: string) => {
    const condition = definition.flows[f].condition;
    return !condition || evaluateRule(condition, { ...form, form });
  };
  const taken = node.outgoing.filter((f) => f !== node.defaultFlow && holds(f));
  if (taken.length > 0) return taken;
  if (node.defaultFlow) return [node.defaultFlow];
  throw new AppError('conflict', { name: node.name }, 'workflow.msg.noBranch');
}

const joinsOf = new WeakMap<ProcessDefinition, string[]>();

/** The inclusive joins of the definition where tokens of earlier actions wait: each is looked at again
 *  once this action has walked (a branch it waited for may have gone elsewhere). No query for a
 *  definition without inclusive joins. */
export async function inclusiveJoinsWaiting(walk: Walk): Promise<string[]> {
  let joins = joinsOf.get(walk.definition);
  if (!joins)
    joinsOf.set(
      walk.definition,
      (joins = Object.values(walk.definition.nodes)
        .filter((n) => n.kind === 'inclusive' && n.incoming.length > 1)
        .map((n) => n.id)),
    );
  if (joins.length === 0) return [];
  const rows = await walk.trx
    .selectFrom('flow_tokens')
    .select(['node_id', 'loop_index', 'inner_index'])
    .distinct()
    .where('instance_id', '=', walk.instance.id)
    .where('state', '=', 'joining')
    .where('node_id', 'in', joins)
    .execute();
  return rows.map((r) => joinKey(r.node_id, atOfRow(r)));
}
