// The runtime calls for what instances wait for outside a user's action: a message correlated to its
// instance (by its id, its business key or a Camunda 8 correlation key, docs/adr/0245-zeebe-correlation-keys.md) or
// starting one (docs/adr/0126-timers-and-messages.md), and the external tasks' workers
// (docs/adr/0127-jobs-and-external-tasks.md). Callers are checked as every runtime call's are: the access
// token's enterprise and its on-job user (userCode), recorded as the actor of what the call moves.
import { AppError } from '../../http/app-error.ts';
import { startInstance } from '../../workflow/actions.ts';
import { versionById, currentVersion } from '../../workflow/process-versions.ts';
import { correlateMessage } from '../../workflow/waits/messages.ts';
import { instanceVariables } from '../../workflow/loop-scopes.ts';
import { atOfRow } from '../../workflow/walk-state.ts';
import { completeTask, failTask, fetchAndLock, taskError } from '../../workflow/waits/external-tasks.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { answer, callerOf } from './handlers.ts';
import { tokenUser } from './token-user.ts';

const correlate: CallHandler<'runtime.correlate'> = async (ctx) => {
  const caller = await callerOf(ctx.services.db, ctx.query);
  const { messageName, instanceId, businessKey, correlationKey, variables } = ctx.body;
  // Local keys name one instance inside a multi-instance sub-process (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md); none given is none.
  const localKeys =
    ctx.body.localCorrelationKeys && Object.keys(ctx.body.localCorrelationKeys).length > 0
      ? ctx.body.localCorrelationKeys
      : undefined;
  if (instanceId !== undefined && businessKey !== undefined)
    throw new AppError('validation', undefined, 'workflow.msg.messageTarget');
  const target = {
    domainId: caller.domainId,
    applicationId: caller.applicationId,
    processId: caller.processId,
    messageName,
    instanceId,
    businessKey,
    correlationKey,
    localKeys,
  };
  const delivered = await correlateMessage(caller.db, target, caller.userId, variables);
  if (delivered) return answer(caller.db, delivered);
  if (instanceId === undefined && localKeys === undefined) {
    // A process that starts by this message starts (with its business key, when one is given).
    const version = await currentVersion(caller.db, caller.applicationId, caller.processId);
    const start = version.definition.nodes[version.definition.start];
    if (start.event?.type === 'message' && start.event.message === messageName)
      return answer(
        caller.db,
        await startInstance(caller.db, {
          domainId: caller.domainId,
          applicationId: caller.applicationId,
          processId: caller.processId,
          initiatorId: caller.userId,
          formData: variables,
          businessKey,
        }),
      );
  }
  throw new AppError('notFound', { message: messageName }, 'workflow.msg.noMessageWait');
};

const fetchExternal: CallHandler<'runtime.fetchExternal'> = async (ctx) => {
  const { domainId } = await tokenUser(ctx.services.db, ctx.query);
  const { workerId, maxTasks, topics } = ctx.body;
  const tasks = await fetchAndLock(ctx.services.db, domainId, workerId, maxTasks, topics);
  // Each task's activity by name, from the version its instance runs (read once per version).
  const versions = new Map<string, Awaited<ReturnType<typeof versionById>>>();
  const rows = await ctx.services.db
    .selectFrom('flow_instances')
    .select(['id', 'version_id'])
    .where('id', 'in', tasks.length > 0 ? tasks.map((t) => t.instanceId) : [''])
    .execute();
  const versionOf = new Map(rows.map((r) => [r.id, r.version_id]));
  const answered = [];
  for (const task of tasks) {
    const versionId = versionOf.get(task.instanceId)!;
    if (!versions.has(versionId)) versions.set(versionId, await versionById(ctx.services.db, versionId));
    const { definition } = versions.get(versionId)!;
    const { loopIndex, innerIndex, locals, ...answer } = task;
    answered.push({
      ...answer,
      activityName: definition.nodes[task.activityId]?.name ?? task.activityId,
      lockExpirationTime: new Date(task.lockExpirationTime).toISOString(),
      // Inside a multi-instance sub-process, with its instance's element variable and loopCounter (0184);
      // the task's own variables over them (docs/adr/0216-input-output-mappings.md).
      variables: {
        ...(await instanceVariables(
          ctx.services.db,
          definition,
          task.instanceId,
          task.activityId,
          atOfRow({ loop_index: loopIndex, inner_index: innerIndex }),
          task.variables ?? {},
        )),
        ...locals,
      },
    });
  }
  return answered;
};

const completeExternal: CallHandler<'runtime.completeExternal'> = async (ctx) => {
  const { domainId, userId } = await tokenUser(ctx.services.db, ctx.query);
  const { id, workerId, variables } = ctx.body;
  return answer(
    ctx.services.db,
    await completeTask(ctx.services.db, { domainId, id, workerId, actorId: userId, variables }),
  );
};

const failExternal: CallHandler<'runtime.failExternal'> = async (ctx) => {
  const { domainId } = await tokenUser(ctx.services.db, ctx.query);
  const { id, workerId, retries, retryTimeout, errorMessage } = ctx.body;
  return failTask(ctx.services.db, { domainId, id, workerId, retries, retryTimeout: retryTimeout ?? 0, errorMessage });
};

const externalError: CallHandler<'runtime.externalError'> = async (ctx) => {
  const { domainId, userId } = await tokenUser(ctx.services.db, ctx.query);
  return taskError(ctx.services.db, { domainId, actorId: userId, ...ctx.body });
};

export const waitHandlers: Record<string, Handler> = {
  'runtime.correlate': correlate,
  'runtime.fetchExternal': fetchExternal,
  'runtime.completeExternal': completeExternal,
  'runtime.failExternal': failExternal,
  'runtime.externalError': externalError,
};
