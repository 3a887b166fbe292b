// What the console's task runtime reads (docs/adr/0132-task-runtime-and-bare-bpmn.md), with the runtime's own
// credential (docs/adr/0045-workflow-runtime-access-token.md): the processes the caller may start with their start form's fields,
// the caller's open tasks and the instances it started, and one instance as its approver sees it (its
// form, the caller's open task there, where it waits, its history and its diagram). Any task the
// engine makes (approvals, countersign branches, whatever a later element adds) is a row of
// flow_tasks, so these views list it without knowing its kind.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { formSchemaOf } from '../../../core/packages/form-schema.ts';
import type { FormField, Text } from '../../../core/packages/package-types.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { readScopes } from '../../workflow/sub-process-scopes.ts';
import { atOfRow, scopedVariables } from '../../workflow/walk-state.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { instanceDiagram } from '../flows/instance-diagram.ts';
import { instanceHistory } from '../flows/instance-history.ts';
import { instanceNow } from '../flows/instance-now.ts';
import { nodeNamer, packageNodeNames, packagesNodeNames, processKey } from '../flows/node-names.ts';
import { offeredProcesses } from '../open-api/offered-processes.ts';
import { findCallersTask, TASK_TIES } from '../../workflow/callers-task.ts';
import { callerAndInstance } from './handlers.ts';
import { tokenUser } from './token-user.ts';

const LISTED = 100;
const inLanguage = (names: unknown, language: Language, fallback: string) =>
  (names as Partial<Text> | null)?.[language] ?? fallback;
const iso = (at: Date | string) => new Date(at).toISOString();

const processes: CallHandler<'runtime.processes'> = async (ctx) => {
  const { db } = ctx.services;
  const { domainId } = await tokenUser(db, ctx.query);
  const language = (await ctx.request.atrium.language()) as Language;
  const rows = await offeredProcesses(db, domainId)
    .select(['a.id as application_id', 'a.name as app_name', 'a.names as app_names', 'p.id', 'p.names', 'f.fields'])
    .orderBy('a.name')
    .orderBy('p.order_no')
    .execute();
  return rows.map((r) => ({
    applicationId: r.application_id,
    applicationName: inLanguage(r.app_names, language, r.app_name),
    flowId: r.id,
    flowName: inLanguage(r.names, language, r.id),
    fields: r.fields as FormField[],
    form: formSchemaOf(r.fields as FormField[], language),
  }));
};

/** Which instance a task is, from 1, at its innermost multi-instance level (an approval's own instance,
 *  else its sub-process's inner, else outer instance): two rows of one node tell apart by it. */
const instanceNumber = (t: {
  approval_index: number | null;
  inner_index: number | null;
  loop_index: number | null;
}) => {
  const index = t.approval_index ?? t.inner_index ?? t.loop_index;
  return index === null ? {} : { instance: index + 1 };
};

const tasks: CallHandler<'runtime.tasks'> = async (ctx) => {
  const { db } = ctx.services;
  const { domainId, userId } = await tokenUser(db, ctx.query);
  const language = (await ctx.request.atrium.language()) as Language;
  const instance = db
    .selectFrom('flow_instances as i')
    .innerJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'i.application_id').onRef('p.id', '=', 'i.process_id'),
    )
    .where('i.domain_id', '=', domainId)
    .select(['i.id as instance_id', 'i.application_id', 'i.process_id', 'i.title', 'i.status', 'i.version_id'])
    .select(['p.names', sql<Date>`i.started_at`.as('started_at')]);
  const open = await instance
    .innerJoin('flow_tasks as t', 't.instance_id', 'i.id')
    .leftJoin('flow_tokens as k', 'k.id', 't.token_id')
    .where('t.assignee_id', '=', userId)
    .where('t.status', '=', 'open')
    .select(['t.id as task_id', 't.node_id', 't.created_at', 'k.loop_index', 'k.inner_index'])
    .select(sql<number | null>`(t.output ->> 'index')::int`.as('approval_index'))
    // Newest first; tasks opened at one moment (two seats of one countersign) in the order an action
    // without a task named takes them, so the rows never swap between reads
    // (docs/adr/0255-runtime-actions-name-the-task.md).
    .orderBy(sql`t.created_at desc, ${TASK_TIES}`)
    .limit(LISTED)
    .execute();
  const started = await instance
    .where('i.initiator_id', '=', userId)
    .where('i.status', '!=', 'deleted')
    .select(['i.state_label'])
    .orderBy('i.started_at', 'desc')
    .limit(LISTED)
    .execute();
  const named = await packagesNodeNames(
    db,
    open.map((t) => t.application_id),
    language,
  );
  const versions = new Map<string, Awaited<ReturnType<typeof versionById>>>();
  const nodeName = async (t: (typeof open)[number]) => {
    if (!versions.has(t.version_id)) versions.set(t.version_id, await versionById(db, t.version_id));
    return nodeNamer(
      named.get(processKey(t.application_id, t.process_id)) ?? {},
      versions.get(t.version_id)!.definition,
    )(t.node_id);
  };
  const base = (r: (typeof started)[number] | (typeof open)[number]) => ({
    instanceId: r.instance_id,
    applicationId: r.application_id,
    flowId: r.process_id,
    flowName: inLanguage(r.names, language, r.process_id),
    title: r.title,
    status: r.status,
    startedAt: iso(r.started_at),
  });
  const todo = [];
  for (const t of open)
    todo.push({
      ...base(t),
      taskId: t.task_id,
      nodeName: await nodeName(t),
      ...instanceNumber(t),
      since: iso(t.created_at),
    });
  return { todo, started: started.map((r) => ({ ...base(r), waitsAt: r.state_label })) };
};

