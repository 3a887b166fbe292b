// The workflow runtime a program calls (docs/adr/0045-workflow-runtime-access-token.md): no session; the query's access token names the
// enterprise (docs/adr/0040-open-api-secret-and-tokens.md), userCode the acting user among its on-job users, applicationId (or its package's id,
// package-application.ts) and flowId a process the enterprise offers (open-api/offered-processes.ts), instanceId one of that process's instances
// there. The engine (src/server/workflow) does the rest and refuses what is not allowed.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  deleteInstance,
  earlierApprovals,
  retract,
  sendBack,
  startInstance,
  submitTask,
} from '../../workflow/actions.ts';
import { LOCKED_COLUMNS, lockedAlready, type ActionResult, type LockedInstance } from '../../workflow/action-steps.ts';
import { writingInstances } from '../../workflow/instance-writes.ts';
import { shownApprovers, shownNode } from '../../workflow/shown-approvers.ts';
import { tokenAt } from '../../workflow/walk-state.ts';
import { instanceVariables } from '../../workflow/loop-scopes.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { dryRun } from '../../workflow/dry-run.ts';
import { withApprovers } from '../../workflow/approver-names.ts';
import { liveTokenOfHash, sha256 } from '../open-api/tokens.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { preparing } from '../../db/prepared-statements.ts';
import { knownCaller, onJobUserId } from './token-user.ts';
import { offeredProcesses } from '../open-api/offered-processes.ts';
import { openTaskOf } from '../../workflow/callers-task.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { taskMessageHandlers } from './task-messages.ts';
import { applicationIdOf } from './package-application.ts';

interface RuntimeQuery {
  accessToken: string;
  userCode: string;
  applicationId: string;
  flowId: string;
}

interface Caller {
  db: Db;
  domainId: string;
  userId: string;
  applicationId: string;
  processId: string;
}

/** The values of the caller check, as its statement's parameters. */
interface CallerValues extends Record<string, string> {
  tokenHash: string;
  lowerUserCode: string;
  applicationId: string;
  flowId: string;
  instanceId: string;
}

/** The caller check: the token's enterprise and bound user, its on-job user, whether it offers the
 *  process, and the instance when it is one of that process's there (`lock`: `for update`). Asked before
 *  every runtime action: prepared (docs/adr/0077-submissions-prepared-statements.md), and built once (docs/adr/0081-submissions-pipelined-begin-commit.md). */
const callerCheck = (lock: boolean) =>
  compiledOnce(['tokenHash', 'lowerUserCode', 'applicationId', 'flowId', 'instanceId'], (db: Db, v: CallerValues) => {
    const domain = sql.ref<string>('tk.domain_id');
    return liveTokenOfHash(preparing(db), v.tokenHash)
      .leftJoinLateral(
        (eb) => {
          const instance = eb
            .selectFrom('flow_instances')
            .select(LOCKED_COLUMNS)
            .where('id', '=', v.instanceId)
            .whereRef('domain_id', '=', 'tk.domain_id')
            .where('application_id', '=', v.applicationId)
            .where('process_id', '=', v.flowId);
          return (lock ? instance.forUpdate() : instance).as('i');
        },
        (join) => join.onTrue(),
      )
      .select((eb) => [
        'tk.domain_id',
        'tk.user_id as bound_user',
        onJobUserId(db, domain, v.lowerUserCode).as('user_id'),
        eb
          .exists(
            offeredProcesses(db, domain)
              .select('p.id')
              .where('a.id', '=', v.applicationId)
              .where('p.id', '=', v.flowId),
          )
          .as('offered'),
        'i.id as instance_id',
        'i.domain_id as instance_domain_id',
        'i.application_id as instance_application_id',
        'i.initiator_id',
        'i.status',
        'i.form_data',
        'i.version_id',
        'i.parent_id',
      ]);
  });
const checkCaller = callerCheck(false);
const checkCallerLocking = callerCheck(true);

