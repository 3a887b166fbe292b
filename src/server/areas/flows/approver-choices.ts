// Approver selection (spec/domain-console.md, "The calls it makes" (Workflow administration), "Entities and their fields" (User-selection query); docs/adr/0049-platform-flows-approver-selection.md): the
// on-job users of an instance's enterprise a governor may give one of its approval nodes to, found by
// department (with the departments below it), by a role of the instance's application, or by a text.
import { sql, type Expression, type SqlBool } from 'kysely';
import { containsIndexedTextInAny } from '../../db/contains-text.ts';
import { AppError } from '../../http/app-error.ts';
import { versionById } from '../../workflow/process-versions.ts';
import { descendantsOf } from '../organisation/department-reach.ts';
import type { CallHandler } from '../handler.ts';
import { governedInstance } from './governed.ts';

type Instance = Awaited<ReturnType<typeof governedInstance>>;
type Query = Parameters<CallHandler<'flows.selectApprovers'>>[0]['query'];

/** The condition over users `u` the query's type and selectId ask for; a department or role that is not
 *  the instance's enterprise's (or application's) is refused rather than answered empty. */
async function chosenBy(
  ctx: Parameters<CallHandler<'flows.selectApprovers'>>[0],
  instance: Instance,
): Promise<Expression<SqlBool>> {
  const { db } = ctx.services;
  const { type, selectId = '' } = ctx.query as Query;
  if (type === 1) {
    const departments = await descendantsOf(db, instance.domain_id, [selectId], true);
    if (departments.length === 0) throw new AppError('validation', undefined, 'flow.msg.noDepartment', '/selectId');
    return sql<SqlBool>`u.department_id = any(${sql.val(departments)}::text[])`;
  }
  if (type === 2) {
    const role = await db
      .selectFrom('app_roles')
      .select('id')
      .where('id', '=', selectId)
      .where('application_id', '=', instance.application_id)
      .executeTakeFirst();
    if (!role) throw new AppError('validation', undefined, 'flow.msg.noRole', '/selectId');
    return sql<SqlBool>`u.id in (select user_id from role_users where role_id = ${role.id})`;
  }
  const text = selectId.trim();
  return text ? containsIndexedTextInAny([sql.ref('u.name'), sql.ref('u.loginno')], text) : sql<SqlBool>`true`;
}

export const selectApprovers: CallHandler<'flows.selectApprovers'> = async (ctx) => {
  const instance = await governedInstance(ctx, ctx.params.docId);
  const { applicationId, nodeId, pageNum, pageSize } = ctx.query as Query & { pageNum: number; pageSize: number };
  // The path and query name the instance's own process and application, else it is not this instance.
  if (instance.process_id !== ctx.params.flowId || instance.application_id !== applicationId)
    throw new AppError('notFound', undefined, 'workflow.msg.noInstance');
  const { db } = ctx.services;
  const { definition } = await versionById(db, instance.version_id);
  if (definition.nodes[nodeId]?.kind !== 'manual')
    throw new AppError('validation', { node: nodeId }, 'flow.msg.notApproval', '/nodeId');
  const users = db
    .selectFrom('users as u')
    .where('u.domain_id', '=', instance.domain_id)
    .where('u.status', '=', 1)
    .where(await chosenBy(ctx, instance));
  const [datas, total] = await Promise.all([
    users
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.id', 'u.name', 'u.loginno', sql<string>`coalesce(d.name, '')`.as('departmentName')])
      .orderBy('u.order_no')
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    users.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { datas, rowCount: Number(total.n) };
};
