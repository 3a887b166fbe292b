// The engine's actions (docs/adr/0044-engine-state-in-tables.md): start, submit, back, retract and delete. Each is one transaction that
// locks the instance's row before it reads anything of it, writes the history entry, moves the tokens
// (walk.ts), and completes the instance when no token is left; those shared steps are in action-steps.ts.
// An illegal action throws before anything is kept: the transaction rolls back and the instance is as it
// was. Every row an action writes carries one moment, `at`: now, or a past one when the demo seed replays
// a story (docs/adr/0046-demo-instances-replayed.md).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { requireApproversSet } from './node-approvers.ts';
import { AppError } from '../http/app-error.ts';
import { currentVersion } from './process-versions.ts';
import { Walk, type ActionStamp, type InstanceState } from './walk.ts';
import { writingInstances } from './instance-writes.ts';
import { instanceDone, sequentialApprovals } from './multi-instance.ts';
import { collectOutput, keepOutput, processVariables, reopenedOutput, takeBackList } from './multi-instance-output.ts';
import { reopenEnded } from './multi-instance-reopen.ts';
import { callLinks } from './call-links.ts';
import { armBoundaries } from './waits/enter-wait.ts';
import { inLoopOf } from './loop-scopes.ts';
import { keepInInstance } from './variable-homes.ts';
import { retractScopes } from './sub-process-scopes.ts';
import { loopOf } from './loop-of.ts';
import { atOfRow } from './walk-state.ts';
import { taskDone } from './task-done.ts';
import { noCallersTask, openTaskOf } from './callers-task.ts';
import { completedVariables, localsColumn, tokenInputs } from './task-locals.ts';
import { callsIn, finish, inAction, lockInstance, record, type ActionResult } from './action-steps.ts';

export interface StartInput {
  domainId: string;
  applicationId: string;
  processId: string;
  initiatorId: string;
  formData?: Record<string, unknown>;
  title?: string;
  summary?: string;
  /** The next node chosen at a choice gateway the start passes. */
  nextNodeIds?: readonly string[];
  /** The caller's own key for the instance; a message may name the instance by it. */
  businessKey?: string;
  /** When it happens; now unless a past is replayed. */
  at?: Date;
}

export async function startInstance(db: Db, input: StartInput): Promise<ActionResult> {
  const version = await currentVersion(db, input.applicationId, input.processId);
  return writingInstances(
    db,
    async (trx) => {
      const initiator = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', input.initiatorId)
        .where('domain_id', '=', input.domainId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!initiator) throw new AppError('notFound', undefined, 'workflow.msg.noInitiator');
      await requireApproversSet(trx, input, version.definition);
      const id = randomUUID();
      const at = input.at ?? new Date();
      const formData = input.formData ?? {};
      await trx
        .insertInto('flow_instances')
        .values({
          id,
          domain_id: input.domainId,
          application_id: input.applicationId,
          process_id: input.processId,
          version_id: version.id,
          title: input.title ?? version.definition.name,
          summary: input.summary ?? '',
          form_data: JSON.stringify(formData),
          status: 'running',
          initiator_id: input.initiatorId,
          last_actor_id: input.initiatorId,
          business_key: input.businessKey ?? null,
          started_at: at,
          updated_at: at,
        })
        .execute();
      const state: InstanceState = {
        id,
        domain_id: input.domainId,
        application_id: input.applicationId,
        initiator_id: input.initiatorId,
        status: 'running',
        form_data: formData,
      };
      const action = await record(trx, at, id, input.initiatorId, 'start', version.definition.start);
      const walk = new Walk(trx, state, version.definition, action);
      walk.choice = input.nextNodeIds;
      await walk.leave(version.definition.start);
      return finish(trx, state, walk, action, input.initiatorId);
    },
    { endsWithFinish: true },
  );
}

export interface TaskInput {
  instanceId: string;
  userId: string;
  /** Which of the user's open tasks in the instance; the first in order without it (callers-task.ts). */
  taskId?: string;
  comment?: string;
  /** When it happens; now unless a past is replayed. */
  at?: Date;
}