/** Who calls, for which process: the token's enterprise, its on-job user, a process it offers; with
 *  `instanceId`, also that instance, when it is one of this process's in the caller's enterprise (1404
 *  otherwise). One statement checks it all, the refusals in that order. Inside an action's unit of work
 *  (`lock`), the same statement locks the instance's row for the engine (docs/adr/0080-submissions-caller-check-locks.md). */
export async function callerOf(
  db: Db,
  query: RuntimeQuery,
  instanceId?: string,
  lock = false,
): Promise<Caller & { instance: LockedInstance | undefined }> {
  const tokenHash = sha256(query.accessToken);
  const applicationId = await applicationIdOf(db, tokenHash, query.applicationId);
  const values = {
    tokenHash,
    lowerUserCode: query.userCode.toLowerCase(),
    applicationId,
    flowId: query.flowId,
    instanceId: instanceId ?? '',
  };
  const [row] = await (lock ? checkCallerLocking : checkCaller)(db, values);
  const { domainId, userId } = knownCaller(row);
  const checked = row!; // knownCaller refused an absent row
  if (!checked.offered) throw new AppError('notFound', undefined, 'workflow.msg.noProcess');
  if (instanceId !== undefined && !checked.instance_id)
    throw new AppError('notFound', undefined, 'workflow.msg.noInstance');
  const instance = checked.instance_id
    ? {
        id: checked.instance_id,
        domain_id: checked.instance_domain_id!,
        application_id: checked.instance_application_id!,
        initiator_id: checked.initiator_id!,
        status: checked.status!,
        form_data: checked.form_data,
        version_id: checked.version_id!,
        parent_id: checked.parent_id,
      }
    : undefined;
  if (lock && instance) lockedAlready(db, instance);
  return { db, domainId, userId, applicationId, processId: query.flowId, instance };
}

/** The caller and its instance (the query's instanceId), both checked. */
export async function callerAndInstance(
  db: Db,
  query: RuntimeQuery & { instanceId: string },
): Promise<{ caller: Caller; instance: LockedInstance }> {
  const { instance, ...caller } = await callerOf(db, query, query.instanceId);
  return { caller, instance: instance! };
}

type InstanceAction = (trx: Db, caller: Caller, instance: LockedInstance) => Promise<ActionResult>;

/** An action on the query's instance, in one unit of work whose first statement checks the caller and
 *  locks the instance (docs/adr/0080-submissions-caller-check-locks.md); answered with the new approvers' names. */
async function onInstance(db: Db, query: RuntimeQuery & { instanceId: string }, act: InstanceAction) {
  const result = await writingInstances(
    db,
    async (trx) => {
      const { instance, ...caller } = await callerOf(trx, query, query.instanceId, true);
      return act(trx, caller, instance!);
    },
    { endsWithFinish: true },
  );
  return answer(db, result);
}

/** The engine's result with each approver's name and login number. */
export async function answer(db: Db, result: ActionResult) {
  return {
    instanceId: result.instanceId,
    status: result.status,
    tasks: await withApprovers(db, result.tasks, result.people, result.opened),
  };
}

const start: CallHandler<'runtime.start'> = async (ctx) => {
  const caller = await callerOf(ctx.services.db, ctx.query);
  const { title, summary, formData, nextNodeIds, businessKey } = ctx.body ?? {};
  const result = await startInstance(caller.db, {
    domainId: caller.domainId,
    applicationId: caller.applicationId,
    processId: caller.processId,
    initiatorId: caller.userId,
    title,
    summary,
    formData,
    nextNodeIds,
    businessKey,
  });
  return answer(caller.db, result);
};

const submit: CallHandler<'runtime.submit'> = (ctx) => {
  const { comment, formData, nextNodeIds } = ctx.body ?? {};
  const { taskId } = ctx.query;
  return onInstance(ctx.services.db, ctx.query, (trx, caller, instance) =>
    submitTask(trx, { instanceId: instance.id, userId: caller.userId, taskId, comment, formData, nextNodeIds }),
  );
};

