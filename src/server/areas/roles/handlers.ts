// Application roles (docs/adr/0038-applications-from-packages.md): the list with holders within reach; adding, renaming and deleting
// the roles an administrator added (the platform's); giving and taking a role to an enterprise's users
// within the caller's reach (departments' on-job users and single users, all or nothing).
import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import { containsText } from '../../db/contains-text.ts';
import { uniqueOr } from '../../db/constraint-errors.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { holdersInReach, inLanguage, visibleApplication } from '../applications/application-sql.ts';
import type { Language } from '../../../core/catalogue/types.ts';
import { inDepartments, tenantReach } from '../users/queries.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';

const nameTaken = () => new ValidationFailure([], [{ field: '/name', message: 'role.msg.nameTaken' }]);

const list: CallHandler<'roles.list'> = async (ctx) => {
  const user = requireUser(ctx);
  const { db } = ctx.services;
  await visibleApplication(db, user, ctx.params.id);
  const { currpage = 1, pagelines = 10, domainid } = ctx.query;
  let query = db.selectFrom('app_roles as r').where('r.application_id', '=', ctx.params.id);
  if (ctx.body.name?.trim()) query = query.where(containsText(sql.ref('r.name'), ctx.body.name.trim()));
  const { rowCount } = await query.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const reach = await holdersInReach(db, user);
  const inReach = domainid ? sql<SqlBool>`(${reach} and u.domain_id = ${domainid})` : reach;
  // A package's role is named in the caller's language; an administrator's role has the one name it was given.
  const language = await ctx.request.atrium.language();
  const rows = await query
    .select(['r.id', 'r.package_role'])
    .select(inLanguage(sql.ref('r.names'), sql.ref('r.name'), language as Language).as('name'))
    .select(
      sql<number>`(select count(*)::int from role_users h join users u on u.id = h.user_id where h.role_id = r.id and ${inReach})`.as(
        'holders',
      ),
    )
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .limit(pagelines)
    .offset((currpage - 1) * pagelines)
    .execute();
  return {
    datas: rows.map((r) => ({ id: r.id, name: r.name, packageRole: r.package_role, holders: r.holders })),
    rowCount,
  };
};

async function applicationExists(db: Db, id: string): Promise<void> {
  if (!(await db.selectFrom('applications').select('id').where('id', '=', id).executeTakeFirst()))
    throw new AppError('notFound');
}