/** The user approves its open task; the node is done when one approver has (any) or all have (all). */
export async function submitTask(
  db: Db,
  input: TaskInput & { formData?: Record<string, unknown>; nextNodeIds?: readonly string[] },
): Promise<ActionResult> {
  return inAction(db, input, async (trx, state, definition, at) => {
    const comment = input.comment ?? '';
    // One round trip (docs/adr/0077-submissions-prepared-statements.md, docs/adr/0080-submissions-caller-check-locks.md): the user's open task (the one named, else the first, callers-task.ts) is done and the action
    // recorded (as `record`); when the node needed any one approver, or this was the last open task of
    // an approval by all, the others' tasks are cancelled and the token goes: the node is done.
    const [task] = await taskDone(trx, input.taskId !== undefined, {
      at,
      comment,
      instanceId: state.id,
      userId: input.userId,
      taskId: input.taskId,
      byAll: approvalsByAll(definition),
      sequential: sequentialApprovals(definition),
    });
    if (!task) throw noCallersTask(input);
    const node = definition.nodes[task.node_id];
    // An approval collecting its instances' output keeps the variable its output element names in the
    // instance (multi-instance-output.ts); so does an instance of a multi-instance sub-process collecting
    // output (loop-output.ts); every other variable goes to the process.
    const output = node?.multi?.output;
    const submitted = input.formData ?? {};
    const loopAt = atOfRow(task);
    const io = node?.io;
    if (input.formData && !io)
      await keepInInstance(trx, state, definition, task.node_id, loopAt, processVariables(output, submitted));
    const action: ActionStamp = { id: Number(task.action_id), at };
    const walk = new Walk(trx, state, definition, action);
    walk.choice = input.nextNodeIds;
    // The node is done when its token went with the task (above); else others still have to approve,
    // unless a multi-instance approval's completion condition now holds.
    // Inside a multi-instance sub-process the walk goes on in the instance the token belonged to (loop-scopes.ts),
    // whose variables an approval collecting output there reads and whose own variable its list is
    // (docs/adr/0212-multi-instance-sub-process-outputs.md).
    await inLoopOf(walk, task.node_id, { id: task.token_id, at: loopAt }, async () => {
      // A task with mappings sets what they say where it stands (task-locals.ts).
      if (io) {
        const values = completedVariables(io, walk.variables(), task.locals, processVariables(output, submitted));
        await keepInInstance(trx, state, definition, task.node_id, loopAt, values, walk.loop, walk.scopes);
      }
      if (output) await keepOutput(trx, state, node, task.id, submitted, walk.variables());
      // Its completion condition sees its own variables too.
      walk.locals = task.locals;
      const done =
        task.token_done ||
        (node?.multi && task.token_id && (await instanceDone(walk, node, task.token_id, output ? submitted : {})));
      walk.locals = undefined;
      const within = walk.loop && {
        seen: walk.variables(),
        set: (values: Record<string, unknown>) =>
          keepInInstance(trx, state, definition, task.node_id, loopAt, values, walk.loop, walk.scopes),
      };
      if (done && output && task.token_id) await collectOutput(trx, state, node, task.token_id, task.id, within);
      if (done) await walk.leave(task.node_id);
    });
    return finish(trx, state, walk, action, input.userId);
  });
}

const byAll = new WeakMap<ProcessDefinition, string[]>();

/** The definition's approvals that wait for all their approvers; made once per definition, which never changes. */
function approvalsByAll(definition: ProcessDefinition): string[] {
  let ids = byAll.get(definition);
  if (!ids)
    byAll.set(
      definition,
      (ids = Object.values(definition.nodes)
        .filter((n) => n.approval === 'all')
        .map((n) => n.id)),
    );
  return ids;
}

