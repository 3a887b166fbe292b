// Whose instance of a multi-instance approval a task does
// (docs/adr/0208-multi-instance-instances-kept-by-whom-they-are-for.md, after
// docs/adr/0206-multi-instance-output-collections-kept-in-step.md): an approver's own, or, on a task a
// batch made in place of a cancelled one, the instance that one did, kept on the task
// (`flow_tasks.output.for`). One mechanism for every multi-instance approval: a sequence's next turn is
// the first approver whose instance no done task did, so the approver a stand-in replaced is not asked
// again and a stand-in who is also a later approver still gets its own turn; an approval collecting
// output puts the stand-in's output in the slot of the instance it did. On each token: a new approver
// whose own instance was one of the cancelled tasks' keeps it; the others take the rest in the order the
// cancelled tasks were opened; one left over (more new approvers than cancelled tasks) does its own.
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { KeptOutput } from './multi-instance-output.ts';

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

/** The approver whose instance a task does: the one it stands in for, else its own. */
export const instanceOf = (task: { assignee_id: string; output: KeptOutput | null }): string =>
  task.output?.for ?? task.assignee_id;

/** The output column of each task in `made` (same order): `{ "for": user }` where it does another
 *  approver's instance at a multi-instance approval, null elsewhere. No statement. */
export function reassignedSlots(
  definition: ProcessDefinition,
  cancelled: readonly Cancelled[],
  made: readonly Made[],
): Array<string | null> {
  const slots: Array<string | null> = made.map(() => null);
  const looping = cancelled.filter((t) => t.token_id && definition.nodes[t.node_id]?.multi);
  for (const token of new Set(looping.map((t) => t.token_id))) {
    const held = looping.filter((t) => t.token_id === token).map(instanceOf);
    const news = made.flatMap((m, i) => (m.token_id === token ? [i] : []));
    const paired = pairSlots(
      held,
      news.map((i) => made[i].assignee_id),
    );
    news.forEach((m, k) => {
      const owner = paired[k];
      if (owner !== undefined && owner !== made[m].assignee_id) slots[m] = JSON.stringify({ for: owner });
    });
  }
  return slots;
}

/** The instances the new approvers of one token take among `held` (the cancelled tasks', in the order
 *  they were opened), given each one's own: its own when held, else the next held one left; undefined
 *  when none is left. */
export function pairSlots<T>(held: readonly T[], own: readonly T[]): Array<T | undefined> {
  const free = [...held];
  const taken = own.map((place) => {
    const at = free.indexOf(place);
    return at >= 0 ? free.splice(at, 1)[0] : undefined;
  });
  return taken.map((place) => place ?? free.shift());
}