async function nameFree(db: Db, applicationId: string, name: string, exceptId?: string): Promise<void> {
  let query = db
    .selectFrom('app_roles')
    .select('id')
    .where('application_id', '=', applicationId)
    .where(sql<SqlBool>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

const create: CallHandler<'roles.create'> = async (ctx) => {
  const { db } = ctx.services;
  const name = ctx.body.name.trim();
  await applicationExists(db, ctx.params.id);
  return db.transaction().execute(async (trx) => {
    await nameFree(trx, ctx.params.id, name);
    const id = randomUUID();
    await uniqueOr(
      () =>
        trx
          .insertInto('app_roles')
          .values({ id, application_id: ctx.params.id, name, names: null, package_role: null })
          .execute(),
      nameTaken,
    );
    return { id };
  });
};

/** The listed roles of the application, locked; 1404 for any other id, refused for a package's role. */
async function ownRoles(trx: Db, applicationId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const found = await trx
    .selectFrom('app_roles')
    .select(['id', 'name', 'package_role'])
    .where('application_id', '=', applicationId)
    .where('id', 'in', unique)
    .forUpdate()
    .execute();
  if (found.length !== unique.length) throw new AppError('notFound');
  const fixed = found.filter((r) => r.package_role !== null);
  if (fixed.length)
    throw new ValidationFailure(
      [],
      fixed.map((r) => ({ field: '', message: 'role.msg.packageRoleFixed', params: { name: r.name } })),
    );
  return unique;
}

const update: CallHandler<'roles.update'> = async (ctx) => {
  const { db } = ctx.services;
  const id = ctx.body.id;
  if (!id) throw new AppError('notFound');
  const name = ctx.body.name.trim();
  return db.transaction().execute(async (trx) => {
    await ownRoles(trx, ctx.params.id, [id]);
    await nameFree(trx, ctx.params.id, name, id);
    await uniqueOr(() => trx.updateTable('app_roles').set({ name }).where('id', '=', id).execute(), nameTaken);
    return { id };
  });
};

const remove: CallHandler<'roles.delete'> = async (ctx) =>
  ctx.services.db.transaction().execute(async (trx) => {
    const ids = await ownRoles(trx, ctx.params.id, ctx.body);
    const result = await trx.deleteFrom('app_roles').where('id', 'in', ids).executeTakeFirst();
    return { deleted: Number(result.numDeletedRows) };
  });

/**
 * The users an assignment names: the on-job users of its departments and its single users, all of the
 * one enterprise, bound to the role's application, and inside the caller's reach (1404 otherwise).
 */
async function targets(
  db: Db,
  user: CurrentUser,
  roleId: string,
  body: { domainid: string; deptIds?: string[]; userIds?: string[] },
): Promise<string[]> {
  const deptIds = [...new Set(body.deptIds ?? [])];
  const userIds = [...new Set(body.userIds ?? [])];
  if (deptIds.length === 0 && userIds.length === 0)
    throw new ValidationFailure([], [{ field: '', message: 'role.msg.selectDeptAndUser' }]);
  const reachable = await tenantReach(db, user.reach, body.domainid);
  const role = await db
    .selectFrom('app_roles as r')
    .innerJoin('domain_applications as b', 'b.application_id', 'r.application_id')
    .select('r.id')
    .where('r.id', '=', roleId)
    .where('b.domain_id', '=', body.domainid)
    .executeTakeFirst();
  if (!role) throw new AppError('notFound');
  if (deptIds.length) {
    const found = await db
      .selectFrom('departments')
      .select('id')
      .where('domain_id', '=', body.domainid)
      .where('id', 'in', deptIds)
      .execute();
    if (found.length !== deptIds.length || (reachable !== null && !deptIds.every((d) => reachable.includes(d))))
      throw new AppError('notFound');
  }
  const users = db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.domain_id', '=', body.domainid)
    .where(inDepartments(reachable));
  if (userIds.length) {
    const found = await users.where('u.id', 'in', userIds).execute();
    if (found.length !== userIds.length) throw new AppError('notFound');
  }
  const members = deptIds.length
    ? (await users.where('u.department_id', 'in', deptIds).where('u.status', '=', 1).execute()).map((u) => u.id)
    : [];
  return [...new Set([...userIds, ...members])];
}

const assign: CallHandler<'roles.assign'> = async (ctx) => {
  const { db } = ctx.services;
  const ids = await targets(db, requireUser(ctx), ctx.params.id, ctx.body);
  if (ids.length === 0) return { assigned: 0 };
  const result = await db
    .insertInto('role_users')
    .values(ids.map((user_id) => ({ role_id: ctx.params.id, user_id })))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return { assigned: Number(result.numInsertedOrUpdatedRows ?? 0) };
};

const unassign: CallHandler<'roles.unassign'> = async (ctx) => {
  const { db } = ctx.services;
  const ids = await targets(db, requireUser(ctx), ctx.params.id, ctx.body);
  if (ids.length === 0) return { unassigned: 0 };
  const result = await db
    .deleteFrom('role_users')
    .where('role_id', '=', ctx.params.id)
    .where('user_id', 'in', ids)
    .executeTakeFirst();
  return { unassigned: Number(result.numDeletedRows) };
};

export const roleHandlers: Record<string, Handler> = {
  'roles.list': list,
  'roles.create': create,
  'roles.update': update,
  'roles.delete': remove,
  'roles.assign': assign,
  'roles.unassign': unassign,
};