/** The user sends the instance back to an earlier approval (by default the one submitted last). */
export async function sendBack(db: Db, input: TaskInput & { toNodeId?: string }): Promise<ActionResult> {
  return inAction(db, input, async (trx, state, definition, at) => {
    const task = await openTaskOf(trx, input);
    const tokens = await trx.selectFrom('flow_tokens').select('id').where('instance_id', '=', state.id).execute();
    if (tokens.length > 1) throw new AppError('conflict', undefined, 'workflow.msg.backInBranches');
    const earlier = await earlierApprovals(trx, state.id, task.node_id);
    const target = input.toNodeId ?? earlier[0];
    if (!target || !earlier.includes(target))
      throw new AppError(
        'conflict',
        undefined,
        input.toNodeId ? 'workflow.msg.notEarlier' : 'workflow.msg.nothingEarlier',
      );
    await trx
      .updateTable('flow_tasks')
      .set({ status: 'cancelled', done_at: at })
      .where('instance_id', '=', state.id)
      .where('status', '=', 'open')
      .execute();
    await trx
      .updateTable('flow_tasks')
      .set({ comment: input.comment ?? '' })
      .where('id', '=', task.id)
      .execute();
    await trx.deleteFrom('flow_tokens').where('instance_id', '=', state.id).execute();
    const action = await record(trx, at, state.id, input.userId, 'back', task.node_id, input.comment);
    const walk = new Walk(trx, state, definition, action);
    await walk.enterApproval(walk.node(target));
    return finish(trx, state, walk, action, input.userId);
  });
}

