// API documentation with sign-in (docs/adr/0063-api-docs-sign-in-web-services.md): the users an administrator may sign in to the
// documentation as (an enterprise's on-job users, of one role), and the bounded sign-in itself: an
// access token of the user's enterprise bound to that user (api_tokens, migration 0030), which only the
// runtime calls accept, for that user's userCode only; it ends at its time or at once on sign-out.
import { AppError } from '../../http/app-error.ts';
import { listUsers } from '../users/queries.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { endSignIns, liveSignIn, signInAs } from './signins.ts';
import { tenantExists } from '../domains/known-tenants.ts';

const users: CallHandler<'apiDocs.users'> = async (ctx) => {
  const { db } = ctx.services;
  const { domainid, roleid, currpage = 1, pagelines = 10, departmentid, ...search } = ctx.query;
  if (!(await tenantExists(db, domainid))) throw new AppError('notFound', undefined, 'apiDocs.msg.noDomain');
  if (roleid && !(await db.selectFrom('app_roles').select('id').where('id', '=', roleid).executeTakeFirst()))
    throw new AppError('notFound', undefined, 'apiDocs.msg.noRole');
  const page = await listUsers(
    ctx.services,
    domainid,
    null,
    { ...search, departmentId: departmentid || undefined, roleId: roleid || undefined, status: 1 },
    { currpage, lines: pagelines },
  );
  return {
    rowCount: page.rowCount,
    datas: page.datas.map((u) => ({
      id: u.id,
      name: u.name,
      loginno: u.loginno,
      departmentName: u.departmentName,
      status: u.status,
    })),
  };
};

const signIn: CallHandler<'apiDocs.signIn'> = async (ctx) => {
  const caller = requireUser(ctx);
  const { db } = ctx.services;
  const user = await db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select(['u.id', 'u.name', 'u.loginno', 'u.status', 'u.domain_id', 'd.name as domain_name'])
    .where('u.id', '=', ctx.query.userid)
    .executeTakeFirst();
  if (!user) throw new AppError('notFound', undefined, 'apiDocs.msg.noUser');
  if (user.status !== 1) throw new AppError('conflict', undefined, 'apiDocs.msg.resigned');
  const reason = ctx.body.reason.trim();
  const minutes = ctx.body.minutes ?? 30;
  const { accessToken, expiresAt } = await signInAs(db, {
    userId: user.id,
    domainId: user.domain_id,
    by: caller.id,
    sessionId: ctx.session!.id,
    reason,
    minutes,
  });
  ctx.reply.header('cache-control', 'no-store');
  return {
    active: true as const,
    accessToken,
    userId: user.id,
    userCode: user.loginno,
    userName: user.name,
    domainId: user.domain_id,
    domainName: user.domain_name,
    impersonator: `${caller.name} (${caller.loginno})`,
    reason,
    expiresAt,
  };
};

const signOut: CallHandler<'apiDocs.signOut'> = async (ctx) => {
  const ended = await endSignIns(ctx.services.db, requireUser(ctx).id);
  const t = await ctx.request.atrium.translator();
  return { ended, message: t(ended > 0 ? 'apiDocs.msg.signedOut' : 'apiDocs.msg.notSignedIn') };
};

const current: CallHandler<'apiDocs.current'> = async (ctx) => {
  const caller = requireUser(ctx);
  const live = await liveSignIn(ctx.services.db, caller.id);
  if (!live) return { active: false };
  return { active: true, ...live, impersonator: `${caller.name} (${caller.loginno})` };
};

export const apiDocsHandlers: Record<string, Handler> = {
  'apiDocs.users': users,
  'apiDocs.signIn': signIn,
  'apiDocs.signOut': signOut,
  'apiDocs.current': current,
};
