// Which instance of a multi-instance approval collecting output a reassigned task carries on
// (docs/adr/0206-multi-instance-output-collections-kept-in-step.md): the task a batch makes in place of a
// cancelled one keeps that one's place in the collection, so its approver's output goes into the slot
// of the instance it took over, not after the list. On each token: a new approver whose own place (its
// login number in the collection) is one of the cancelled tasks' takes it; the others take the rest in
// the order the cancelled tasks were opened; one left over (more new approvers than cancelled tasks)
// keeps none, and its output comes last. In a sequence the approver whose instance a substitute did is
// not asked again.
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { elementsOf, placeIn, slotOf, type KeptOutput } from './multi-instance-output.ts';
import type { InstanceState } from './walk-state.ts';

interface Cancelled {
  token_id: string | null;
  node_id: string;
  assignee_id: string;
  output: KeptOutput | null;
}

interface Made {
  token_id: string | null;
  node_id: string;
  assignee_id: string;
}

/** The output column of each task in `made` (same order): `{ "index": n }` where it takes over an
 *  instance, null elsewhere. No statement unless a cancelled task is at an approval collecting output. */
export async function reassignedSlots(
  trx: Db,
  state: InstanceState,
  definition: ProcessDefinition,
  cancelled: readonly Cancelled[],
  made: readonly Made[],
): Promise<Array<string | null>> {
  const slots: Array<string | null> = made.map(() => null);
  const collecting = cancelled.filter((t) => t.token_id && definition.nodes[t.node_id]?.multi?.output);
  if (collecting.length === 0) return slots;
  const ids = [...new Set([...collecting, ...made].map((t) => t.assignee_id))];
  const users = await trx.selectFrom('users').select(['id', 'loginno']).where('id', 'in', ids).execute();
  const loginOf = new Map(users.map((u) => [u.id, u.loginno]));
  for (const token of new Set(collecting.map((t) => t.token_id))) {
    const onToken = collecting.filter((t) => t.token_id === token);
    const elements = elementsOf(definition.nodes[onToken[0].node_id], state.form_data);
    const placeOf = (user: string) => placeIn(elements, loginOf.get(user));
    const held = onToken.map((t) => slotOf(t.output) ?? placeOf(t.assignee_id)).filter((i) => i >= 0);
    const news = made.flatMap((m, i) => (m.token_id === token ? [i] : []));
    const paired = pairSlots(
      held,
      news.map((i) => placeOf(made[i].assignee_id)),
    );
    news.forEach((m, k) => {
      if (paired[k] !== undefined) slots[m] = JSON.stringify({ index: paired[k] });
    });
  }
  return slots;
}

/** The places the new approvers of one token take among `held` (the cancelled tasks' places, in the order
 *  they were opened), given each one's own place (-1: not in the collection): its own when held, else the
 *  next held one left; undefined when none is left. */
export function pairSlots(held: readonly number[], own: readonly number[]): Array<number | undefined> {
  const free = [...held];
  const taken = own.map((place) => {
    const at = free.indexOf(place);
    return at >= 0 ? free.splice(at, 1)[0] : undefined;
  });
  return taken.map((place) => place ?? free.shift());
}

/** In a sequence collecting output, the approvers not to ask because a task a batch made did their
 *  instance (its kept place is theirs in the collection). A statement only when such a task is done. */
export async function stoodInFor(
  trx: Db,
  node: ProcessNode,
  variables: Record<string, unknown>,
  tasks: ReadonlyArray<{
    assignee_id: string;
    status: string;
    output: KeptOutput | null;
    made_by_batch: string | null;
  }>,
  approvers: readonly string[],
): Promise<string[]> {
  if (!node.multi?.output) return [];
  const places = new Set(
    tasks.flatMap((t) => (t.status === 'done' && t.made_by_batch && t.output ? [t.output.index] : [])),
  );
  const done = new Set(tasks.filter((t) => t.status === 'done').map((t) => t.assignee_id));
  const waiting = approvers.filter((a) => !done.has(a));
  if (places.size === 0 || waiting.length === 0) return [];
  const users = await trx.selectFrom('users').select(['id', 'loginno']).where('id', 'in', waiting).execute();
  const elements = elementsOf(node, variables);
  return users.filter((u) => places.has(placeIn(elements, u.loginno))).map((u) => u.id);
}
