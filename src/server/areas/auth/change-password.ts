// The signed-in user changes its own password: the old one must match, the new one follows the policy
// in force and differs from the old; this lifts a forced change (first login, expired password) and
// signs out every other session of the user (this one goes on).
import { verifyPassword, hashPassword } from '../../auth/password-hash.ts';
import { checkNewPassword } from '../../auth/check-new-password.ts';
import { selectCurrentUser, toCurrentUser } from '../../auth/current-user.ts';
import { endOtherSessions } from '../../auth/sessions.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { profileOf } from './profile.ts';

export const changePassword: CallHandler<'auth.changePassword'> = async (ctx) => {
  const { db } = ctx.services;
  const user = requireUser(ctx);
  const { oldpassword, password } = ctx.body;
  const stored = await db
    .selectFrom('superusers')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldpassword, stored.password_hash)))
    throw new ValidationFailure([], [{ field: '/oldpassword', message: 'password.msg.oldWrong' }]);
  if (oldpassword === password)
    throw new ValidationFailure([], [{ field: '/password', message: 'password.msg.notNew' }]);
  await checkNewPassword(db, password, await ctx.request.atrium.translator());
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('superusers')
      .set({
        password_hash: passwordHash,
        password_changed_at: new Date(),
        must_change_password: false,
        failed_logins: 0,
        locked_until: null,
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
    await endOtherSessions(trx, user.id, ctx.session?.id);
  });
  ctx.request.atrium.forgetSession();
  const row = await selectCurrentUser(db).where('u.id', '=', user.id).executeTakeFirstOrThrow();
  return profileOf(ctx.services, ctx.request, toCurrentUser(row));
};