const back: CallHandler<'runtime.back'> = (ctx) => {
  const { comment, toNodeId } = ctx.body ?? {};
  const { taskId } = ctx.query;
  return onInstance(ctx.services.db, ctx.query, (trx, caller, instance) =>
    sendBack(trx, { instanceId: instance.id, userId: caller.userId, taskId, comment, toNodeId }),
  );
};

const retraction: CallHandler<'runtime.retract'> = (ctx) =>
  onInstance(ctx.services.db, ctx.query, (trx, caller, instance) =>
    retract(trx, { instanceId: instance.id, userId: caller.userId }),
  );

const remove: CallHandler<'runtime.delete'> = (ctx) =>
  onInstance(ctx.services.db, ctx.query, (trx, caller, instance) => {
    if (instance.initiator_id !== caller.userId)
      throw new AppError('forbidden', undefined, 'workflow.msg.initiatorOnly');
    return deleteInstance(trx, { instanceId: instance.id, userId: caller.userId });
  });

const querySubmit: CallHandler<'runtime.querySubmit'> = async (ctx) => {
  const { caller } = await callerAndInstance(ctx.services.db, ctx.query);
  const { formData, nextNodeIds } = ctx.body ?? {};
  const { instanceId, taskId } = ctx.query;
  // The named task's submission is tried, so the preview evaluates where that task stands.
  const tryWith = (chosen?: readonly string[]) =>
    dryRun(caller.db, (trx) =>
      submitTask(trx, { instanceId, userId: caller.userId, taskId, formData, nextNodeIds: chosen }),
    );
  try {
    return await answer(caller.db, { ...(await tryWith(nextNodeIds)), opened: undefined }); // its tasks were not kept
  } catch (error) {
    // Nothing chosen at a choice gateway: what each of its options would reach, together.
    if (!(error instanceof AppError && error.messageKey === 'workflow.msg.chooseNext')) throw error;
    const options = error.params!.options as Array<{ nodeId: string }>;
    const each = [];
    for (const option of options) each.push(await tryWith([option.nodeId])); // one transaction at a time (PGlite has one connection)
    return answer(caller.db, {
      instanceId,
      status: each.some((r) => r.status === 'running') ? 'running' : each[0].status,
      tasks: each.flatMap((r) => r.tasks),
      people: each.flatMap((r) => r.people),
    });
  }
};

const queryBack: CallHandler<'runtime.queryBack'> = async (ctx) => {
  const { caller, instance } = await callerAndInstance(ctx.services.db, ctx.query);
  const { db } = caller;
  // The task a send-back would act on (callers-task.ts): the earlier approvals are those before its node, seen where it stands.
  const task = await openTaskOf(db, { instanceId: instance.id, userId: caller.userId, taskId: ctx.query.taskId });
  const { definition } = await versionById(db, instance.version_id);
  const state = await db
    .selectFrom('flow_instances')
    .select(['initiator_id', 'form_data'])
    .where('id', '=', instance.id)
    .executeTakeFirstOrThrow();
  // Where the caller's task stands: an earlier approval in its multi-instance sub-process's instance is
  // evaluated over that instance's variables, as the engine would (ADR 0240).
  const at = await tokenAt(db, task.token_id);
  const nodes = [];
  for (const nodeId of await earlierApprovals(db, instance.id, task.node_id)) {
    const node = definition.nodes[nodeId];
    const shown = await shownApprovers(db, node, {
      domainId: caller.domainId,
      applicationId: caller.applicationId,
      processId: definition.id,
      initiatorId: state.initiator_id,
      form: await instanceVariables(db, definition, instance.id, nodeId, at, state.form_data ?? {}),
    });
    nodes.push(shownNode(node, shown));
  }
  return withApprovers(db, nodes);
};

export const runtimeHandlers: Record<string, Handler> = {
  ...taskMessageHandlers,
  'runtime.start': start,
  'runtime.submit': submit,
  'runtime.back': back,
  'runtime.retract': retraction,
  'runtime.delete': remove,
  'runtime.querySubmit': querySubmit,
  'runtime.queryBack': queryBack,
};
