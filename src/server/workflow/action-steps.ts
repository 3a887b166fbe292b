// What every engine action shares (docs/adr/0044-engine-state-in-tables.md): the locked instance it works on,
// the history entry it writes and `finish`, its last statement. Apart from the actions themselves (actions.ts)
// because the administrator's, the call activities' and the waits' actions use them too.
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import type { FlowAction } from '../db/column-types.ts';
import { AppError } from '../http/app-error.ts';
import { versionById } from './process-versions.ts';
import type { ActionStamp, InstanceState, Walk } from './walk.ts';
import { finishEndsUnit, writingInstances } from './instance-writes.ts';
import type { OpenedTask, Person } from './approver-names.ts';
import { finishStatement } from './finish-statement.ts';
import { callLinks } from './call-links.ts';

export interface ActionResult {
  instanceId: string;
  status: 'running' | 'completed' | 'deleted';
  /** The approvals reached by the action and who got a task at each. */
  tasks: Array<{ nodeId: string; nodeName: string; assignees: string[] }>;
  /** Those assignees' names and login numbers, read by the action's last statement (docs/adr/0080-submissions-caller-check-locks.md). */
  people: Person[];
  /** The tasks it opened, in the order callers-task.ts's TASK_ORDER gives; absent where nothing is kept (a preview drops them). */
  opened?: OpenedTask[];
}

const withCalls = new WeakMap<ProcessDefinition, boolean>();

/** Whether the definition has call activities; found once per definition, which never changes. */
export function callsIn(definition: ProcessDefinition): boolean {
  let calls = withCalls.get(definition);
  if (calls === undefined)
    withCalls.set(definition, (calls = Object.values(definition.nodes).some((n) => n.kind === 'call')));
  return calls;
}

/** An action's work on the locked instance: what it returns is what its last statement, `finish`, answers (docs/adr/0081-submissions-pipelined-begin-commit.md). */
export type ActionWork = (
  trx: Db,
  state: InstanceState,
  definition: ProcessDefinition,
  at: Date,
) => Promise<ActionResult>;

/** Locks the instance (the row lock every action on it waits for), refuses a finished one, and runs `work`. */
export function inAction(db: Db, input: { instanceId: string; at?: Date }, work: ActionWork): Promise<ActionResult> {
  return writingInstances(
    db,
    async (trx) => {
      const row = await lockInstance(trx, input.instanceId);
      if (row.status !== 'running') throw new AppError('conflict', undefined, 'workflow.msg.finished');
      const { definition } = await versionById(trx, row.version_id);
      return work(trx, { ...row, form_data: row.form_data ?? {} }, definition, input.at ?? new Date());
    },
    { endsWithFinish: true },
  );
}

export interface LockedInstance {
  id: string;
  domain_id: string;
  application_id: string;
  initiator_id: string;
  status: string;
  form_data: Record<string, unknown> | null;
  version_id: string;
  parent_id: string | null;
}

/** Instance rows a statement of this unit of work has locked already, by the unit (docs/adr/0080-submissions-caller-check-locks.md): the runtime's
 *  caller check locks the instance it admits, so the action need not ask again. */
const lockedInUnit = new WeakMap<Db, Map<string, LockedInstance>>();

/** Notes that `row` was read `for update` in the transaction `trx` (a unit of `writingInstances`). */
export function lockedAlready(trx: Db, row: LockedInstance): void {
  let rows = lockedInUnit.get(trx);
  if (!rows) lockedInUnit.set(trx, (rows = new Map()));
  rows.set(row.id, row);
}

/** The columns of an instance's row an action reads, locked (`LockedInstance`). */
export const LOCKED_COLUMNS = [
  'id',
  'domain_id',
  'application_id',
  'initiator_id',
  'status',
  'form_data',
  'version_id',
  'parent_id',
] as const;

/** The instance's row read `for update`, as every action and wait takes it; undefined when there is none. */
export const instanceRowLocked = (trx: Db, instanceId: string) =>
  trx.selectFrom('flow_instances').select(LOCKED_COLUMNS).where('id', '=', instanceId).forUpdate().executeTakeFirst();

/** The instance's row, locked for the rest of the transaction; 1404 when there is none. */
export async function lockInstance(trx: Db, instanceId: string): Promise<LockedInstance> {
  // Taken once: a second action of the unit on the instance reads the row as the first left it.
  const known = lockedInUnit.get(trx)?.get(instanceId);
  if (known) {
    lockedInUnit.get(trx)!.delete(instanceId);
    return known;
  }
  const row = await instanceRowLocked(trx, instanceId);
  if (!row) throw new AppError('notFound', undefined, 'workflow.msg.noInstance');
  return row;
}

/** Writes the action's history entry: by a user of the enterprise, or (`adminId`, an intervention) by an administrator. */
export async function record(
  trx: Db,
  at: Date,
  instanceId: string,
  actorId: string | null,
  action: FlowAction,
  nodeId: string | null,
  comment?: string,
  adminId?: string,
): Promise<ActionStamp> {
  const row = await trx
    .insertInto('flow_history')
    .values({
      instance_id: instanceId,
      at,
      actor_id: actorId,
      admin_id: adminId ?? null,
      action,
      node_id: nodeId,
      comment: comment ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), at };
}

/** Notes where the action led, completes the instance when no token is left, keeps what the monitoring
 *  list shows, and answers the result with the new approvers' names: after the call links, one statement
 *  (finish-statement.ts, docs/adr/0077-submissions-prepared-statements.md), in which the tokens left
 *  decide between completing and the list's current nodes and approvers. `actorId` null (an
 *  administrator's intervention) leaves the last actor as it was. */
export async function finish(
  trx: Db,
  state: InstanceState,
  walk: Walk,
  action: ActionStamp,
  actorId: string | null,
): Promise<ActionResult> {
  await walk.settleJoins();
  // A called instance with no token left returns to its caller; instances called from a call activity
  // that lost its token go (docs/adr/0139-call-activities-and-conditional-events.md). Only where there are calls.
  if (state.parent_id) {
    const left = await trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', state.id)
      .executeTakeFirst();
    if (!left) await callLinks().returned(walk);
  }
  if (callsIn(walk.definition)) await callLinks().cancelOrphans(trx, state, action.at);
  const [done] = await finishStatement(trx, [{ state, walk, action }], action.at, {
    actorId,
    commitAfter: finishEndsUnit(trx) && !walk.nested,
  });
  return done;
}
