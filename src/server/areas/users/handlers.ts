// Users area (spec/domain-console.md, "The calls it makes" (Users), docs/adr/0034-tenant-organisation.md): the tenant's users within the caller's reach.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { inLanguage } from '../applications/application-sql.ts';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import { checkNewPassword } from '../../auth/check-new-password.ts';
import { seesDomain } from '../../auth/reach.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import type { User } from '../../../core/generated/api-types.ts';
import { declaredTenantReach, findUser, listUsers, tenantReach } from './queries.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import { batchUsers, deleteUsers, resignUsers } from './row-changes.ts';
import { createUser, updateUser } from './save-user.ts';

const list: CallHandler<'users.list'> = async (ctx) => {
  const { db } = ctx.services;
  const { departmentid, orderby, currpage = 1, lines, pagelines = 10, exactTotal = false } = ctx.query;
  // Admission checked the declared tenant and department (`target`); the list's own statement answers
  // 1404 for a tenant that does not exist.
  const reachable = await reachableDepartments(db, requireUser(ctx).reach, ctx.params.id);
  const { keyword, name, loginno, superiorname, status, roleid, fieldExtends, ...rest } = ctx.body;
  const filter = {
    departmentId: departmentid,
    keyword,
    name,
    loginno,
    superiorname,
    roleId: roleid,
    status: status ? Number(status) : undefined,
    extension: { ...rest, ...fieldExtends },
  };
  // A search's large total may be estimated, said so in the reply (docs/adr/0214-name-search-at-a-million.md).
  const totals = { policy: ctx.services.totalPolicy, exact: exactTotal };
  return listUsers(
    ctx.services,
    ctx.params.id,
    reachable,
    filter,
    { currpage, lines: lines ?? pagelines, orderby },
    totals,
  );
};

const get: CallHandler<'users.get'> = async (ctx) => {
  const { db } = ctx.services;
  const reachable = await declaredTenantReach(db, requireUser(ctx).reach, ctx.params.id);
  const found = await findUser(db, ctx.params.id, reachable, {
    id: ctx.params.userid,
  });
  if (!found) throw new AppError('notFound');
  return found;
};

const findByLoginNo: CallHandler<'users.findByLoginNo'> = async (ctx) => {
  const { db } = ctx.services;
  const reachable = await declaredTenantReach(db, requireUser(ctx).reach, ctx.params.id);
  const found = await findUser(db, ctx.params.id, reachable, {
    loginno: ctx.query.loginNo.trim(),
  });
  if (!found) throw new AppError('notFound');
  return found;
};

const relation: CallHandler<'users.relation'> = async (ctx) => {
  const { db } = ctx.services;
  const reach = requireUser(ctx).reach;
  const owner = await db.selectFrom('users').select('domain_id').where('id', '=', ctx.params.id).executeTakeFirst();
  // Kept: the tenant comes from the user's row, which admission cannot know (the call declares no target).
  const found =
    owner && seesDomain(reach, owner.domain_id)
      ? await findUser(db, owner.domain_id, await tenantReach(db, reach, owner.domain_id), { id: ctx.params.id })
      : undefined;
  if (!found) throw new AppError('notFound');
  const language = (await ctx.request.atrium.language()) as Language;
  const appName = inLanguage(sql.ref('a.names'), sql.ref('a.name'), language).as('applicationName');
  const roles = await db
    .selectFrom('role_users as h')
    .innerJoin('app_roles as r', 'r.id', 'h.role_id')
    .innerJoin('applications as a', 'a.id', 'r.application_id')
    .select(['r.id', 'r.application_id as applicationId', appName])
    .select(inLanguage(sql.ref('r.names'), sql.ref('r.name'), language).as('name'))
    .where('h.user_id', '=', ctx.params.id)
    .orderBy(sql`lower(a.name)`)
    .orderBy(sql`lower(r.name)`)
    .execute();
  const kmRoles = await db
    .selectFrom('km_managers as k')
    .innerJoin('applications as a', 'a.id', 'k.application_id')
    .select(['k.application_id as applicationId', 'k.kind', appName])
    .where('k.user_id', '=', ctx.params.id)
    .orderBy(sql`lower(a.name)`)
    .orderBy('k.kind')
    .execute();
  return {
    departments: found.departmentid ? [{ id: found.departmentid, name: found.departmentName }] : [],
    roles,
    kmRoles,
  };
};

/** The password policy in force applies to a password typed in the form (not to the unchanged marker). */
async function checkFormPassword(ctx: Pick<HandlerContext<User>, 'body' | 'services' | 'request'>): Promise<void> {
  if (ctx.body.password !== UNCHANGED_SECRET)
    await checkNewPassword(ctx.services.db, ctx.body.password, await ctx.request.atrium.translator());
}

const create: CallHandler<'users.create'> = async (ctx) => {
  const user = requireUser(ctx);
  await checkFormPassword(ctx);
  const id = await createUser(ctx.services.db, user, ctx.params.id, ctx.body);
  return (await findUser(ctx.services.db, ctx.params.id, null, { id }))!;
};

const update: CallHandler<'users.update'> = async (ctx) => {
  const user = requireUser(ctx);
  await checkFormPassword(ctx);
  const id = await updateUser(ctx.services.db, user, ctx.params.id, ctx.body);
  return (await findUser(ctx.services.db, ctx.params.id, null, { id }))!;
};

const remove: CallHandler<'users.delete'> = async (ctx) => ({
  deleted: await deleteUsers(ctx.services.db, requireUser(ctx), ctx.params.id, ctx.body),
});

const batch: CallHandler<'users.batch'> = async (ctx) =>
  batchUsers(ctx.services.db, requireUser(ctx), ctx.body, await ctx.request.atrium.translator());

const resign: CallHandler<'users.resign'> = async (ctx) =>
  resignUsers(ctx.services.db, requireUser(ctx), ctx.body.userIds, await ctx.request.atrium.translator());

export const userHandlers: Record<string, Handler> = {
  'users.list': list,
  'users.get': get,
  'users.findByLoginNo': findByLoginNo,
  'users.relation': relation,
  'users.create': create,
  'users.update': update,
  'users.delete': remove,
  'users.batch': batch,
  'users.resign': resign,
};