/** The last submitter takes its submission back while nobody has acted on what it started. */
export async function retract(db: Db, input: TaskInput): Promise<ActionResult> {
  return inAction(db, input, async (trx, state, definition, at) => {
    const last = await trx
      .selectFrom('flow_history')
      .select(['id', 'action', 'actor_id', 'node_id', 'at'])
      .where('instance_id', '=', state.id)
      .where('action', 'in', ['start', 'submit', 'back', 'retract', 'intervene'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (last.action !== 'submit' || last.actor_id !== input.userId)
      throw new AppError('conflict', undefined, 'workflow.msg.notLastSubmitter');
    const made = await trx
      .selectFrom('flow_tasks')
      .select(['id', 'status', 'token_id'])
      .where('created_by_action', '=', last.id)
      .execute();
    if (made.some((t) => t.status !== 'open')) throw new AppError('conflict', undefined, 'workflow.msg.alreadyActedOn');
    // A called instance the submission started is an instance of its own (docs/adr/0139-call-activities-and-conditional-events.md): not taken back.
    if (callsIn(definition)) {
      const calledThen = await trx
        .selectFrom('flow_instances')
        .select('id')
        .where('parent_id', '=', state.id)
        .where('started_at', '=', last.at)
        .executeTakeFirst();
      if (calledThen) throw new AppError('conflict', undefined, 'workflow.msg.retractCalled');
    }
    const own = await trx
      .selectFrom('flow_tasks')
      .select(['id', 'token_id', 'output'])
      .where('instance_id', '=', state.id)
      .where('assignee_id', '=', input.userId)
      .where('node_id', '=', last.node_id!)
      .where('status', '=', 'done')
      .orderBy('done_at', 'desc')
      .executeTakeFirstOrThrow();
    // The submission moved the token on when its token is gone; a move into a parallel join left a
    // waiting token nothing records, so that one cannot be taken back.
    const stayed = own.token_id
      ? await trx.selectFrom('flow_tokens').select('id').where('id', '=', own.token_id).executeTakeFirst()
      : undefined;
    const joining = await trx
      .selectFrom('flow_tokens')
      .select('id')
      .where('instance_id', '=', state.id)
      .where('state', '=', 'joining')
      .executeTakeFirst();
    if (!stayed && joining) throw new AppError('conflict', undefined, 'workflow.msg.retractInBranches');
    // A submission that moved an instance of a multi-instance sub-process on may have ended that instance
    // (docs/adr/0148-multi-instance-sub-processes.md): its count is not taken back, so neither is the submission.
    if (!stayed && loopOf(definition, last.node_id!))
      throw new AppError('conflict', undefined, 'workflow.msg.retractInBranches');
    await retractScopes(trx, definition, state.id, last.at);
    // What the submission started goes, not the token it stayed on (a sequence's next task's); its task comes back.
    await trx.deleteFrom('flow_tasks').where('created_by_action', '=', last.id).execute();
    const tokens = [...new Set(made.map((t) => t.token_id).filter((t): t is string => !!t && t !== stayed?.id))];
    if (tokens.length > 0) await trx.deleteFrom('flow_tokens').where('id', 'in', tokens).execute();
    let tokenId = stayed?.id;
    if (!tokenId) {
      // Under its old id: the instances of a multi-instance approval done before it stay its own, counted
      // and collected again when it completes (multi-instance.ts, multi-instance-output.ts).
      tokenId = own.token_id ?? randomUUID();
      await trx
        .insertInto('flow_tokens')
        .values({
          id: tokenId,
          instance_id: state.id,
          node_id: last.node_id!,
          state: 'active',
          via_flow: null,
          created_at: at,
          // Its input mappings evaluated again, as on entering it (task-locals.ts).
          ...localsColumn(tokenInputs(definition.nodes[last.node_id!], state.form_data)),
        })
        .execute();
      // The approval's boundary timers and messages went with its old token: armed again, counted from now
      // (docs/adr/0147-timer-start-events.md).
      const node = definition.nodes[last.node_id!];
      if (node.boundaries?.length)
        await armBoundaries(
          { trx, instance: { id: state.id, domain_id: state.domain_id }, definition, at, variables: state.form_data },
          node,
          tokenId,
        );
    }
    // An output collection loses the instance's output, and the list a completing submission set (multi-instance-output.ts).
    const output = reopenedOutput(own.output);
    await trx
      .updateTable('flow_tasks')
      .set({ status: 'open', done_at: null, comment: '', token_id: tokenId, output })
      .where('id', '=', own.id)
      .execute();
    if (own.output) await takeBackList(trx, state, definition.nodes[last.node_id!], own.output);
    // The instances its completion condition cut short come back with the approval (multi-instance-reopen.ts).
    if (!stayed && definition.nodes[last.node_id!].multi)
      await reopenEnded(trx, state, at, { nodeId: last.node_id!, actionId: Number(last.id), tokenId });
    const action = await record(trx, at, state.id, input.userId, 'retract', last.node_id);
    return finish(trx, state, new Walk(trx, state, definition, action), action, input.userId);
  });
}

/** Ends an instance for good: its open tasks are cancelled, its tokens go. A running instance only,
 *  unless `finishedToo` (the monitoring list also removes completed ones). By the initiator (the
 *  runtime call) or an administrator (`adminId`, the monitoring list); who may is the caller's decision. */
export async function deleteInstance(
  db: Db,
  input: { instanceId: string; userId?: string; adminId?: string; comment?: string; finishedToo?: boolean; at?: Date },
): Promise<ActionResult> {
  return writingInstances(db, async (trx) => {
    const row = await lockInstance(trx, input.instanceId);
    if (row.status === 'deleted' || (row.status !== 'running' && !input.finishedToo))
      throw new AppError('conflict', undefined, 'workflow.msg.finished');
    // A called instance goes with its caller (docs/adr/0139-call-activities-and-conditional-events.md): alone, its caller would wait for ever.
    if (row.parent_id && row.status === 'running')
      throw new AppError('conflict', undefined, 'workflow.msg.calledInstance');
    const at = input.at ?? new Date();
    await trx
      .updateTable('flow_tasks')
      .set({ status: 'cancelled', done_at: at })
      .where('instance_id', '=', row.id)
      .where('status', '=', 'open')
      .execute();
    await trx.deleteFrom('flow_tokens').where('instance_id', '=', row.id).execute();
    const calling = await trx
      .selectFrom('flow_instances')
      .select('id')
      .where('parent_id', '=', row.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (calling) await callLinks().cancelOrphans(trx, row, at);
    await record(trx, at, row.id, input.userId ?? null, 'delete', null, input.comment, input.adminId);
    const lastActor = input.userId ? { last_actor_id: input.userId } : {};
    await trx
      .updateTable('flow_instances')
      .set({
        status: 'deleted',
        updated_at: at,
        state_label: '',
        state_nodes: sql<string[]>`'{}'`,
        auditor_names: '',
        ...lastActor,
      })
      .where('id', '=', row.id)
      .execute();
    return { instanceId: row.id, status: 'deleted', tasks: [], people: [] };
  });
}

/** The approvals this instance has passed before, most recent first, other than `current`. */
export async function earlierApprovals(trx: Db, instanceId: string, current: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('flow_history')
    .select('node_id')
    .where('instance_id', '=', instanceId)
    .where('action', '=', 'submit')
    .orderBy('id', 'desc')
    .execute();
  const nodes: string[] = [];
  for (const r of rows) if (r.node_id && r.node_id !== current && !nodes.includes(r.node_id)) nodes.push(r.node_id);
  return nodes;
}
