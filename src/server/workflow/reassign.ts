// Batch change of current approvers (spec/domain-console.md, "The calls it makes" (PUT /domain/workflow/approvers/batch)):
// on one instance, either every open task's approvers become the chosen users (`set`), or one approver
// is replaced by another on every open task it holds (`replace`, the rule). One locked action like the
// others (docs/adr/0044-engine-state-in-tables.md); the tasks it cancels and makes carry the batch's id, so the batch can be undone while
// nobody has acted on what it made.
import type { Db } from '../db/schema.ts';
import { writingInstances } from './instance-writes.ts';
import { AppError } from '../http/app-error.ts';
import { finish, inAction, record } from './action-steps.ts';
import { instanceOf, reassignedSlots } from './multi-instance-slots.ts';
import { openTasks } from './open-tasks.ts';
import { Walk } from './walk.ts';

export type ApproverChange = { kind: 'set'; userIds: string[] } | { kind: 'replace'; from: string; to: string };

export interface ReassignInput {
  instanceId: string;
  adminId: string;
  batchId: string;
  change: ApproverChange;
  comment: string;
}

/** How many open tasks the change cancelled and made on the instance (0 and 0: it held none to change). */
export interface ReassignCount {
  cancelled: number;
  created: number;
}

export async function reassign(db: Db, input: ReassignInput): Promise<ReassignCount> {
  let count: ReassignCount = { cancelled: 0, created: 0 };
  await inAction(db, input, async (trx, state, definition, at) => {
    const open = await trx
      .selectFrom('flow_tasks')
      .select(['id', 'token_id', 'node_id', 'assignee_id', 'output', 'locals'])
      .where('instance_id', '=', state.id)
      .where('status', '=', 'open')
      .orderBy('created_at')
      .execute();
    const { change } = input;
    const cancel = change.kind === 'set' ? open : open.filter((t) => t.assignee_id === change.from);
    const holds = (token: string | null, user: string) =>
      open.some((t) => t.token_id === token && t.assignee_id === user && !cancel.includes(t));
    // At a multi-instance approval a replace is one for one: each cancelled task is an instance of the
    // countersign, which its substitute does even beside another instance's task it holds on the token
    // (docs/adr/0210-multi-instance-countersign-kept-whole.md); elsewhere one task per approver and token is enough.
    const instance = (task: (typeof open)[number]) =>
      change.kind === 'replace' && task.token_id !== null && !!definition.nodes[task.node_id]?.multi;
    const make: Array<{ token_id: string | null; node_id: string; assignee_id: string }> = [];
    for (const task of cancel) {
      const users = change.kind === 'set' ? change.userIds : [change.to];
      for (const user of users)
        if (
          instance(task) ||
          (!holds(task.token_id, user) && !make.some((m) => m.token_id === task.token_id && m.assignee_id === user))
        )
          make.push({ token_id: task.token_id, node_id: task.node_id, assignee_id: user });
    }
    const unchanged =
      make.length === cancel.length &&
      make.every((m, i) => m.assignee_id === cancel[i].assignee_id && m.token_id === cancel[i].token_id);
    if (cancel.length === 0 || unchanged) return { instanceId: state.id, status: 'running', tasks: [], people: [] };
    const action = await record(trx, at, state.id, null, 'reassign', null, input.comment, input.adminId);
    await trx
      .updateTable('flow_tasks')
      .set({ status: 'cancelled', done_at: at, cancelled_by_batch: input.batchId })
      .where(
        'id',
        'in',
        cancel.map((t) => t.id),
      )
      .execute();
    // A new task at a multi-instance approval does the instance of the one it replaces (multi-instance-slots.ts).
    const slots = reassignedSlots(definition, cancel, make);
    // …with that instance's inputs (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md).
    const replaced = (m: (typeof make)[number], slot: string | null) => {
      const owner = slot ? (JSON.parse(slot) as { for: string }).for : m.assignee_id;
      return cancel.find((t) => t.token_id === m.token_id && instanceOf(t) === owner);
    };
    const inputsOf = (m: (typeof make)[number], slot: string | null) => {
      const done = replaced(m, slot);
      return done?.locals ? JSON.stringify(done.locals) : null;
    };
    // …and, where the assignee is computed from the element or the instances were chosen by an
    // intervention, that instance's index and the choice (docs/adr/0227-multi-instance-assignee-per-element.md,
    // docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md).
    const outputOf = (m: (typeof make)[number], slot: string | null) => {
      const kept = replaced(m, slot)?.output;
      const index = definition.nodes[m.node_id]?.multi?.assignee || kept?.chosen ? kept?.index : undefined;
      if (index === undefined) return slot;
      return JSON.stringify({
        ...(slot ? JSON.parse(slot) : {}),
        index,
        ...(kept?.chosen ? { chosen: kept.chosen } : {}),
      });
    };
    await openTasks(
      trx,
      state,
      at,
      make.map((m, i) => ({
        ...m,
        created_by_action: action.id,
        made_by_batch: input.batchId,
        output: outputOf(m, slots[i]),
        locals: inputsOf(m, slots[i]),
      })),
    );
    count = { cancelled: cancel.length, created: make.length };
    return finish(trx, state, new Walk(trx, state, definition, action), action, null);
  });
  return count;
}

/** Undoes a batch on every instance it changed, all or nothing: what it made goes, what it cancelled
 *  comes back. Refused when one of its new tasks has been acted on, or its instance has moved on. */
export async function undoBatch(
  db: Db,
  input: { batchId: string; adminId: string; comment: string },
): Promise<{ instances: number; restored: number }> {
  return writingInstances(db, async (trx) => {
    const batch = await trx
      .selectFrom('flow_batches')
      .select(['id', 'undone_at'])
      .where('id', '=', input.batchId)
      .forUpdate()
      .executeTakeFirst();
    if (!batch) throw new AppError('notFound', undefined, 'flow.msg.noBatch');
    if (batch.undone_at) throw new AppError('conflict', undefined, 'flow.msg.batchUndone');
    const touched = await trx
      .selectFrom('flow_tasks')
      .select('instance_id')
      .distinct()
      .where((eb) => eb.or([eb('made_by_batch', '=', batch.id), eb('cancelled_by_batch', '=', batch.id)]))
      .execute();
    let restored = 0;
    for (const { instance_id: instanceId } of touched) {
      await inAction(trx, { instanceId }, async (inner, state, definition, at) => {
        const made = await inner
          .selectFrom('flow_tasks')
          .select(['id', 'status'])
          .where('instance_id', '=', state.id)
          .where('made_by_batch', '=', batch.id)
          .execute();
        if (made.some((t) => t.status !== 'open')) throw new AppError('conflict', undefined, 'flow.msg.batchActedOn');
        const action = await record(inner, at, state.id, null, 'reassign', null, input.comment, input.adminId);
        if (made.length > 0)
          await inner
            .deleteFrom('flow_tasks')
            .where(
              'id',
              'in',
              made.map((t) => t.id),
            )
            .execute();
        const back = await inner
          .updateTable('flow_tasks')
          .set({ status: 'open', done_at: null, cancelled_by_batch: null })
          .where('instance_id', '=', state.id)
          .where('cancelled_by_batch', '=', batch.id)
          .returning('id')
          .execute();
        restored += back.length;
        return finish(inner, state, new Walk(inner, state, definition, action), action, null);
      });
    }
    await trx.updateTable('flow_batches').set({ undone_at: new Date() }).where('id', '=', batch.id).execute();
    return { instances: touched.length, restored };
  });
}
