// Superusers area: the privileged-user list, one privileged user, create, update and delete.
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import type { Superuser } from '../../../core/generated/api-types.ts';
import { deleteSuperusers } from './delete-superusers.ts';
import { findSuperuser, listSuperusers } from './queries.ts';
import { createSuperuser, unlockSuperuser, updateSuperuser } from './save-superuser.ts';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import { checkNewPassword } from '../../auth/check-new-password.ts';

const list: CallHandler<'superusers.list'> = async (ctx) => {
  const { name, loginno, currpage = 1, pagelines = 10 } = ctx.query;
  return listSuperusers(ctx.services.db, requireUser(ctx), { name, loginno }, { currpage, pagelines });
};

const get: CallHandler<'superusers.get'> = async (ctx) => {
  const found = await findSuperuser(ctx.services.db, requireUser(ctx), ctx.params.id);
  if (!found) throw new AppError('notFound');
  return found;
};

/** The password policy in force applies to a password typed in the form (not to the unchanged marker). */
async function checkFormPassword(ctx: Pick<HandlerContext<Superuser>, 'body' | 'services' | 'request'>): Promise<void> {
  if (ctx.body.password !== UNCHANGED_SECRET)
    await checkNewPassword(ctx.services.db, ctx.body.password, await ctx.request.atrium.translator());
}

const create: CallHandler<'superusers.create'> = async (ctx) => {
  const user = requireUser(ctx);
  await checkFormPassword(ctx);
  const id = await createSuperuser(ctx.services.db, user, ctx.body);
  return (await findSuperuser(ctx.services.db, user, id))!;
};

const update: CallHandler<'superusers.update'> = async (ctx) => {
  const user = requireUser(ctx);
  await checkFormPassword(ctx);
  if (!(await updateSuperuser(ctx.services.db, user, ctx.params.id, ctx.body, ctx.session?.id)))
    throw new AppError('notFound');
  // Grants keep every saved user within the caller's reach (grants.ts), so it reads back.
  return (await findSuperuser(ctx.services.db, user, ctx.params.id))!;
};

const unlock: CallHandler<'superusers.unlock'> = async (ctx) => {
  const user = requireUser(ctx);
  if (!(await unlockSuperuser(ctx.services.db, user, ctx.params.id))) throw new AppError('notFound');
  return (await findSuperuser(ctx.services.db, user, ctx.params.id))!;
};

const remove: CallHandler<'superusers.delete'> = async (ctx) => ({
  deleted: await deleteSuperusers(ctx.services.db, requireUser(ctx), ctx.body),
});

export const superuserHandlers: Record<string, Handler> = {
  'superusers.list': list,
  'superusers.get': get,
  'superusers.create': create,
  'superusers.update': update,
  'superusers.unlock': unlock,
  'superusers.delete': remove,
};
