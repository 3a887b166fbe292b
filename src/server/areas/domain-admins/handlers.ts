// Domain administrators (spec/domain-console.md, "The calls it makes" (Domain admins), docs/adr/0034-tenant-organisation.md): users of the tenant with the
// domain_admin flag. The lists follow the user reach; only those who govern the tenant (the platform
// and its administrators) set or clear the flag.
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { existingTenant, listUsers } from '../users/queries.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';

const page: (admins: boolean) => CallHandler<'domainAdmins.list'> = (admins) => async (ctx) => {
  const { db } = ctx.services;
  const { currpage = 1, pagelines = 10 } = ctx.query;
  // Admission checked the declared tenant; the list's own statement answers 1404 for a missing one.
  const reachable = await reachableDepartments(db, requireUser(ctx).reach, ctx.params.id);
  const filter = {
    name: ctx.body.name,
    loginno: ctx.body.loginno,
    domainAdmin: admins,
    ...(admins ? {} : { status: 1 }),
  };
  return listUsers(ctx.services, ctx.params.id, reachable, filter, { currpage, lines: pagelines });
};

/** Sets the flag on the listed users of the tenant, all or nothing: an unknown id answers 1404. */
async function setFlag(
  db: Db,
  domainId: string,
  requested: readonly string[],
  admin: boolean,
): Promise<{ updated: number }> {
  // Its reach and governing it (`governs`): admission, on the declared tenant.
  await existingTenant(db, domainId);
  const ids = [...new Set(requested)];
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('users')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .where('domain_id', '=', domainId)
      .forUpdate()
      .execute();
    if (found.length !== ids.length) throw new AppError('notFound');
    if (admin && found.some((u) => u.status === 0))
      throw new ValidationFailure([], [{ field: '', message: 'msg.resignedNotAdmin' }]);
    const result = await trx
      .updateTable('users')
      .set({ domain_admin: admin, updated_at: new Date() })
      .where('id', 'in', ids)
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  });
}

const add: CallHandler<'domainAdmins.add'> = (ctx) => setFlag(ctx.services.db, ctx.params.id, ctx.body, true);
const remove: CallHandler<'domainAdmins.remove'> = (ctx) => setFlag(ctx.services.db, ctx.params.id, ctx.body, false);

export const domainAdminHandlers: Record<string, Handler> = {
  'domainAdmins.list': page(true),
  'domainAdmins.candidates': page(false),
  'domainAdmins.add': add,
  'domainAdmins.remove': remove,
};
