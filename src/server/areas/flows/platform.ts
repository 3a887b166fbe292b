// Platform flows (spec/domain-console.md, "The calls it makes" (Platform flows); docs/adr/0049-platform-flows-approver-selection.md): one application seen across enterprises —
// its processes with their instance counts, the users who took part, its instances. The platform sees
// every enterprise; a tenant administrator only the enterprises it governs (rows are filtered, never
// refused one by one); department administrators and developers are refused (the calls' rule, and
// scope() below when security separation lets a department administrator through the rule).
import { sql, type Expression, type SqlBool } from 'kysely';
import { governedDomains } from '../../auth/reach.ts';
import { AppError } from '../../http/app-error.ts';
import { visibleApplication, inLanguage } from '../applications/application-sql.ts';
import { requireUser, type CallHandler, type HandlerContext } from '../handler.ts';
import { language, type Ctx } from './governed.ts';
import { instanceRows, listed } from './instance-rows.ts';

/** 1404 for an application out of the caller's reach; else the condition keeping the instances (`i`) of
 *  the application in enterprises the caller governs, deleted ones left out. */
async function scope(ctx: Ctx & Pick<HandlerContext<{ id: string }>, 'params'>): Promise<Expression<SqlBool>> {
  const user = requireUser(ctx);
  await visibleApplication(ctx.services.db, user, ctx.params.id);
  const domains = governedDomains(user.reach);
  // Governing no enterprise (a department administrator, whom the rule lets through when security
  // separation is on) is a refusal like monitoring's, not an empty answer.
  if (domains?.length === 0) throw new AppError('forbidden', undefined, 'flow.msg.governorsOnly');
  const governed =
    domains === null ? sql<SqlBool>`true` : sql<SqlBool>`i.domain_id = any(${sql.val([...domains])}::text[])`;
  return sql<SqlBool>`(i.application_id = ${ctx.params.id} and i.status <> 'deleted' and ${governed})`;
}

const page = (query: unknown) => {
  const { pageNum, pageSize } = query as { pageNum: number; pageSize: number };
  return { limit: pageSize, offset: (pageNum - 1) * pageSize };
};

const platformFlows: CallHandler<'flows.platformFlows'> = async (ctx) => {
  const instances = await scope(ctx);
  const name = inLanguage(sql.ref('p.names'), sql.ref('p.id'), await language(ctx));
  const { rows } = await sql<{ id: string; name: string; running: string; completed: string }>`
    select p.id, ${name} as name,
      count(i.id) filter (where i.status = 'running') as running,
      count(i.id) filter (where i.status = 'completed') as completed
    from app_processes p
    left join flow_instances i on i.process_id = p.id and ${instances}
    where p.application_id = ${ctx.params.id}
    group by p.id, p.names
    order by 2, 1`.execute(ctx.services.db);
  return rows.map((r) => ({ id: r.id, name: r.name, running: Number(r.running), completed: Number(r.completed) }));
};

/** Who took part: the initiators and everyone given a task (open, done or cancelled), each instance once. */
const participation = (applicationId: string, instances: Expression<SqlBool>) => sql`
  select i.initiator_id as user_id, i.id as instance_id from flow_instances i where ${instances}
  union
  select t.assignee_id, t.instance_id from flow_tasks t join flow_instances i on i.id = t.instance_id
  where t.application_id = ${applicationId} and ${instances}`;

const platformUsers: CallHandler<'flows.platformUsers'> = async (ctx) => {
  const part = participation(ctx.params.id, await scope(ctx));
  const { limit, offset } = page(ctx.query);
  const [datas, total] = await Promise.all([
    sql<{ id: string; name: string; loginno: string; domainName: string; instances: string }>`
      select u.id, u.name, u.loginno, d.name as "domainName", count(*) as instances
      from (${part}) part join users u on u.id = part.user_id join domains d on d.id = u.domain_id
      group by u.id, u.name, u.loginno, d.name
      order by count(*) desc, u.name, u.id
      limit ${limit} offset ${offset}`.execute(ctx.services.db),
    sql<{ n: string }>`select count(distinct user_id) as n from (${part}) part`.execute(ctx.services.db),
  ]);
  return {
    datas: datas.rows.map((r) => ({ ...r, instances: Number(r.instances) })),
    rowCount: Number(total.rows[0].n),
  };
};

const platformInstances: CallHandler<'flows.platformInstances'> = async (ctx) => {
  const instances = await scope(ctx);
  const { limit, offset } = page(ctx.query);
  const { db } = ctx.services;
  const lang = await language(ctx);
  const [rows, total] = await Promise.all([
    instanceRows(db, lang)
      .innerJoin('domains as d', 'd.id', 'i.domain_id')
      .select('d.name as domainName')
      .where(instances)
      .orderBy('i.started_at', 'desc')
      .orderBy('i.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('flow_instances as i')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(instances)
      .executeTakeFirstOrThrow(),
  ]);
  return { datas: await listed(ctx, rows, lang), rowCount: Number(total.n) };
};

export const platformHandlers = {
  'flows.platformFlows': platformFlows,
  'flows.platformUsers': platformUsers,
  'flows.platformInstances': platformInstances,
};