const instance: CallHandler<'runtime.instance'> = async (ctx) => {
  const { caller, instance } = await callerAndInstance(ctx.services.db, ctx.query);
  const { db } = caller;
  const language = (await ctx.request.atrium.language()) as Language;
  const row = await db
    .selectFrom('flow_instances as i')
    .innerJoin('app_processes as p', (join) =>
      join.onRef('p.application_id', '=', 'i.application_id').onRef('p.id', '=', 'i.process_id'),
    )
    .innerJoin('app_forms as f', (join) =>
      join.onRef('f.application_id', '=', 'p.application_id').onRef('f.id', '=', 'p.form_id'),
    )
    .leftJoin('users as u', 'u.id', 'i.initiator_id')
    .select(['i.title', 'i.status', 'i.process_id', 'p.names', 'f.fields', 'u.name as initiator'])
    .select(sql<Date>`i.started_at`.as('started_at'))
    .where('i.id', '=', instance.id)
    .executeTakeFirstOrThrow();
  const { definition } = await versionById(db, instance.version_id);
  const names = await packageNodeNames(db, instance.application_id, row.process_id, language);
  const nodeName = nodeNamer(names, definition);
  const { active, current } = await instanceNow(db, instance.id, nodeName);
  // The task the query names when it is an open one of the caller's, else the one an action without a
  // name would take (docs/adr/0255-runtime-actions-name-the-task.md): a read refuses nothing, so a task done
  // meanwhile shows the next.
  const choice = { instanceId: instance.id, userId: caller.userId };
  const { taskId } = ctx.query;
  const mine =
    (taskId !== undefined ? await findCallersTask(db, { ...choice, taskId }) : undefined) ??
    (await findCallersTask(db, choice));
  // The caller's task's own variables (its input mappings, docs/adr/0216-input-output-mappings.md) fill its form too.
  // So do those of the mapped sub-processes it is drawn in (docs/adr/0221-sub-process-variable-scopes.md); a
  // multi-instance approval's task keeps its inner instance's own (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md).
  const own = mine
    ? await db
        .selectFrom('flow_tasks as t')
        .leftJoin('flow_tokens as k', 'k.id', 't.token_id')
        .select(sql<Record<string, unknown> | null>`coalesce(t.locals, k.locals)`.as('locals'))
        .select(['k.loop_index', 'k.inner_index'])
        .where('t.id', '=', mine.id)
        .executeTakeFirst()
    : undefined;
  const scopes = mine && own ? await readScopes(db, definition, instance.id, mine.node_id, atOfRow(own)) : undefined;
  return {
    instance: {
      id: instance.id,
      flowName: inLanguage(row.names, language, row.process_id),
      title: row.title,
      status: row.status,
      initiator: row.initiator ?? '',
      startedAt: iso(row.started_at),
      formData: { ...scopedVariables(instance.form_data ?? {}, scopes), ...own?.locals },
    },
    fields: row.fields as FormField[],
    form: formSchemaOf(row.fields as FormField[], language),
    myTask: mine ? { taskId: mine.id, nodeId: mine.node_id, nodeName: nodeName(mine.node_id) } : null,
    current,
    history: await instanceHistory(db, instance.id, nodeName),
    diagram: { ...(await instanceDiagram(db, instance, active)), names },
  };
};

export const taskViewHandlers: Record<string, Handler> = {
  'runtime.processes': processes,
  'runtime.tasks': tasks,
  'runtime.instance': instance,
};
